import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../../test/helpers.ts';
import { seedHrCalendarDemo } from '../hr/hr-calendar.demo.ts';
import { employees } from '../users/employees.table.ts';
import { calendarEvents } from './calendar.table.ts';
import { seedCalendarDemo } from './calendar.demo.ts';

// The calendars' demo seeds: events for staff who have none (a second run adds nothing); birthdays only where missing.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('calendar demo seeds', () => {
  it('gives staff three events this week once, and a birthday only to those without one', async () => {
    const ann = await createUser(ctx.db);
    const ben = await createUser(ctx.db);
    await createUser(ctx.db, { type: 'Client' });
    await ctx.db.update(employees).set({ birthday: '1980-05-05' }).where(eq(employees.userId, ben.id));
    await ctx.db.transaction(async (tx) => {
      await seedCalendarDemo(tx);
      await seedHrCalendarDemo(tx);
    });
    const events = async () => (await ctx.db.select({ n: count() }).from(calendarEvents))[0]!.n;
    expect(await events()).toBe(6);
    await ctx.db.transaction((tx) => seedCalendarDemo(tx));
    expect(await events()).toBe(6);
    const birthdays = await ctx.db.select({ id: employees.userId, birthday: employees.birthday }).from(employees);
    expect(birthdays.find((row) => row.id === ben.id)!.birthday).toBe('1980-05-05');
    expect(birthdays.find((row) => row.id === ann.id)!.birthday).toMatch(/^19\d\d-\d\d-\d\d$/);
  });
});
