import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { saveUpload } from '../../plugins/storage.ts';
import { crmDocuments, crmEmailTemplates } from './crm-documents.table.ts';

// Demo sales library and templates (designs/crm-softphone.md §4.6, §4.9): small PDFs and text files made here
// (nothing licensed), written under DATA_DIR/uploads, and three e-mail templates that attach them. Runs once: a
// library that already has documents or templates is left alone.

/** A one-page PDF showing the lines in Helvetica (byte offsets computed, so readers accept it). */
export function simplePdf(lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);
  const content = [
    'BT /F1 18 Tf 72 740 Td',
    ...lines.map((line, index) => `${index === 0 ? '' : '0 -26 Td '}(${escape(line)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const demoDocuments = [
  {
    name: 'Managed IT Services Overview',
    category: 'Brochures',
    description: 'Two-minute read on what the monthly plan covers.',
    originalName: 'Managed IT Services Overview.pdf',
    ext: 'pdf',
    mime: 'application/pdf',
    data: () =>
      simplePdf(['Managed IT Services', 'Help desk, monitoring, patching and backups', 'One flat monthly price']),
  },
  {
    name: 'Backup and Recovery Case Study',
    category: 'Case Studies',
    description: 'How a 40-seat law firm was back online in two hours.',
    originalName: 'Backup Case Study.pdf',
    ext: 'pdf',
    mime: 'application/pdf',
    data: () => simplePdf(['Case study: back online in two hours', 'Nightly image backups, tested monthly']),
  },
  {
    name: 'Price List 2026',
    category: 'Pricing',
    description: 'Per-seat and per-server monthly prices.',
    originalName: 'price-list-2026.csv',
    ext: 'csv',
    mime: 'text/csv',
    data: () =>
      Buffer.from('item,unit,monthly_usd\nWorkstation support,seat,65\nServer support,server,190\nBackup,TB,40\n'),
  },
  {
    name: 'Onboarding Checklist',
    category: 'Onboarding',
    description: null,
    originalName: 'onboarding-checklist.txt',
    ext: 'txt',
    mime: 'text/plain',
    data: () =>
      Buffer.from(
        'Onboarding checklist\n- Admin credentials handed over\n- Network diagram\n- Backup targets\n- Contacts\n',
      ),
  },
] as const;

/** Seeds the demo documents and templates; answers how many documents were written (0 when already seeded). */
export async function seedCrmDocumentsDemo(db: DbOrTransaction, dataDir: string): Promise<number> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(crmDocuments);
  const [templates] = await db.select({ n: sql<number>`count(*)::int` }).from(crmEmailTemplates);
  if ((existing?.n ?? 0) > 0 || (templates?.n ?? 0) > 0) return 0;
  const ids: number[] = [];
  for (const document of demoDocuments) {
    const data = document.data();
    const storagePath = await saveUpload(dataDir, 'crm-documents', data, document.ext);
    const [row] = await db
      .insert(crmDocuments)
      .values({
        name: document.name,
        category: document.category,
        description: document.description,
        storagePath,
        originalName: document.originalName,
        mime: document.mime,
        bytes: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
      })
      .returning({ id: crmDocuments.id });
    ids.push(row!.id);
  }
  await db.insert(crmEmailTemplates).values([
    {
      name: 'Introduction',
      subject: 'Managed IT for {{company_name}}',
      bodyHtml:
        '<p>Hi {{contact_first_name}},</p><p>Thanks for taking my call today. Attached is a short overview of how we ' +
        'look after businesses like {{company_name}}.</p><p>Best regards,<br>{{agent_name}}</p>',
      documentIds: [ids[0]!],
    },
    {
      name: 'Follow-up with pricing',
      subject: 'Pricing for {{company_name}}',
      bodyHtml:
        '<p>Hi {{contact_first_name}},</p><p>As promised, our current price list and a case study are attached. ' +
        'Happy to walk you through them.</p><p>{{agent_name}}<br>{{agent_email}}</p>',
      documentIds: [ids[2]!, ids[1]!],
    },
    {
      name: 'Appointment confirmation',
      subject: 'Our meeting',
      bodyHtml:
        '<p>Hi {{contact_first_name}},</p><p>This confirms our meeting. I will bring the onboarding checklist so ' +
        'we can see what a move would take.</p><p>Sent {{today}} by {{agent_name}}</p>',
      documentIds: [ids[3]!],
    },
  ]);
  return ids.length;
}
