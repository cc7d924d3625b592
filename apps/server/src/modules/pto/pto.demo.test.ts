import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../../test/helpers.ts';
import { holidays } from '../holidays/holidays.table.ts';
import { seedPtoDemo, usCompanyHolidays } from './pto.demo.ts';
import { ptoSettings } from './pto.table.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('seedPtoDemo', () => {
  it('knows the floating US holidays', () => {
    expect(usCompanyHolidays(2026).map((holiday) => holiday.date)).toEqual([
      '2026-01-01',
      '2026-05-25',
      '2026-07-04',
      '2026-09-07',
      '2026-11-26',
      '2026-12-25',
    ]);
    expect(usCompanyHolidays(2025).map((holiday) => holiday.date)).toEqual([
      '2025-01-01',
      '2025-05-26',
      '2025-07-04',
      '2025-09-01',
      '2025-11-27',
      '2025-12-25',
    ]);
  });

  it('adds two years of company holidays and two policies per employee, once', async () => {
    const employee = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    await seedPtoDemo(ctx.db, [employee.email.toUpperCase()], new Date('2026-03-01T00:00:00Z'));
    await seedPtoDemo(ctx.db, [employee.email], new Date('2026-03-01T00:00:00Z'));
    expect(await ctx.db.select().from(holidays).where(isNull(holidays.userId))).toHaveLength(12);
    const settings = await ctx.db.select().from(ptoSettings).where(eq(ptoSettings.userId, employee.id));
    expect(settings.map((setting) => [setting.type, setting.name])).toEqual([
      ['Hourly', 'Standard accrual'],
      ['Flat Rate', 'Vacation'],
    ]);
    expect(await ctx.db.select().from(ptoSettings).where(eq(ptoSettings.userId, other.id))).toEqual([]);
  });
});
