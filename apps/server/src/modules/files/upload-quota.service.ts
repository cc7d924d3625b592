import { eq, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { uploadQuota } from './upload-quota.table.ts';

// Per-user upload quota (issue 25, decision 0058): files and bytes per clock hour, across every route that takes files
// (attachments, photos, logos, pasted images of the whiteboard and chat).

export interface UploadQuotaLimits {
  filesPerHour: number;
  bytesPerHour: number;
}

/** The 429's text: what the limits are and that they reset within the hour. */
export const uploadQuotaMessage = (limits: UploadQuotaLimits) =>
  `Upload limit reached: at most ${limits.filesPerHour} files and ${Math.floor(limits.bytesPerHour / 1024 / 1024)} MB ` +
  'per hour. Try again later.';

/** Seconds until the counters start again (the next clock hour), for Retry-After. */
export const secondsToNextHour = (now = new Date()) => 3600 - (now.getUTCMinutes() * 60 + now.getUTCSeconds());

/**
 * Adds `files` and `bytes` to the user's counters of this hour, or refuses and changes nothing when that would pass a
 * limit. One statement decides and counts (the row is locked by the upsert), so concurrent uploads cannot both slip
 * under the limit. Answers whether the upload is allowed.
 */
export async function chargeUploadQuota(
  db: DbOrTransaction,
  userId: number,
  charge: { files: number; bytes: number },
  limits: UploadQuotaLimits,
): Promise<boolean> {
  // The counters of an earlier hour count as zero.
  const current = (column: 'files' | 'bytes') =>
    sql.raw(`(case when upload_quota.hour = excluded.hour then upload_quota.${column} else 0 end)`);
  const result = await db.execute(sql`
    insert into ${uploadQuota} (user_id, hour, files, bytes)
    select ${userId}, date_trunc('hour', now()), ${charge.files}::integer, ${charge.bytes}::bigint
    where ${charge.files}::integer <= ${limits.filesPerHour} and ${charge.bytes}::bigint <= ${limits.bytesPerHour}
    on conflict (user_id) do update set
      hour = excluded.hour,
      files = ${current('files')} + excluded.files,
      bytes = ${current('bytes')} + excluded.bytes
    where ${current('files')} + excluded.files <= ${limits.filesPerHour}
      and ${current('bytes')} + excluded.bytes <= ${limits.bytesPerHour}
    returning user_id`);
  return (result.rowCount ?? 0) > 0;
}

/**
 * Whether the user has used up a limit of this hour already: lets a route refuse before reading a body it would
 * refuse anyway. It never allows anything; chargeUploadQuota decides.
 */
export async function uploadQuotaExhausted(
  db: DbOrTransaction,
  userId: number,
  limits: UploadQuotaLimits,
): Promise<boolean> {
  const [row] = await db
    .select({ files: uploadQuota.files, bytes: uploadQuota.bytes })
    .from(uploadQuota)
    .where(sql`${eq(uploadQuota.userId, userId)} and ${uploadQuota.hour} = date_trunc('hour', now())`);
  return row !== undefined && (row.files >= limits.filesPerHour || row.bytes >= limits.bytesPerHour);
}
