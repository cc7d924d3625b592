import {
  decimalFromCents,
  decimalUnits,
  lineAmountCents,
  purchaseOrderApproveOnlyDraftMessage,
  purchaseOrderCancelStatusMessage,
  purchaseOrderCloseStatusMessage,
  purchaseOrderLineKeptMessage,
  purchaseOrderLineUnknownMessage,
  purchaseOrderNotEditableMessage,
  purchaseOrderQuantityBelowMessage,
  purchaseOrderSendNeedsApprovalMessage,
  purchaseOrderSendStatusMessage,
  purchaseOrderStaleMessage,
  purchaseOrderVendorEmailMessage,
  vendorNameTakenMessage,
  type PurchaseOrderDetail,
  type PurchaseOrderInput,
  type PurchaseOrderRow,
  type VendorInput,
} from '@switchboard/shared';
import { purchaseOrderListQuerySchema } from '@switchboard/shared';
import type { z } from 'zod';
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppInstance } from '../../app-instance.ts';
import type { Db, DbOrTransaction, Transaction } from '../../db/client.ts';
import { jsonString, jsonTime } from '../../db/json-sql.ts';
import { conflict, notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { escapeHtml, sendMail } from '../../plugins/mail.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { readRevisionFile, recordRevision, type RecordedRevision } from '../documents/documents.service.ts';
import { branding } from '../documents/documents.table.ts';
import { projects } from '../projects/projects.table.ts';
import { inventoryLocations } from './inventory.table.ts';
import { formatDocumentNumber, getBillingSettings, takeDocumentNumber } from './ledger.service.ts';
import { poLines, purchaseOrders, vendors } from './purchase-orders.table.ts';
import { cursorBatches } from './billing-report-csv.ts';
import {
  binder,
  containsPattern,
  jsonDate,
  jsonInt,
  writtenPage,
  writtenRecord,
  type Bind,
} from './purchasing-json.ts';

// Vendors and purchase orders (designs/billing.md §3.3, §3.7), the part the po document needs now (issue 17 part 1):
// the billing issue adds receiving, bills and the purchasing pages over these functions.

/** Adds a vendor; a name already used (whatever the case) is a 422 on the name. */
export async function createVendor(db: DbOrTransaction, input: VendorInput): Promise<{ id: number; name: string }> {
  try {
    const [row] = await db
      .insert(vendors)
      .values({
        name: input.name,
        accountNumber: input.account_number,
        contact: input.contact,
        email: input.email,
        phone: input.phone,
        address: input.address,
        paymentTerms: input.payment_terms,
        notes: input.notes,
      })
      .returning({ id: vendors.id, name: vendors.name });
    return row!;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
    const { code, constraint } = cause as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'vendors_name_lower_unique')
      throw unprocessable({ name: [vendorNameTakenMessage] });
    throw error;
  }
}

/** Rows a reference names that do not exist: one query per table, never per line. */
async function missingIds(db: DbOrTransaction, table: string, ids: readonly number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const result = await db.execute<{ id: number }>(
    sql`select id from ${sql.identifier(table)} where id in (${sql.join(
      unique.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const found = new Set(result.rows.map((row) => Number(row.id)));
  return new Set(unique.filter((id) => !found.has(id)));
}

/**
 * The order's vendor, company, project, ship-to and each line's item, company and project exist (else a 422 on that
 * field). A project without a company names its company; a project of another company than the one chosen is
 * refused. Answers the company to store.
 */
async function checkReferences(db: DbOrTransaction, input: PurchaseOrderInput): Promise<number | null> {
  const errors: FieldErrors = {};
  const [vendor] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, input.vendor_id));
  if (!vendor) errors.vendor_id = ['Choose a vendor.'];
  let companyId = input.company_id ?? null;
  if (companyId !== null) {
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
    if (!company) errors.company_id = ['Choose a company.'];
  }
  if (input.project_id != null) {
    const [project] = await db
      .select({ companyId: projects.companyId })
      .from(projects)
      .where(eq(projects.id, input.project_id));
    if (!project) errors.project_id = ['Choose a project.'];
    else if (companyId !== null && project.companyId !== companyId)
      errors.project_id = ['The project belongs to another company.'];
    else companyId = project.companyId;
  }
  if (input.location_id != null) {
    const [location] = await db
      .select({ active: inventoryLocations.active })
      .from(inventoryLocations)
      .where(eq(inventoryLocations.id, input.location_id));
    if (!location?.active) errors.location_id = ['Choose a stock location.'];
  }
  if (input.ship_to_site_id != null) {
    const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, input.ship_to_site_id));
    if (!site) errors.ship_to_site_id = ['Choose a client site.'];
  }
  const missingItems = await missingIds(
    db,
    'billing_items',
    input.lines.flatMap((line) => (line.item_id != null ? [line.item_id] : [])),
  );
  const missingCompanies = await missingIds(
    db,
    'companies',
    input.lines.flatMap((line) => (line.company_id != null ? [line.company_id] : [])),
  );
  const missingProjects = await missingIds(
    db,
    'projects',
    input.lines.flatMap((line) => (line.project_id != null ? [line.project_id] : [])),
  );
  input.lines.forEach((line, index) => {
    if (line.item_id != null && missingItems.has(line.item_id)) errors[`lines.${index}.item_id`] = ['Choose an item.'];
    if (line.company_id != null && missingCompanies.has(line.company_id))
      errors[`lines.${index}.company_id`] = ['Choose a company.'];
    if (line.project_id != null && missingProjects.has(line.project_id))
      errors[`lines.${index}.project_id`] = ['Choose a project.'];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return companyId;
}

/** 0.00 < 1.5 as numbers of hundredths, never floats. */
const hundredths = (text: string): number => decimalUnits(text, 2);

/** A stale save: the editor loaded another version than the stored one (millisecond precision, as JSON carries). */
function isStale(stored: Date, loaded: string | undefined): boolean {
  if (loaded === undefined) return false;
  const time = Date.parse(loaded);
  return Number.isNaN(time) || time !== stored.getTime();
}

/**
 * Creates (no `id`) or updates a purchase order in one transaction. Lines are updated in place (designs/billing.md
 * §3.7; decision 0102): a line carrying its `id` keeps it (receipts and bills point at it), new lines are added,
 * missing ones deleted only when nothing was received or billed on them; no quantity goes below what was received
 * or billed. Each line is priced once (quantity × unit cost, in cents) and the order totalled (no tax until vendor
 * bills bring it). Only a draft or an ordered order changes (422); a save over a newer version is a 409. A draft's
 * save clears its approval (what was approved changed); a sent order's PDF gets its next revision when what it
 * shows changed.
 */
export async function savePurchaseOrder(
  db: DbOrTransaction,
  dataDir: string,
  input: PurchaseOrderInput & { id?: number },
  actorId: number | null,
): Promise<{ id: number; revision: RecordedRevision | null }> {
  const companyId = await checkReferences(db, input);
  const priced = input.lines.map((line, index) => ({
    id: line.id,
    lineNo: index + 1,
    itemId: line.item_id ?? null,
    description: line.description,
    quantity: line.quantity,
    unitCost: line.unit_cost,
    amountCents: lineAmountCents(line.quantity, line.unit_cost),
    companyId: line.company_id ?? companyId,
    projectId: line.project_id ?? input.project_id ?? null,
    billableToClient: line.billable_to_client ?? false,
  }));
  const subtotal = priced.reduce((sum, line) => sum + line.amountCents, 0);
  const values = {
    vendorId: input.vendor_id,
    orderDate: input.order_date,
    expectedDate: input.expected_date ?? null,
    companyId,
    projectId: input.project_id ?? null,
    locationId: input.location_id ?? null,
    shipToSiteId: input.ship_to_site_id ?? null,
    memo: input.memo,
    subtotal: decimalFromCents(subtotal),
    taxTotal: '0.00',
    total: decimalFromCents(subtotal),
    updatedAt: new Date(),
  };
  const saved = await db.transaction(async (tx) => {
    if (input.id === undefined) {
      const [row] = await tx
        .insert(purchaseOrders)
        .values({ ...values, createdBy: actorId })
        .returning({ id: purchaseOrders.id, status: purchaseOrders.status });
      await tx.insert(poLines).values(priced.map(({ id: _id, ...line }) => lineValues(row!.id, line)));
      return row!;
    }
    const [existing] = await tx
      .select({ status: purchaseOrders.status, updatedAt: purchaseOrders.updatedAt })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, input.id))
      .for('update');
    if (!existing) throw notFound();
    if (existing.status !== 'draft' && existing.status !== 'ordered')
      throw unprocessable({ status: [purchaseOrderNotEditableMessage] }, purchaseOrderNotEditableMessage);
    if (isStale(existing.updatedAt, input.updated_at)) throw conflict(purchaseOrderStaleMessage);
    const stored = await tx
      .select({
        id: poLines.id,
        receivedQty: poLines.receivedQty,
        billedQty: poLines.billedQty,
        lineNo: poLines.lineNo,
      })
      .from(poLines)
      .where(eq(poLines.poId, input.id))
      .orderBy(asc(poLines.id))
      .for('update');
    const byId = new Map(stored.map((line) => [line.id, line]));
    const errors: FieldErrors = {};
    priced.forEach((line, index) => {
      if (line.id === undefined) return;
      const current = byId.get(line.id);
      if (!current) {
        errors[`lines.${index}.id`] = [purchaseOrderLineUnknownMessage];
        return;
      }
      const quantity = hundredths(line.quantity);
      if (quantity < hundredths(current.receivedQty))
        errors[`lines.${index}.quantity`] = [purchaseOrderQuantityBelowMessage(current.receivedQty, 'received')];
      else if (quantity < hundredths(current.billedQty))
        errors[`lines.${index}.quantity`] = [purchaseOrderQuantityBelowMessage(current.billedQty, 'billed')];
    });
    const kept = new Set(priced.flatMap((line) => (line.id === undefined ? [] : [line.id])));
    const removed = stored.filter((line) => !kept.has(line.id));
    const referenced = await referencedLines(
      tx,
      removed.map((line) => line.id),
    );
    for (const line of removed) {
      if (hundredths(line.receivedQty) > 0 || hundredths(line.billedQty) > 0 || referenced.has(line.id))
        // Keyed by the line's place on the stored order: it is no longer in the input.
        errors[`lines.${line.lineNo - 1}.quantity`] = [purchaseOrderLineKeptMessage];
    }
    if (Object.keys(errors).length > 0) throw unprocessable(errors);

    await tx
      .update(purchaseOrders)
      .set(existing.status === 'draft' ? { ...values, approvedBy: null, approvedAt: null } : values)
      .where(eq(purchaseOrders.id, input.id));
    if (removed.length > 0)
      await tx.delete(poLines).where(
        inArray(
          poLines.id,
          removed.map((line) => line.id),
        ),
      );
    for (const line of priced.filter((line) => line.id !== undefined)) {
      const { id, ...rest } = line;
      const { poId: _poId, ...set } = lineValues(input.id, rest);
      await tx.update(poLines).set(set).where(eq(poLines.id, id!));
    }
    const added = priced.filter((line) => line.id === undefined);
    if (added.length > 0)
      await tx.insert(poLines).values(added.map(({ id: _id, ...line }) => lineValues(input.id!, line)));
    return { id: input.id, status: existing.status };
  });
  const revision = saved.status === 'draft' ? null : await recordRevision(db, dataDir, 'po', saved.id, actorId);
  return { id: saved.id, revision };
}

function lineValues(
  poId: number,
  line: {
    lineNo: number;
    itemId: number | null;
    description: string;
    quantity: string;
    unitCost: string;
    amountCents: number;
    companyId: number | null;
    projectId: number | null;
    billableToClient: boolean;
  },
) {
  return {
    poId,
    lineNo: line.lineNo,
    itemId: line.itemId,
    description: line.description,
    quantity: line.quantity,
    unitCost: line.unitCost,
    amount: decimalFromCents(line.amountCents),
    companyId: line.companyId,
    projectId: line.projectId,
    billableToClient: line.billableToClient,
  };
}

/** PO lines a receipt or a bill (even a draft one) points at: they stay. */
async function referencedLines(db: DbOrTransaction, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute<{ id: number }>(sql`
    select po_line_id as id from receipt_lines where po_line_id in (${list})
    union select po_line_id from bill_lines where po_line_id in (${list})`);
  return new Set(result.rows.map((row) => Number(row.id)));
}

/** The next 'PO-000012' from the gapless counter (ledger.service.ts), past any number an older build gave. */
async function takePurchaseOrderNumber(tx: Transaction): Promise<string> {
  const { purchase_order_prefix: prefix } = await getBillingSettings(tx);
  for (;;) {
    const number = formatDocumentNumber(prefix, await takeDocumentNumber(tx, 'purchase_order'));
    const [taken] = await tx
      .select({ id: purchaseOrders.id })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.number, number));
    if (!taken) return number;
  }
}

/**
 * Issues an order: a draft takes the next number (gapless, in this transaction), becomes 'ordered' and is dated sent;
 * then its PDF's revision is made (00 first; none when nothing it shows changed). Issuing it again keeps its number.
 * The route's Send checks approval and mails it (sendPurchaseOrderToVendor); the demo issues directly. Null when it
 * does not exist.
 */
export async function sendPurchaseOrder(
  db: DbOrTransaction,
  dataDir: string,
  id: number,
  actorId: number | null,
): Promise<RecordedRevision | null> {
  const found = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: purchaseOrders.status, number: purchaseOrders.number })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, id))
      .for('update');
    if (!row) return false;
    if (!['draft', 'ordered', 'partial'].includes(row.status))
      throw unprocessable({ status: [purchaseOrderSendStatusMessage] }, purchaseOrderSendStatusMessage);
    const number = row.number ?? (await takePurchaseOrderNumber(tx));
    await tx
      .update(purchaseOrders)
      .set({
        number,
        status: row.status === 'draft' ? 'ordered' : row.status,
        sentAt: sql`coalesce(${purchaseOrders.sentAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(purchaseOrders.id, id));
    return true;
  });
  if (!found) return null;
  return recordRevision(db, dataDir, 'po', id, actorId);
}

async function mspName(db: DbOrTransaction): Promise<string> {
  const [row] = await db.select({ name: branding.name }).from(branding).where(eq(branding.id, 1));
  return row?.name ?? 'Switchboard IT';
}

/**
 * Approve and send's second half (designs/billing.md §5 E-mail): an approved draft, or an order already sent, is
 * issued (numbered, revision made) and its latest PDF mailed to the vendor's e-mail through the mail module (SMTP,
 * or the outbox without it). 422 before anything changes when it is not approved or the vendor has no e-mail.
 */
export async function sendPurchaseOrderToVendor(
  app: AppInstance,
  id: number,
  actorId: number,
): Promise<{ revision: number; delivered: 'smtp' | 'outbox' }> {
  const [row] = await app.db
    .select({ status: purchaseOrders.status, approvedAt: purchaseOrders.approvedAt, email: vendors.email })
    .from(purchaseOrders)
    .innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
    .where(eq(purchaseOrders.id, id));
  if (!row) throw notFound();
  if (!['draft', 'ordered', 'partial'].includes(row.status))
    throw unprocessable({ status: [purchaseOrderSendStatusMessage] }, purchaseOrderSendStatusMessage);
  if (row.status === 'draft' && row.approvedAt === null)
    throw unprocessable({ status: [purchaseOrderSendNeedsApprovalMessage] }, purchaseOrderSendNeedsApprovalMessage);
  if (row.email.trim() === '')
    throw unprocessable({ vendor_id: [purchaseOrderVendorEmailMessage] }, purchaseOrderVendorEmailMessage);
  await sendPurchaseOrder(app.db, app.config.dataDir, id, actorId);
  const file = await readRevisionFile(app.db, app.config.dataDir, 'po', id);
  if (!file) throw notFound();
  const [po] = await app.db
    .select({ number: purchaseOrders.number })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, id));
  const subject = `Purchase Order ${po!.number} from ${await mspName(app.db)}`;
  const filename = `Purchase-Order-${po!.number}-${String(file.revision).padStart(2, '0')}.pdf`;
  const body = 'Our purchase order is attached as a PDF. Please confirm the order and the expected delivery date.';
  const result = await sendMail(
    { db: app.db, config: app.config, log: app.log },
    {
      to: row.email.trim(),
      subject,
      text: `Hello,\n\n${subject}.\n\n${body}\n`,
      html: `<p>Hello,</p><p>${escapeHtml(subject)}.</p><p>${escapeHtml(body)}</p>`,
      attachments: [{ filename, content: file.file, contentType: 'application/pdf' }],
    },
  );
  return { revision: file.revision, delivered: result.delivered === 'smtp' ? 'smtp' : 'outbox' };
}

/** Approve ('approve billing'): a draft records who approved it and when; approving it again changes nothing. */
export async function approvePurchaseOrder(db: DbOrTransaction, id: number, actorId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: purchaseOrders.status, approvedAt: purchaseOrders.approvedAt })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, id))
      .for('update');
    if (!row) throw notFound();
    if (row.status !== 'draft')
      throw unprocessable({ status: [purchaseOrderApproveOnlyDraftMessage] }, purchaseOrderApproveOnlyDraftMessage);
    if (row.approvedAt !== null) return;
    await tx
      .update(purchaseOrders)
      .set({ approvedBy: actorId, approvedAt: new Date(), updatedAt: new Date() })
      .where(eq(purchaseOrders.id, id));
  });
}

/** Close: an ordered or partially received order nothing more will arrive on. */
export async function closePurchaseOrder(db: DbOrTransaction, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: purchaseOrders.status })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, id))
      .for('update');
    if (!row) throw notFound();
    if (row.status !== 'ordered' && row.status !== 'partial')
      throw unprocessable({ status: [purchaseOrderCloseStatusMessage] }, purchaseOrderCloseStatusMessage);
    await tx.update(purchaseOrders).set({ status: 'closed', updatedAt: new Date() }).where(eq(purchaseOrders.id, id));
  });
}

/** The status an order is in, for the route's target-aware permission check (404 when it does not exist). */
export async function purchaseOrderStatus(db: DbOrTransaction, id: number): Promise<string> {
  const [row] = await db
    .select({ status: purchaseOrders.status })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, id));
  if (!row) throw notFound();
  return row.status;
}

/** Cancel: a draft, or an ordered order nothing was received or billed on (its lines stay, for the record). */
export async function cancelPurchaseOrder(db: DbOrTransaction, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: purchaseOrders.status })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, id))
      .for('update');
    if (!row) throw notFound();
    const [done] = await tx
      .select({ any: sql<boolean>`coalesce(bool_or(${poLines.receivedQty} > 0 or ${poLines.billedQty} > 0), false)` })
      .from(poLines)
      .where(eq(poLines.poId, id));
    if (!(row.status === 'draft' || (row.status === 'ordered' && !done?.any)))
      throw unprocessable({ status: [purchaseOrderCancelStatusMessage] }, purchaseOrderCancelStatusMessage);
    await tx
      .update(purchaseOrders)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(eq(purchaseOrders.id, id));
  });
}

// --- reads: the list, its CSV and the drawer (designs/billing.md §5 /billing/purchaseorders) ---

type ListFilters = Omit<z.output<typeof purchaseOrderListQuerySchema>, 'page' | 'per_page'>;

// The list's filters on `purchase_orders o`, and the key of their shape: the statuses (enum codes) are written into
// the statement, so each set plans on purchase_orders_status_date_idx for its own statuses.
function listWhere(filters: ListFilters, bind: Bind): { where: SQL; shape: string } {
  const parts: SQL[] = [sql`true`];
  const shape: string[] = [];
  const add = (name: string, part: SQL) => {
    parts.push(part);
    shape.push(name);
  };
  if (filters.status?.length) {
    const statuses = [...new Set(filters.status)].sort();
    add(statuses.join('_'), sql`o.status in (${sql.raw(statuses.map((status) => `'${status}'`).join(', '))})`);
  }
  if (filters.vendor_id) add('vendor', sql`o.vendor_id = ${bind('vendor_id', filters.vendor_id)}::int`);
  if (filters.company_id) add('company', sql`o.company_id = ${bind('company_id', filters.company_id)}::int`);
  if (filters.project_id) add('project', sql`o.project_id = ${bind('project_id', filters.project_id)}::int`);
  if (filters.from) add('from', sql`o.order_date >= ${bind('from', filters.from)}::date`);
  if (filters.to) add('to', sql`o.order_date <= ${bind('to', filters.to)}::date`);
  const number = filters.number?.trim();
  if (number) {
    const pattern = sql`o.number ilike ${bind('number', containsPattern(number))}::text`;
    if (/^\d{1,9}$/.test(number))
      add('number_id', sql`(${pattern} or o.id = ${bind('number_id', Number(number))}::int)`);
    else add('number', pattern);
  }
  return { where: sql.join(parts, sql` and `), shape: shape.join('_') || 'all' };
}

/**
 * A listed order (`o`, its vendor `v`, company `c`, project `pr` and its lines' sums `q`) as PurchaseOrderRow's JSON
 * without its closing brace: the values presentRow gave (percentages floored, amounts numeric text read as dollars).
 */
const rowJsonOpen = sql`'{"id":' || o.id || ',"number":' || coalesce(${jsonString(sql`o.number`)}, 'null')
    || ',"label":' || ${jsonString(sql`coalesce(o.number, 'Draft ' || o.id)`)}
    || ',"order_date":"' || o.order_date::text || '","expected_date":' || ${jsonDate(sql`o.expected_date`)}
    || ',"vendor_id":' || o.vendor_id || ',"vendor_name":' || ${jsonString(sql`v.name`)}
    || ',"company_id":' || ${jsonInt(sql`o.company_id`)}
    || ',"company_name":' || coalesce(${jsonString(sql`c.name`)}, 'null')
    || ',"project_id":' || ${jsonInt(sql`o.project_id`)}
    || ',"project_title":' || coalesce(${jsonString(sql`pr.title`)}, 'null') || ',"total":' || o.total::text
    || ',"received_pct":' || (case when q.ordered = 0 then 0 else floor(q.received * 100 / q.ordered)::int end)
    || ',"billed_pct":' || (case when q.ordered = 0 then 0 else floor(q.billed * 100 / q.ordered)::int end)
    || ',"status":"' || o.status || '","approved":' || (o.approved_at is not null)::text`;

const rowJoins = sql`join vendors v on v.id = o.vendor_id
    left join companies c on c.id = o.company_id
    left join projects pr on pr.id = o.project_id
    cross join lateral (select coalesce(sum(l.quantity), 0) as ordered, coalesce(sum(l.received_qty), 0) as received,
      coalesce(sum(l.billed_qty), 0) as billed from po_lines l where l.po_id = o.id) q`;

/**
 * GET /billing/purchaseorders: newest order date first, the spec's paginator as JSON text written by one prepared
 * statement per filter shape (decision 0129's pattern), sent as is.
 */
export async function listPurchaseOrders(
  db: Db,
  query: z.output<typeof purchaseOrderListQuerySchema>,
): Promise<string> {
  const { page, per_page, ...filters } = query;
  const { bind, values } = binder();
  const { where, shape } = listWhere(filters, bind);
  return writtenPage(
    db,
    `po_json_${shape}`,
    { page, per_page },
    {
      ids: (window) => sql`select o.id from purchase_orders o where ${where}
        order by o.order_date desc, o.id desc limit ${window.limit} offset ${window.offset}`,
      rows: sql`select page.position, ${rowJsonOpen} || '}' as row
        from page join purchase_orders o on o.id = page.id ${rowJoins}`,
      count: sql`(select count(*)::int from purchase_orders o where ${where})`,
    },
    values,
  );
}

/** format=csv: every order the filters select, newest first, from one cursor (cursorBatches), shaped as the list's. */
export async function* purchaseOrderListBatches(db: Db, filters: ListFilters): AsyncGenerator<PurchaseOrderRow[]> {
  // The values go inline as the statement's parameters: a cursor's statement is planned once anyway.
  const { where } = listWhere(filters, (_name, value) => sql`${value}`);
  const statement = sql`select ${rowJsonOpen} || '}' as row from purchase_orders o ${rowJoins}
    where ${where} order by o.order_date desc, o.id desc`;
  for await (const batch of cursorBatches<{ row: string }>(db, statement))
    yield batch.map(({ row }) => JSON.parse(row) as PurchaseOrderRow);
}

/**
 * GET /billing/purchaseorders/{id}: the order, its lines (ordered, received, billed), receipts, bills and revisions as
 * JSON text written by one prepared statement (null when there is no such order).
 */
export async function purchaseOrderDetailJson(db: Db, id: number): Promise<string | null> {
  return writtenRecord(
    db,
    'po_detail_json',
    () => sql`select ${rowJsonOpen} || ',"vendor_email":' || ${jsonString(sql`v.email`)}
        || ',"location_id":' || ${jsonInt(sql`o.location_id`)}
        || ',"location_name":' || coalesce(${jsonString(sql`loc.name`)}, 'null')
        || ',"ship_to_site_id":' || ${jsonInt(sql`o.ship_to_site_id`)}
        || ',"ship_to_site_name":' || coalesce(${jsonString(sql`st.name`)}, 'null')
        || ',"memo":' || ${jsonString(sql`o.memo`)} || ',"subtotal":' || o.subtotal::text
        || ',"tax_total":' || o.tax_total::text || ',"sent_at":' || ${jsonTime(sql`o.sent_at`)}
        || ',"approved_by":' || ${jsonInt(sql`o.approved_by`)}
        || ',"approved_by_name":' || coalesce(${jsonString(sql`ap.name`)}, 'null')
        || ',"approved_at":' || ${jsonTime(sql`o.approved_at`)} || ',"updated_at":' || ${jsonTime(sql`o.updated_at`)}
        || ',"lines":[' || coalesce((select string_agg('{"id":' || l.id || ',"line_no":' || l.line_no
            || ',"item_id":' || ${jsonInt(sql`l.item_id`)}
            || ',"item_name":' || coalesce(${jsonString(sql`i.name`)}, 'null')
            || ',"description":' || ${jsonString(sql`l.description`)} || ',"quantity":"' || l.quantity::text
            || '","unit_cost":"' || l.unit_cost::text || '","amount":' || l.amount::text
            || ',"received_qty":"' || l.received_qty::text || '","billed_qty":"' || l.billed_qty::text
            || '","company_id":' || ${jsonInt(sql`l.company_id`)} || ',"project_id":' || ${jsonInt(sql`l.project_id`)}
            || ',"billable_to_client":' || l.billable_to_client::text || '}', ',' order by l.line_no, l.id)
          from po_lines l left join billing_items i on i.id = l.item_id where l.po_id = o.id), '')
        || '],"receipts":[' || coalesce((select string_agg('{"id":' || r.id
            || ',"number":' || ${jsonString(sql`r.number`)}
            || ',"received_on":"' || r.received_on::text || '","total":' || r.total::text
            || ',"voided_on":' || ${jsonDate(sql`r.voided_on`)} || '}', ',' order by r.received_on, r.id)
          from receipts r where r.po_id = o.id), '')
        || '],"bills":[' || coalesce((select string_agg('{"id":' || b.id || ',"kind":' || ${jsonString(sql`b.kind`)}
            || ',"vendor_ref":' || ${jsonString(sql`b.vendor_ref`)} || ',"bill_date":"' || b.bill_date::text
            || '","status":' || ${jsonString(sql`b.status`)} || ',"total":' || b.total::text || '}',
            ',' order by b.bill_date, b.id)
          from bills b where b.po_id = o.id), '')
        || '],"revisions":[' || coalesce((select string_agg('{"revision":' || d.revision || ',"label":"'
            || case when d.revision between 0 and 9 then '0' || d.revision else d.revision::text end
            || '","created_at":' || ${jsonTime(sql`d.created_at`)} || '}', ',' order by d.revision)
          from document_revisions d where d.type = 'po' and d.record_id = o.id), '') || ']}' as json
      from purchase_orders o ${rowJoins}
      left join inventory_locations loc on loc.id = o.location_id
      left join sites st on st.id = o.ship_to_site_id
      left join users ap on ap.id = o.approved_by
      where o.id = ${sql.placeholder('id')}::int`,
    { id },
  );
}

/** The drawer's answer as an object: what every write answers and pushes as PurchaseOrderUpdated. */
export async function getPurchaseOrderDetail(db: Db, id: number): Promise<PurchaseOrderDetail | null> {
  const json = await purchaseOrderDetailJson(db, id);
  return json === null ? null : (JSON.parse(json) as PurchaseOrderDetail);
}
