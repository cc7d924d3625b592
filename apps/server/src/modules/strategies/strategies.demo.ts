import { emptySchedule } from '@switchboard/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { clientAccounts } from '../companies/client-accounts.table.ts';
import { companies } from '../companies/companies.table.ts';
import { devices, serverDrives } from '../devices/devices.table.ts';
import { users } from '../users/users.table.ts';
import { backupStrategies, refreshStrategies, refreshStrategyRecipients, serverSoftware } from './strategies.table.ts';

// Demo strategies (issue 19 part 10; decision 0050): per demo company a refresh strategy mailed to its first account,
// software on its first server, and two or three backup strategies. A company that has any is left as it is.

const software = ['Microsoft SQL Server 2019', 'QuickBooks Enterprise 24', 'Microsoft Exchange 2019'];

export async function seedStrategiesDemo(tx: Transaction, companyNames: string[]): Promise<void> {
  const rows = companyNames.length
    ? await tx.select({ id: companies.id }).from(companies).where(inArray(companies.name, companyNames))
    : [];
  const year = new Date().getUTCFullYear();
  for (const { id: companyId } of rows) {
    if ((await tx.$count(refreshStrategies, eq(refreshStrategies.companyId, companyId))) === 0) {
      const [strategy] = await tx
        .insert(refreshStrategies)
        .values({
          companyId,
          date: `${year}-01-15`,
          serverPriority:
            '<p>Replace the oldest server before its warranty ends; plan the migration over a weekend.</p>',
          workstationPriority: '<p>Replace red workstations first, front desk and accounting before the rest.</p>',
          overview: '<p>Spread replacements evenly over the next five years to keep the yearly budget flat.</p>',
        })
        .returning({ id: refreshStrategies.id });
      const [account] = await tx
        .select({ id: users.id, name: users.name, email: users.email })
        .from(clientAccounts)
        .innerJoin(users, eq(users.id, clientAccounts.userId))
        .where(eq(clientAccounts.companyId, companyId))
        .orderBy(asc(users.id))
        .limit(1);
      if (account)
        await tx
          .insert(refreshStrategyRecipients)
          .values({ strategyId: strategy!.id, userId: account.id, name: account.name, email: account.email });
    }

    if ((await tx.$count(backupStrategies, eq(backupStrategies.companyId, companyId))) > 0) continue;
    const servers = await tx
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.companyId, companyId), eq(devices.type, 'servers')))
      .orderBy(asc(devices.id))
      .limit(1);
    const [nas] = await tx
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.companyId, companyId), eq(devices.type, 'nas')))
      .orderBy(asc(devices.id))
      .limit(1);
    const server = servers[0];
    if (!server) continue;
    const drives = await tx
      .select({ id: serverDrives.id })
      .from(serverDrives)
      .where(eq(serverDrives.deviceId, server.id))
      .orderBy(asc(serverDrives.letter));
    let installed = await tx
      .select({ id: serverSoftware.id })
      .from(serverSoftware)
      .where(eq(serverSoftware.deviceId, server.id));
    if (installed.length === 0)
      installed = await tx
        .insert(serverSoftware)
        .values(software.map((name) => ({ deviceId: server.id, name })))
        .returning({ id: serverSoftware.id });
    await tx.insert(backupStrategies).values([
      {
        companyId,
        sourceType: 1,
        source: drives.map((drive) => drive.id),
        backupType: 2,
        schedule: emptySchedule('Full'),
        program: 3,
        software: 'Datto SIRIS',
        destinationType: nas ? 6 : 7,
        destination: nas ? [nas.id] : [],
        offsiteBackupLocation: 'Datto cloud, Utah',
        localBackupLocation: 'Server room NAS',
        notes: 'Screenshot verification runs nightly.',
      },
      {
        companyId,
        sourceType: 2,
        source: installed.slice(0, 1).map((entry) => entry.id),
        backupType: 1,
        schedule: { ...emptySchedule('Continuous'), repeats: 0.5, intra_daily: 24, daily_image: 7 },
        program: 10,
        software: null,
        destinationType: 1,
        destination: drives.slice(-1).map((drive) => drive.id),
        offsiteBackupLocation: null,
        localBackupLocation: 'Backup drive on the server',
        notes: 'SQL transaction logs every 30 minutes.',
      },
      {
        companyId,
        sourceType: 3,
        source: [],
        backupType: 4,
        schedule: null,
        program: 11,
        software: 'Microsoft 365 retention',
        destinationType: 6,
        destination: [],
        offsiteBackupLocation: 'Microsoft 365',
        localBackupLocation: null,
        notes: 'Mailboxes and OneDrive kept by the hosted retention policy.',
      },
    ]);
  }
}
