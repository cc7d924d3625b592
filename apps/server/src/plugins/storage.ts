import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';

/**
 * File storage under DATA_DIR/uploads. Names are 128 random bits, so a stored path cannot be guessed.
 * Paths handed out are relative to DATA_DIR ("uploads/<folder>/<name>.<ext>").
 */
const folderPattern = /^[a-z0-9-]+$/;
const extPattern = /^[a-z0-9]{1,10}$/;

export async function saveUpload(dataDir: string, folder: string, data: Buffer, ext: string): Promise<string> {
  const relative = newUploadPath(folder, ext);
  await writeUpload(dataDir, relative, data);
  return relative;
}

/** A fresh path for a file not written yet, so a database row can name it before the file exists. */
export function newUploadPath(folder: string, ext: string): string {
  if (!folderPattern.test(folder) || !extPattern.test(ext)) throw new Error('invalid upload folder or extension');
  return `uploads/${folder}/${randomBytes(16).toString('hex')}.${ext}`;
}

/** Writes a file at a path from newUploadPath; never overwrites one. */
export async function writeUpload(dataDir: string, relative: string, data: Buffer): Promise<void> {
  await fs.mkdir(dirname(join(dataDir, relative)), { recursive: true });
  await fs.writeFile(join(dataDir, relative), data, { flag: 'wx' });
}

/** Stores an uploaded file by moving its temporary file (same disk: a rename, nothing read into memory). */
export async function moveUpload(
  dataDir: string,
  folder: string,
  file: { tempPath: string },
  ext: string,
): Promise<string> {
  const relative = newUploadPath(folder, ext);
  await fs.mkdir(dirname(join(dataDir, relative)), { recursive: true });
  await fs.rename(file.tempPath, join(dataDir, relative));
  return relative;
}

/** Reads a stored file back; null when it does not exist or the path leaves DATA_DIR/uploads. */
export async function readUpload(dataDir: string, relative: string): Promise<Buffer | null> {
  const root = join(dataDir, 'uploads') + sep;
  const full = normalize(join(dataDir, relative));
  if (!full.startsWith(root)) return null;
  try {
    return await fs.readFile(full);
  } catch {
    return null;
  }
}

/** Deletes a stored file (a replaced logo, say); a missing file or a path outside DATA_DIR/uploads is ignored. */
export async function removeUpload(dataDir: string, relative: string): Promise<void> {
  const root = join(dataDir, 'uploads') + sep;
  const full = normalize(join(dataDir, relative));
  if (!full.startsWith(root)) return;
  await fs.rm(full, { force: true });
}
