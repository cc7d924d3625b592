import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { removeUpload } from '../../plugins/storage.ts';
import { chatFiles } from '../chat/chat.table.ts';

/** How long a file may sit unclaimed: long enough for an upload in progress or an article being edited. */
export const unclaimedUploadTtlMs = 24 * 60 * 60 * 1000;

export interface UploadSweepResult {
  temporary: number;
  articleImages: number;
  chatFiles: number;
}

/** The names of the files directly in `folder` last written before `before`; none when the folder is absent. */
async function filesWrittenBefore(folder: string, before: Date): Promise<string[]> {
  let entries;
  try {
    entries = await fs.readdir(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  const old: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const stat = await fs.stat(join(folder, entry.name)).catch(() => null);
    if (stat && stat.mtime < before) old.push(entry.name);
  }
  return old;
}

/**
 * Removes what nothing points to any more, once it is a day old: temporary uploads a crashed or killed process left
 * in uploads/tmp, images pasted into an article and removed from its text (or never saved into one), and stored chat
 * files no message names (a message whose store failed after its files moved). Rows go first, then the files.
 */
export async function sweepUploads(db: Db, dataDir: string, now = new Date()): Promise<UploadSweepResult> {
  const before = new Date(now.getTime() - unclaimedUploadTtlMs);

  const temporaryFolder = join(dataDir, 'uploads', 'tmp');
  const temporary = await filesWrittenBefore(temporaryFolder, before);
  for (const name of temporary) await fs.rm(join(temporaryFolder, name), { force: true });

  // An article's images are the paths its text names (articleImagePaths); one untouched for a day has settled.
  const images = await db.execute<{ path: string }>(sql`
    DELETE FROM whiteboard_images AS image
    WHERE image.created_at < ${before}
      AND (
        image.article_id IS NULL
        OR EXISTS (
          SELECT 1 FROM whiteboard_articles AS article
          WHERE article.id = image.article_id
            AND article.updated_at < ${before}
            AND strpos(article.article_text, image.path) = 0
        )
      )
    RETURNING image.path`);
  for (const { path } of images.rows) await removeUpload(dataDir, path);

  const chatFolder = join(dataDir, 'uploads', 'chat');
  const oldChatPaths = (await filesWrittenBefore(chatFolder, before)).map((name) => `uploads/chat/${name}`);
  let chatRemoved = 0;
  for (let start = 0; start < oldChatPaths.length; start += 1000) {
    const batch = oldChatPaths.slice(start, start + 1000);
    const kept = await db.select({ path: chatFiles.path }).from(chatFiles).where(inArray(chatFiles.path, batch));
    const named = new Set(kept.map((row) => row.path));
    for (const path of batch) {
      if (named.has(path)) continue;
      await removeUpload(dataDir, path);
      chatRemoved += 1;
    }
  }

  return { temporary: temporary.length, articleImages: images.rows.length, chatFiles: chatRemoved };
}
