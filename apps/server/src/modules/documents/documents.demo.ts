import type { PurchaseOrderInput } from '@switchboard/shared';
import { asc, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { createVendor, savePurchaseOrder, sendPurchaseOrder } from '../billing/purchase-orders.service.ts';
import { saveQuote, sendQuote, type QuoteInput } from '../quotes/quotes.service.ts';
import { quotes } from '../quotes/quotes.table.ts';
import { companies } from '../companies/companies.table.ts';
import { saveDocument } from './plain-documents.service.ts';

// Demo documents (issue 17 parts 1 and 5): quotes with two and three revisions, a purchase order and a plain document
// with two each, so the PDF viewer has something to switch between. The first quote belongs to the first demo
// company, whose primary contact is the demo client account. Runs once: nothing is added when a quote exists.

const firewall = (price: string): QuoteInput['lines'] => [
  { description: 'FortiGate 60F firewall', quantity: '1', unitPrice: price },
  { description: 'FortiCare 3-year support', quantity: '1', unitPrice: '289.0000' },
  { description: 'Installation and cut-over (hours)', quantity: '4', unitPrice: '145.0000' },
  { description: 'Spare power supply', quantity: '1', unitPrice: '59.0000', optional: true },
];

export async function seedDocumentsDemo(db: DbOrTransaction, dataDir: string, companyNames: string[]) {
  const [existing] = await db.select({ id: quotes.id }).from(quotes).limit(1);
  if (existing) return;
  const ids = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(sql`${companies.name} in ${companyNames.slice(0, 3)}`)
    .orderBy(asc(companies.id));
  const companyId = (name: string) => ids.find((row) => row.name === name)?.id;
  const [first, second, third] = companyNames.map(companyId);
  if (first === undefined || second === undefined || third === undefined) return;

  const quote = { title: 'Firewall replacement', quoteDate: '2026-11-02', validUntil: '2026-12-02', terms: 'Net 20' };
  const one = await saveQuote(db, dataDir, { ...quote, companyId: first, lines: firewall('649.0000') }, null);
  await sendQuote(db, dataDir, one.id, null);
  await saveQuote(db, dataDir, { ...quote, id: one.id, companyId: first, lines: firewall('599.0000') }, null);

  const laptops = (count: string, price: string): QuoteInput['lines'] => [
    { description: 'Dell Latitude 5450, 16 GB, 512 GB SSD', quantity: count, unitPrice: price },
    { description: 'Imaging and deployment (per device)', quantity: count, unitPrice: '85.0000' },
  ];
  const refresh = { title: 'Laptop refresh', quoteDate: '2026-10-20', validUntil: '2026-11-30', terms: 'Net 20' };
  const two = await saveQuote(db, dataDir, { ...refresh, companyId: second, lines: laptops('8', '1249.0000') }, null);
  await sendQuote(db, dataDir, two.id, null);
  for (const [count, price] of [
    ['10', '1249.0000'],
    ['10', '1189.0000'],
  ])
    await saveQuote(db, dataDir, { ...refresh, id: two.id, companyId: second, lines: laptops(count, price) }, null);

  const vendor = await createVendor(db, {
    name: 'Ingram Micro',
    account_number: 'SB-204417',
    contact: 'Partner desk',
    email: 'orders@ingrammicro.example',
    phone: '(800) 456-8000',
    address: '3351 Michelson Drive, Irvine, CA 92612',
    payment_terms: 30,
    notes: '',
  });
  const order = (firewalls: string): PurchaseOrderInput => ({
    vendor_id: vendor.id,
    order_date: '2026-11-05',
    expected_date: '2026-11-12',
    company_id: first,
    memo: 'For the firewall replacement quote.',
    lines: [
      { description: 'FortiGate 60F firewall', quantity: firewalls, unit_cost: '512.4000' },
      { description: 'FortiCare 3-year support', quantity: firewalls, unit_cost: '231.2000' },
    ],
  });
  const po = await savePurchaseOrder(db, dataDir, order('1'), null);
  await sendPurchaseOrder(db, dataDir, po.id, null);
  await savePurchaseOrder(db, dataDir, { ...order('2'), id: po.id }, null);

  const report = {
    companyId: third,
    title: 'Server room visit report',
    body: 'Checked the UPS self-test log and battery age.\n\nCleaned the rack intake filters.',
  };
  const plain = await saveDocument(db, dataDir, report, null);
  await saveDocument(
    db,
    dataDir,
    { ...report, id: plain.id, body: `${report.body}\n\nReplaced fan 2 on HV-01.` },
    null,
  );
}
