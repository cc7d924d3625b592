import type { Flag, FlagInput } from '@switchboard/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTransaction } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { users } from '../users/users.table.ts';
import { companyFlags } from './flags.table.ts';

const creators = alias(users, 'flag_creators');
const deleters = alias(users, 'flag_deleters');

/** GET /api/companies/flags.list.{companyId}: newest first; deleted ones too unless `activeOnly`. */
export async function listFlags(db: DbOrTransaction, companyId: number, activeOnly: boolean): Promise<Flag[]> {
  const rows = await db
    .select({ flag: companyFlags, createdBy: creators.name, deletedBy: deleters.name })
    .from(companyFlags)
    .leftJoin(creators, eq(creators.id, companyFlags.createdBy))
    .leftJoin(deleters, eq(deleters.id, companyFlags.deletedBy))
    .where(and(eq(companyFlags.companyId, companyId), activeOnly ? isNull(companyFlags.deletedAt) : undefined))
    .orderBy(desc(companyFlags.createdAt), desc(companyFlags.id));
  return rows.map(({ flag, createdBy, deletedBy }) => ({
    id: flag.id,
    flag: flag.flag,
    company_id: flag.companyId,
    created_at: flag.createdAt.toISOString(),
    created_by: createdBy,
    deleted_at: flag.deletedAt?.toISOString() ?? null,
    deleted_by: flag.deletedAt ? deletedBy : null,
  }));
}

/** POST /api/companies/flags/: adds a flag, or changes the text of the company's flag `id`. */
export async function saveFlag(
  db: DbOrTransaction,
  input: FlagInput,
  actorId: number,
): Promise<{ id: number; created: boolean }> {
  if (input.id) {
    const [row] = await db
      .update(companyFlags)
      .set({ flag: input.flag })
      .where(and(eq(companyFlags.id, input.id), eq(companyFlags.companyId, input.company_id)))
      .returning({ id: companyFlags.id });
    if (!row) throw notFound();
    return { id: row.id, created: false };
  }
  const [row] = await db
    .insert(companyFlags)
    .values({ companyId: input.company_id, flag: input.flag, createdBy: actorId })
    .returning({ id: companyFlags.id });
  return { id: row!.id, created: true };
}

/** DELETE marks the flag deleted (by whom, when); PUT restores it. Answers the flag's company. */
export async function setFlagDeleted(
  db: DbOrTransaction,
  id: number,
  deleted: boolean,
  actorId: number,
): Promise<number> {
  const [row] = await db
    .update(companyFlags)
    .set(deleted ? { deletedAt: new Date(), deletedBy: actorId } : { deletedAt: null, deletedBy: null })
    .where(eq(companyFlags.id, id))
    .returning({ companyId: companyFlags.companyId });
  if (!row) throw notFound();
  return row.companyId;
}
