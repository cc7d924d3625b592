// One PDF from several stored revisions (the "To print" batch, designs/billing.md §4): the files are our own pdfkit
// output (decision 0038: classic xref table, no object streams), so merging is renumbering their objects, dropping
// each file's catalog and page tree, and hanging every page under one new page tree. No dependency for one batch file.

interface ParsedPdf {
  /** Object number -> its bytes from 'N 0 obj' to just before the next object. */
  objects: Map<number, Buffer>;
  /** The page objects' numbers, in order. */
  pages: number[];
  size: number;
}

const latin1 = (bytes: Buffer) => bytes.toString('latin1');

function parsePdf(file: Buffer): ParsedPdf {
  const text = latin1(file);
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1] ?? NaN);
  if (!Number.isInteger(startxref)) throw new Error('mergePdfs: no startxref');
  const xref = /^xref\s+(\d+)\s+(\d+)\s+/.exec(text.slice(startxref));
  if (!xref) throw new Error('mergePdfs: only classic xref tables are read');
  const first = Number(xref[1]);
  const count = Number(xref[2]);
  const entriesAt = startxref + xref[0].length;
  const offsets: { number: number; offset: number }[] = [];
  for (let index = 0; index < count; index += 1) {
    const entry = text.slice(entriesAt + index * 20, entriesAt + index * 20 + 18);
    if (entry.endsWith('n')) offsets.push({ number: first + index, offset: Number(entry.slice(0, 10)) });
  }
  const sorted = [...offsets].sort((a, b) => a.offset - b.offset);
  const objects = new Map<number, Buffer>();
  sorted.forEach(({ number, offset }, index) => {
    objects.set(number, file.subarray(offset, sorted[index + 1]?.offset ?? startxref));
  });
  const root = Number(/\/Root\s+(\d+)\s+0\s+R/.exec(text.slice(startxref))?.[1]);
  const catalog = objects.get(root);
  const pagesRoot = catalog ? Number(/\/Pages\s+(\d+)\s+0\s+R/.exec(latin1(catalog))?.[1]) : NaN;
  const pages: number[] = [];
  const walk = (number: number) => {
    const body = objects.get(number);
    if (!body) return;
    const head = latin1(body);
    if (/\/Type\s*\/Pages\b/.test(head)) {
      const kids = /\/Kids\s*\[([^\]]*)\]/.exec(head)?.[1] ?? '';
      for (const kid of kids.matchAll(/(\d+)\s+0\s+R/g)) walk(Number(kid[1]));
    } else pages.push(number);
  };
  walk(pagesRoot);
  objects.delete(root);
  for (const [number, body] of objects)
    if (/^\d+\s+0\s+obj\s*<<\s*\/Type\s*\/Pages\b/.test(latin1(body))) objects.delete(number);
  return { objects, pages, size: Math.max(0, ...offsets.map((entry) => entry.number)) + 1 };
}

/** Rewrites an object's number and its references; a stream's bytes and a plain string object stay as they are. */
function renumber(body: Buffer, shift: number, pagesRef: string | null): Buffer {
  const text = latin1(body);
  const streamAt = text.search(/\bstream\r?\n/);
  const head = streamAt === -1 ? text : text.slice(0, streamAt);
  const isString = /^\d+\s+0\s+obj\s*[(<][^<]/.test(head);
  let rewritten = head.replace(
    /^(\d+)(\s+0\s+obj)/,
    (_, number: string, rest: string) => `${Number(number) + shift}${rest}`,
  );
  if (!isString)
    rewritten = rewritten.replace(/(obj[\s\S]*)$/, (whole) =>
      whole.replace(/(\d+)\s+0\s+R\b/g, (_, number: string) => `${Number(number) + shift} 0 R`),
    );
  if (pagesRef) rewritten = rewritten.replace(/\/Parent\s+\d+\s+0\s+R/, `/Parent ${pagesRef}`);
  const headBytes = Buffer.from(rewritten, 'latin1');
  return streamAt === -1 ? headBytes : Buffer.concat([headBytes, body.subarray(streamAt)]);
}

/** The pages of `files`, in order, as one PDF. */
export function mergePdfs(files: Buffer[], title = 'To print'): Buffer {
  const parsed = files.map(parsePdf);
  const total = parsed.reduce((sum, file) => sum + file.size, 1);
  const pagesNumber = total;
  const catalogNumber = total + 1;
  const infoNumber = total + 2;
  const pagesRef = `${pagesNumber} 0 R`;
  const chunks: Buffer[] = [Buffer.from('%PDF-1.3\n%\xff\xff\xff\xff\n', 'latin1')];
  const offsets = new Map<number, number>();
  let length = chunks[0]!.length;
  const write = (number: number, bytes: Buffer) => {
    offsets.set(number, length);
    const ended = bytes[bytes.length - 1] === 0x0a ? bytes : Buffer.concat([bytes, Buffer.from('\n')]);
    chunks.push(ended);
    length += ended.length;
  };
  const kids: string[] = [];
  let shift = 0;
  for (const file of parsed) {
    const pageSet = new Set(file.pages);
    for (const [number, body] of file.objects)
      write(number + shift, renumber(body, shift, pageSet.has(number) ? pagesRef : null));
    kids.push(...file.pages.map((number) => `${number + shift} 0 R`));
    shift += file.size;
  }
  const escaped = title.replace(/[\\()]/g, (char) => `\\${char}`);
  write(
    pagesNumber,
    Buffer.from(
      `${pagesNumber} 0 obj\n<<\n/Type /Pages\n/Count ${kids.length}\n/Kids [${kids.join(' ')}]\n>>\nendobj\n`,
      'latin1',
    ),
  );
  write(
    catalogNumber,
    Buffer.from(`${catalogNumber} 0 obj\n<<\n/Type /Catalog\n/Pages ${pagesRef}\n>>\nendobj\n`, 'latin1'),
  );
  write(
    infoNumber,
    Buffer.from(`${infoNumber} 0 obj\n<<\n/Producer (Switchboard)\n/Title (${escaped})\n>>\nendobj\n`, 'latin1'),
  );
  const size = infoNumber + 1;
  const xref = ['xref', `0 ${size}`, '0000000000 65535 f '];
  for (let number = 1; number < size; number += 1) {
    const offset = offsets.get(number);
    xref.push(offset === undefined ? '0000000000 65535 f ' : `${String(offset).padStart(10, '0')} 00000 n `);
  }
  const trailer = `trailer\n<<\n/Size ${size}\n/Root ${catalogNumber} 0 R\n/Info ${infoNumber} 0 R\n>>\nstartxref\n${length}\n%%EOF\n`;
  chunks.push(Buffer.from(`${xref.join('\n')}\n${trailer}`, 'latin1'));
  return Buffer.concat(chunks);
}
