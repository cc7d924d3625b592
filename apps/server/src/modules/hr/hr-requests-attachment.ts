import { open } from 'node:fs/promises';
import { hrRequestMessages as messages } from '@switchboard/shared/hr/requests';
import { unprocessable } from '../../plugins/errors.ts';
import { moveUpload } from '../../plugins/storage.ts';
import type { UploadedFile } from '../../plugins/uploads.ts';
import { sniffApplicantFile } from './hr-jobs-files.ts';

// The HR-only attachment of a request (designs/hr.md §2.3): a doctor's note, a jury summons. Known by its bytes, as
// applicant files are (hr-jobs-files.ts): PDF, PNG, JPEG, DOC or DOCX; anything else is refused before it is stored.

export interface StoredAttachment {
  path: string;
  name: string;
  mime: string;
  bytes: number;
}

const attachmentFolder = 'hr-requests';
const pngMagic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const jpegMagic = Buffer.from([0xff, 0xd8, 0xff]);

async function sniffImage(path: string): Promise<{ ext: string; mimetype: string } | null> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await handle.read(head, 0, 8, 0);
    if (bytesRead === 8 && head.equals(pngMagic)) return { ext: 'png', mimetype: 'image/png' };
    if (bytesRead >= 3 && head.subarray(0, 3).equals(jpegMagic)) return { ext: 'jpg', mimetype: 'image/jpeg' };
    return null;
  } finally {
    await handle.close();
  }
}

/** Checks the uploaded file's content and moves it into storage; 422 on `attachment` for any other kind of file. */
export async function storeRequestAttachment(dataDir: string, file: UploadedFile): Promise<StoredAttachment> {
  const sniffed = (await sniffImage(file.tempPath)) ?? (await sniffApplicantFile(file.tempPath));
  if (!sniffed) throw unprocessable({ attachment: [messages.attachmentType] });
  const path = await moveUpload(dataDir, attachmentFolder, file, sniffed.ext);
  const base = file.filename.replace(/[\r\n\\/]/g, '_').slice(0, 200) || `attachment.${sniffed.ext}`;
  // The name ends in what the bytes are, so a saved copy opens as what it is.
  const endings = sniffed.ext === 'jpg' ? ['.jpg', '.jpeg'] : [`.${sniffed.ext}`];
  const name = endings.some((ending) => base.toLowerCase().endsWith(ending)) ? base : `${base}.${sniffed.ext}`;
  return { path, name, mime: sniffed.mimetype, bytes: file.size };
}
