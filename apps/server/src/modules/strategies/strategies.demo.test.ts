import { backupScheduleSchema } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../../test/helpers.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { devices, serverDrives } from '../devices/devices.table.ts';
import { seedStrategiesDemo } from './strategies.demo.ts';
import { backupStrategies, refreshStrategies, refreshStrategyRecipients, serverSoftware } from './strategies.table.ts';

describe('demo strategies (issue 19 part 10)', () => {
  let ctx: TestContext;
  let companyId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Demo Co' }).returning({ id: companies.id });
    await createUser(ctx.db, { type: 'Client', companyId, email: 'first@demo.test' });
    const [{ id: siteId }] = await ctx.db.insert(sites).values({ companyId, name: 'HQ' }).returning({ id: sites.id });
    const [server] = await ctx.db
      .insert(devices)
      .values([
        { companyId, siteId, type: 'servers', name: 'DC01' },
        { companyId, siteId, type: 'nas', name: 'NAS01' },
      ])
      .returning({ id: devices.id });
    await ctx.db.insert(serverDrives).values([
      { deviceId: server!.id, letter: 'C', size: 240 },
      { deviceId: server!.id, letter: 'D', size: 2000 },
    ]);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('adds a mailed refresh strategy, server software and valid backup strategies, once', async () => {
    await ctx.db.transaction((tx) => seedStrategiesDemo(tx, ['Demo Co', 'Missing Co']));
    await ctx.db.transaction((tx) => seedStrategiesDemo(tx, ['Demo Co']));
    expect(await ctx.db.$count(refreshStrategies, eq(refreshStrategies.companyId, companyId))).toBe(1);
    const recipients = await ctx.db.select().from(refreshStrategyRecipients);
    expect(recipients.map((recipient) => recipient.email)).toEqual(['first@demo.test']);
    expect(await ctx.db.$count(serverSoftware)).toBe(3);
    const backups = await ctx.db.select().from(backupStrategies).where(eq(backupStrategies.companyId, companyId));
    expect(backups.map((backup) => backup.backupType)).toEqual([2, 1, 4]);
    for (const backup of backups)
      if (backup.schedule !== null) expect(backupScheduleSchema.safeParse(backup.schedule).success).toBe(true);
    expect(backups[0]!.source).toHaveLength(2);
  });
});
