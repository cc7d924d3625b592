import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { paginate, type Page, type PageQuery } from '../../db/paginate.ts';
import { users } from '../users/users.table.ts';
import { noteRevisions } from './notes.table.ts';

/** Records a saved text as the note's newest revision, unless it equals the newest one (a save without a change). */
export async function recordNoteRevision(
  db: DbOrTransaction,
  note: string,
  text: string,
  actorId: number | null,
): Promise<boolean> {
  // One statement: concurrent saves of the same text do not both add it.
  const inserted = await db.execute(sql`
    insert into ${noteRevisions} (note, notes, created_by)
    select ${note}, ${text}, ${actorId}
    where ${text} is distinct from (
      select notes from ${noteRevisions} where note = ${note} order by created_at desc, id desc limit 1
    )`);
  return (inserted.rowCount ?? 0) > 0;
}

export interface NoteRevisionRow {
  id: number;
  note: string;
  notes: string;
  created_at: string;
  user: { id: number; name: string; shortname: string } | null;
}

/** GET /api/notes/revisions/{note}: newest first, paged. */
export async function listNoteRevisions(
  db: DbOrTransaction,
  note: string,
  query: PageQuery,
): Promise<Page<NoteRevisionRow>> {
  return paginate(
    query,
    () => db.$count(noteRevisions, eq(noteRevisions.note, note)),
    async (limit, offset) => {
      const rows = await db
        .select({
          id: noteRevisions.id,
          note: noteRevisions.note,
          notes: noteRevisions.notes,
          createdAt: noteRevisions.createdAt,
          userId: users.id,
          name: users.name,
          shortname: users.shortname,
        })
        .from(noteRevisions)
        .leftJoin(users, eq(users.id, noteRevisions.createdBy))
        .where(eq(noteRevisions.note, note))
        .orderBy(desc(noteRevisions.createdAt), desc(noteRevisions.id))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({
        id: row.id,
        note: row.note,
        notes: row.notes,
        created_at: row.createdAt.toISOString(),
        user: row.userId === null ? null : { id: row.userId, name: row.name ?? '', shortname: row.shortname ?? '' },
      }));
    },
  );
}
