import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import {
  VOICEMAIL_MAX_DURATION_MS,
  voicemailMessages,
  type VoicemailDeleteQuery,
  type VoicemailRow,
  type VoicemailUpdateInput,
} from '@switchboard/shared/crm-voicemails';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTransaction, Transaction } from '../../db/client.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { moveUpload, removeUpload } from '../../plugins/storage.ts';
import type { UploadedFile } from '../../plugins/uploads.ts';
import { voicemails } from '../reference/reference.table.ts';

// The voicemail drops (designs/crm-softphone.md §4.5, §5): exactly one live voicemail is the default (the unique
// partial index voicemails_one_default backs it); a deleted one keeps its row, so old calls keep its name.

/** Rows of the list (one statement: the authors joined, the times used counted in one grouped subquery). */
export async function listVoicemails(db: DbOrTransaction, onlyId?: number): Promise<VoicemailRow[]> {
  const callsOf = onlyId === undefined ? sql`` : sql`and crm_calls.voicemail_id = ${onlyId}`;
  const result = await db.execute<{
    id: number;
    name: string;
    is_default: number;
    duration_ms: number | null;
    mime: string | null;
    bytes: number | null;
    file: string | null;
    author_id: number | null;
    author_name: string | null;
    times_used: number;
  }>(sql`
    select v.id, v.name, v.is_default, v.duration_ms, v.mime, v.bytes, v.file,
      u.id as author_id, u.name as author_name, coalesce(c.used, 0)::int as times_used
    from voicemails v
    left join users u on u.id = v.created_by
    left join (
      select crm_calls.voicemail_id, count(*) as used from crm_calls
      where crm_calls.voicemail_id is not null ${callsOf}
      group by crm_calls.voicemail_id
    ) c on c.voicemail_id = v.id
    where v.deleted_at is null ${onlyId === undefined ? sql`` : sql`and v.id = ${onlyId}`}
    order by v.is_default desc, lower(v.name), v.id`);
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    is_default: row.is_default === 1,
    duration_ms: row.duration_ms,
    mime: row.mime,
    bytes: row.bytes,
    has_audio: row.file !== null,
    author: row.author_id === null ? null : { id: row.author_id, name: row.author_name ?? '' },
    times_used: Number(row.times_used),
  }));
}

/** One live voicemail's row; 404 when it does not exist or was deleted. */
export async function getVoicemail(db: DbOrTransaction, id: number): Promise<VoicemailRow> {
  const [row] = await listVoicemails(db, id);
  if (!row) throw notFound();
  return row;
}

// Every change of the default runs under this lock, so two at once cannot both find "no default" or swap it twice.
async function lockDefault(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('switchboard:voicemail-default'))`);
}

async function liveVoicemail(tx: Transaction, id: number) {
  const [row] = await tx
    .select({ id: voicemails.id, isDefault: voicemails.isDefault, file: voicemails.file })
    .from(voicemails)
    .where(and(eq(voicemails.id, id), isNull(voicemails.deletedAt)))
    .for('update');
  return row ?? null;
}

async function makeDefault(tx: Transaction, id: number): Promise<void> {
  // Clear the old default first: the unique partial index allows one live default at any moment.
  await tx
    .update(voicemails)
    .set({ isDefault: 0 })
    .where(and(eq(voicemails.isDefault, 1), ne(voicemails.id, id)));
  await tx.update(voicemails).set({ isDefault: 1 }).where(eq(voicemails.id, id));
}

export interface StoredRecording {
  ext: string;
  mime: string;
  durationMs: number;
}

/**
 * Adds an uploaded recording, already checked by content (crm-voicemails-audio.ts). The first voicemail when none
 * is the default becomes the default.
 */
export async function createVoicemail(
  db: Db,
  dataDir: string,
  input: { name: string; file: UploadedFile; recording: StoredRecording; sha256: string },
  actorId: number,
): Promise<VoicemailRow> {
  if (input.recording.durationMs > VOICEMAIL_MAX_DURATION_MS)
    throw unprocessable({ file: [voicemailMessages.fileTooLong] });
  if (input.recording.durationMs <= 0) throw unprocessable({ file: [voicemailMessages.fileEmpty] });
  const path = await moveUpload(dataDir, 'voicemails', input.file, input.recording.ext);
  try {
    const id = await db.transaction(async (tx) => {
      await lockDefault(tx);
      const [created] = await tx
        .insert(voicemails)
        .values({
          name: input.name,
          file: path,
          mime: input.recording.mime,
          bytes: input.file.size,
          durationMs: input.recording.durationMs,
          sha256: input.sha256,
          createdBy: actorId,
        })
        .returning({ id: voicemails.id });
      const [current] = await tx
        .select({ id: voicemails.id })
        .from(voicemails)
        .where(and(eq(voicemails.isDefault, 1), isNull(voicemails.deletedAt)));
      if (!current) await makeDefault(tx, created!.id);
      return created!.id;
    });
    return await getVoicemail(db, id);
  } catch (error) {
    await removeUpload(dataDir, path);
    throw error;
  }
}

/** Renames and/or makes the default. A default stops being one only when another is made the default. */
export async function updateVoicemail(db: Db, id: number, input: VoicemailUpdateInput): Promise<VoicemailRow> {
  await db.transaction(async (tx) => {
    await lockDefault(tx);
    const row = await liveVoicemail(tx, id);
    if (!row) throw notFound();
    if (input.is_default === false && row.isDefault === 1)
      throw unprocessable({ is_default: [voicemailMessages.defaultRequired] });
    if (input.name !== undefined) await tx.update(voicemails).set({ name: input.name }).where(eq(voicemails.id, id));
    if (input.is_default === true && row.isDefault !== 1) await makeDefault(tx, id);
  });
  return getVoicemail(db, id);
}

/**
 * Marks a voicemail deleted (its row and file stay, so calls that left it keep its name). The default goes only with
 * a new default named in the same call. Answers the new default's row when it changed.
 */
export async function deleteVoicemail(db: Db, id: number, query: VoicemailDeleteQuery): Promise<VoicemailRow | null> {
  const newDefaultId = await db.transaction(async (tx) => {
    await lockDefault(tx);
    const row = await liveVoicemail(tx, id);
    if (!row) throw notFound();
    if (row.isDefault !== 1) {
      await tx.update(voicemails).set({ deletedAt: new Date() }).where(eq(voicemails.id, id));
      return null;
    }
    if (query.new_default_id === undefined) throw unprocessable({ new_default_id: [voicemailMessages.deleteDefault] });
    const next = query.new_default_id === id ? null : await liveVoicemail(tx, query.new_default_id);
    if (!next) throw unprocessable({ new_default_id: [voicemailMessages.newDefaultInvalid] });
    await tx.update(voicemails).set({ isDefault: 0, deletedAt: new Date() }).where(eq(voicemails.id, id));
    await makeDefault(tx, next.id);
    return next.id;
  });
  return newDefaultId === null ? null : getVoicemail(db, newDefaultId);
}

/** A live voicemail's recording on disk: full path, type and size; 404 when it has none. */
export async function findVoicemailAudio(
  db: DbOrTransaction,
  dataDir: string,
  id: number,
): Promise<{ path: string; mime: string; bytes: number }> {
  const [row] = await db
    .select({ file: voicemails.file, mime: voicemails.mime })
    .from(voicemails)
    .where(and(eq(voicemails.id, id), isNull(voicemails.deletedAt)));
  if (!row?.file || !/^uploads\/[a-z0-9-]+\/[0-9a-f]{32}\.(wav|mp3)$/.test(row.file)) throw notFound();
  const path = join(dataDir, row.file);
  const stat = await fs.stat(path).catch(() => null);
  if (!stat?.isFile()) throw notFound();
  return { path, mime: row.mime ?? (row.file.endsWith('.mp3') ? 'audio/mpeg' : 'audio/wav'), bytes: stat.size };
}
