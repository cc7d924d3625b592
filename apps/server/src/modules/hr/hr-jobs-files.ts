import { open } from 'node:fs/promises';

// Applicant files are PDF, DOC or DOCX, known by their bytes, not by the name or type the browser sent (designs/hr.md
// §5): a renamed executable or image is refused.

export interface SniffedFile {
  ext: 'pdf' | 'doc' | 'docx';
  mimetype: string;
}

const pdfMagic = Buffer.from('%PDF-');
const oleMagic = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const zipMagic = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
// A Word document package names this part in its local headers and central directory.
const wordPart = Buffer.from('word/document.xml');

/** What the file on disk is, or null when it is none of the three. Reads at most 10 MB (the route's limit). */
export async function sniffApplicantFile(path: string): Promise<SniffedFile | null> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, 8));
    await handle.read(head, 0, head.length, 0);
    if (head.subarray(0, pdfMagic.length).equals(pdfMagic)) return { ext: 'pdf', mimetype: 'application/pdf' };
    if (head.equals(oleMagic)) return { ext: 'doc', mimetype: 'application/msword' };
    if (head.subarray(0, zipMagic.length).equals(zipMagic)) {
      const whole = Buffer.alloc(Math.min(size, 10 * 1024 * 1024));
      await handle.read(whole, 0, whole.length, 0);
      if (whole.includes(wordPart))
        return {
          ext: 'docx',
          mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        };
    }
    return null;
  } finally {
    await handle.close();
  }
}
