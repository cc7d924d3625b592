import { eq, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../client.ts';
import {
  antiviruses,
  campaigns,
  departments,
  industries,
  operatingSystems,
  regions,
  states,
  ticketStatuses,
  ticketTypes,
  timezones,
  triageLevels,
  voicemails,
} from '../schema.ts';
import { campaignSeeds, voicemailSeeds } from './data/crm.ts';
import { departmentSeeds } from './data/departments.ts';
import { antivirusSeeds, operatingSystemSeeds } from './data/devices.ts';
import { industrySeeds } from './data/industries.ts';
import { regionSeeds } from './data/regions.ts';
import { stateSeeds } from './data/states.ts';
import { ticketStatusSeeds, ticketTypeSeeds, triageSeeds } from './data/tickets.ts';
import { timezoneSeeds } from './data/timezones.ts';
import { billingItems } from '../../modules/billing-items/billing-items.table.ts';
import { billingItemSeeds } from './data/billing-items.ts';
import { gradeQuestions } from '../../modules/network-grades/network-grades.table.ts';
import { gradeQuestionSeeds } from './data/grade-questions.ts';

// Tables seeded with explicit ids; their sequences must move past those ids before the app inserts.
const SERIAL_TABLES = [
  'triage',
  'ticket_types',
  'ticket_statuses',
  'operating_systems',
  'antiviruses',
  'regions',
  'industries',
  'departments',
  'campaigns',
  'voicemails',
] as const;

/**
 * Seeds the reference data of spec 1 §3.3. Runs at every start, so it is idempotent:
 * code-owned lists (time zones, states, triage, ticket types and statuses, OS and antivirus) are upserted so fixes reach
 * existing databases; admin-editable lists (regions, industries, departments, campaigns, voicemails) are only inserted
 * when missing, so a rename made in the app survives a restart.
 */
export async function seedReference(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Several server processes may start together; one seeds, the others wait and then find nothing to do.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('switchboard:seed-reference'))`);

    await seedTimezones(tx);
    await tx
      .insert(states)
      .values(stateSeeds)
      .onConflictDoUpdate({ target: states.code, set: { name: sql`excluded.name` } });
    await tx
      .insert(triageLevels)
      .values(triageSeeds)
      .onConflictDoUpdate({
        target: triageLevels.id,
        set: { name: sql`excluded.name`, color: sql`excluded.color`, sortOrder: sql`excluded.sort_order` },
      });
    await tx
      .insert(ticketTypes)
      .values(ticketTypeSeeds)
      .onConflictDoUpdate({ target: ticketTypes.id, set: { name: sql`excluded.name` } });
    await tx
      .insert(ticketStatuses)
      .values(ticketStatusSeeds)
      .onConflictDoUpdate({ target: ticketStatuses.id, set: { name: sql`excluded.name` } });
    await tx
      .insert(operatingSystems)
      .values([...operatingSystemSeeds])
      .onConflictDoUpdate({
        target: operatingSystems.id,
        set: { name: sql`excluded.name`, deviceKind: sql`excluded.device_kind` },
      });
    await tx
      .insert(antiviruses)
      .values([...antivirusSeeds])
      .onConflictDoUpdate({
        target: antiviruses.id,
        set: { name: sql`excluded.name`, deviceKind: sql`excluded.device_kind` },
      });

    // No conflict target: any clash (same id, or a name an admin already used) leaves the existing row alone.
    await tx.insert(regions).values(regionSeeds).onConflictDoNothing();
    await tx.insert(industries).values(industrySeeds).onConflictDoNothing();
    await tx.insert(departments).values(departmentSeeds).onConflictDoNothing();
    await tx.insert(campaigns).values(campaignSeeds).onConflictDoNothing();
    await tx.insert(voicemails).values(voicemailSeeds).onConflictDoNothing();
    await tx
      .insert(billingItems)
      .values(
        billingItemSeeds.map((item) => ({ ...item, feePercent: 'fee_percent' in item ? item.fee_percent : null })),
      )
      .onConflictDoNothing();
    // The default grading form, once: afterwards staff edit it on the Manage Form screen.
    if ((await tx.$count(gradeQuestions)) === 0) {
      await tx
        .insert(gradeQuestions)
        .values(
          Object.entries(gradeQuestionSeeds).flatMap(([category, questions]) =>
            questions.map((question, index) => ({ category, question, sortOrder: index + 1 })),
          ),
        );
    }

    for (const table of SERIAL_TABLES) {
      // Never move a sequence backwards: ids of deleted rows are not handed out again.
      await tx.execute(sql`
        select setval(
          pg_get_serial_sequence(${table}, 'id'),
          greatest(
            (select coalesce(max(id), 1) from ${sql.identifier(table)}),
            coalesce(pg_sequence_last_value(pg_get_serial_sequence(${table}, 'id')::regclass), 1)
          )
        )`);
    }
  });
}

/**
 * Keyed by name: ids stay stable across runs and zones added by a newer ICU get fresh ids. Only missing rows are
 * inserted, because an upsert would draw a sequence value for every row on every start.
 */
async function seedTimezones(tx: Transaction): Promise<void> {
  const existing = new Map((await tx.select().from(timezones)).map((row) => [row.name, row.label]));
  const seeds = timezoneSeeds();
  const missing = seeds.filter((seed) => !existing.has(seed.name));
  if (missing.length > 0) await tx.insert(timezones).values(missing).onConflictDoNothing();
  for (const seed of seeds) {
    const label = existing.get(seed.name);
    if (label !== undefined && label !== seed.label) {
      await tx.update(timezones).set({ label: seed.label }).where(eq(timezones.name, seed.name));
    }
  }
}
