import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download } from 'playwright-core';

/**
 * The bytes of a finished download. The run shares one Chromium that files connect to, and a connected browser has
 * no local download path (download.path() throws): saveAs copies the file over the connection.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const file = join(tmpdir(), `switchboard-download-${randomUUID()}`);
  await download.saveAs(file);
  try {
    return await readFile(file);
  } finally {
    await rm(file, { force: true });
  }
}
