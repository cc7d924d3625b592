import { open } from 'node:fs/promises';
import { crmDocumentKinds, fileExtension, type CrmDocumentExt } from '@switchboard/shared/crm-documents';

// Library documents are known by their bytes, not by the name or type the browser sent (designs/crm-softphone.md
// §4.6): a renamed executable, script or SVG is refused. The old Office formats share one container (OLE), so the
// name's extension picks doc, xls or ppt among them; text and CSV have no signature and must be UTF-8 text without
// control characters.

export interface SniffedDocument {
  ext: CrmDocumentExt;
  mime: string;
}

const pdfMagic = Buffer.from('%PDF-');
const oleMagic = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const zipMagic = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const pngMagic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const jpegMagic = Buffer.from([0xff, 0xd8, 0xff]);
const officeParts: [Buffer, CrmDocumentExt][] = [
  [Buffer.from('word/'), 'docx'],
  [Buffer.from('xl/'), 'xlsx'],
  [Buffer.from('ppt/'), 'pptx'],
];
// How much of a text file is read to decide it is text (the rest is not looked at).
const TEXT_SAMPLE = 64 * 1024;

const kind = (ext: CrmDocumentExt): SniffedDocument => ({
  ext,
  mime: crmDocumentKinds.find((entry) => entry.ext === ext)!.mime,
});

const startsWith = (data: Buffer, magic: Buffer) =>
  data.length >= magic.length && data.subarray(0, magic.length).equals(magic);

/** Valid UTF-8 (a cut last character allowed) with no control characters but tab, line feed, return, form feed. */
function looksLikeText(sample: Buffer, complete: boolean): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(complete ? sample : trimPartialCharacter(sample));
  } catch {
    return false;
  }
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) || code === 0x7f)
      return false;
  }
  return true;
}

function trimPartialCharacter(data: Buffer): Buffer {
  const end = data.length;
  // Step back over at most three continuation bytes and their lead byte.
  for (let back = 1; back <= 4 && end - back >= 0; back++) {
    const byte = data[end - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    if (byte >= 0xc0) return data.subarray(0, end - back);
    break;
  }
  return data;
}

/** What the bytes in memory are, or null when none of the library's kinds. */
export function sniffDocumentBytes(data: Buffer, originalName: string, complete: boolean): SniffedDocument | null {
  const ext = fileExtension(originalName);
  if (startsWith(data, pdfMagic)) return kind('pdf');
  if (startsWith(data, pngMagic)) return kind('png');
  if (startsWith(data, jpegMagic)) return kind('jpg');
  if (startsWith(data, Buffer.from('GIF87a')) || startsWith(data, Buffer.from('GIF89a'))) return kind('gif');
  if (startsWith(data, oleMagic)) return ext === 'doc' || ext === 'xls' || ext === 'ppt' ? kind(ext) : null;
  if (startsWith(data, zipMagic)) {
    for (const [part, partExt] of officeParts) if (data.includes(part)) return kind(partExt);
    return null;
  }
  if ((ext === 'txt' || ext === 'csv') && data.length > 0 && looksLikeText(data, complete)) return kind(ext);
  return null;
}

/**
 * What the uploaded file on disk is. Reads the head, or the whole file for an Office package (its part names sit in
 * the local headers and the central directory at the end; at most 25 MB, the route's limit).
 */
export async function sniffDocumentFile(path: string, originalName: string): Promise<SniffedDocument | null> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, TEXT_SAMPLE));
    await handle.read(head, 0, head.length, 0);
    if (startsWith(head, zipMagic) && size > head.length) {
      const whole = Buffer.alloc(size);
      await handle.read(whole, 0, size, 0);
      return sniffDocumentBytes(whole, originalName, true);
    }
    return sniffDocumentBytes(head, originalName, head.length === size);
  } finally {
    await handle.close();
  }
}
