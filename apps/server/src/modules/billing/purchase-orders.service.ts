import {
  decimalFromCents,
  decimalUnits,
  lineAmountCents,
  poLabel,
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
import { centsFromNumeric, dollarsFromCents } from '@switchboard/shared/billing/money';
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AppInstance } from '../../app-instance.ts';
import type { DbOrTransaction, Transaction } from '../../db/client.ts';
import { pageOffset, toPage, type Page } from '../../db/paginate.ts';
import { conflict, notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { escapeHtml, sendMail } from '../../plugins/mail.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { readRevisionFile, recordRevision, type RecordedRevision } from '../documents/documents.service.ts';
import { branding, documentRevisions } from '../documents/documents.table.ts';
import { projects } from '../projects/projects.table.ts';
import { users } from '../users/users.table.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { bills } from './bills.table.ts';
import { inventoryLocations } from './inventory.table.ts';
import { formatDocumentNumber, getBillingSettings, takeDocumentNumber } from './ledger.service.ts';
import { poLines, purchaseOrders, vendors } from './purchase-orders.table.ts';
import { receipts } from './receipts.table.ts';

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

function listConditions(filters: ListFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filters.status?.length ? inArray(purchaseOrders.status, filters.status) : undefined,
    filters.vendor_id ? eq(purchaseOrders.vendorId, filters.vendor_id) : undefined,
    filters.company_id ? eq(purchaseOrders.companyId, filters.company_id) : undefined,
    filters.project_id ? eq(purchaseOrders.projectId, filters.project_id) : undefined,
    filters.from ? gte(purchaseOrders.orderDate, filters.from) : undefined,
    filters.to ? lte(purchaseOrders.orderDate, filters.to) : undefined,
  ];
  const number = filters.number?.trim();
  if (number) {
    const digits = /^\d{1,9}$/.test(number) ? Number(number) : null;
    const escaped = number.replace(/[\\%_]/g, (c) => `\\${c}`);
    conditions.push(
      or(ilike(purchaseOrders.number, `%${escaped}%`), digits !== null ? eq(purchaseOrders.id, digits) : undefined),
    );
  }
  return and(...conditions);
}

// Ordered, received and billed quantities of each order in hundredths, summed once per order listed.
const progress = sql<{ ordered: string; received: string; billed: string }>`(
  select json_build_object('ordered', coalesce(sum(l.quantity), 0)::text, 'received',
    coalesce(sum(l.received_qty), 0)::text, 'billed', coalesce(sum(l.billed_qty), 0)::text)
  from po_lines l where l.po_id = "purchase_orders"."id")`;

const rowColumns = {
  id: purchaseOrders.id,
  number: purchaseOrders.number,
  orderDate: purchaseOrders.orderDate,
  expectedDate: purchaseOrders.expectedDate,
  vendorId: purchaseOrders.vendorId,
  vendorName: vendors.name,
  companyId: purchaseOrders.companyId,
  companyName: companies.name,
  projectId: purchaseOrders.projectId,
  projectTitle: projects.title,
  total: purchaseOrders.total,
  status: purchaseOrders.status,
  approvedAt: purchaseOrders.approvedAt,
  progress,
};

const percentOf = (part: string, whole: string): number => {
  const total = decimalUnits(whole, 2);
  return total === 0 ? 0 : Math.floor((decimalUnits(part, 2) * 100) / total);
};

type RowRecord = {
  id: number;
  number: string | null;
  orderDate: string;
  expectedDate: string | null;
  vendorId: number;
  vendorName: string;
  companyId: number | null;
  companyName: string | null;
  projectId: number | null;
  projectTitle: string | null;
  total: string;
  status: PurchaseOrderRow['status'];
  approvedAt: Date | null;
  progress: { ordered: string; received: string; billed: string };
};

function presentRow(row: RowRecord): PurchaseOrderRow {
  return {
    id: row.id,
    number: row.number,
    label: poLabel(row),
    order_date: row.orderDate,
    expected_date: row.expectedDate,
    vendor_id: row.vendorId,
    vendor_name: row.vendorName,
    company_id: row.companyId,
    company_name: row.companyName,
    project_id: row.projectId,
    project_title: row.projectTitle,
    total: dollarsFromCents(centsFromNumeric(row.total)),
    received_pct: percentOf(row.progress.received, row.progress.ordered),
    billed_pct: percentOf(row.progress.billed, row.progress.ordered),
    status: row.status,
    approved: row.approvedAt !== null,
  };
}

const baseSelect = (db: DbOrTransaction) =>
  db
    .select(rowColumns)
    .from(purchaseOrders)
    .innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
    .leftJoin(companies, eq(companies.id, purchaseOrders.companyId))
    .leftJoin(projects, eq(projects.id, purchaseOrders.projectId));

/** GET /billing/purchaseorders: newest order date first, the spec's paginator. */
export async function listPurchaseOrders(
  db: DbOrTransaction,
  query: z.output<typeof purchaseOrderListQuerySchema>,
): Promise<Page<PurchaseOrderRow>> {
  const { page, per_page, ...filters } = query;
  const where = listConditions(filters);
  const rows = await baseSelect(db)
    .where(where)
    .orderBy(desc(purchaseOrders.orderDate), desc(purchaseOrders.id))
    .limit(per_page)
    .offset(pageOffset({ page, per_page }));
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(purchaseOrders)
    .where(where);
  return toPage(
    rows.map((row) => presentRow(row as RowRecord)),
    counted?.total ?? 0,
    { page, per_page },
  );
}

/** format=csv: every order the filters select, in batches of 5,000 (keyset on date and id). */
export async function* purchaseOrderListBatches(db: DbOrTransaction, filters: ListFilters) {
  let after: { date: string; id: number } | null = null;
  for (;;) {
    const cursor: SQL | undefined = after
      ? sql`(${purchaseOrders.orderDate}, ${purchaseOrders.id}) < (${after.date}::date, ${after.id})`
      : undefined;
    const rows: RowRecord[] = (await baseSelect(db)
      .where(and(listConditions(filters), cursor))
      .orderBy(desc(purchaseOrders.orderDate), desc(purchaseOrders.id))
      .limit(5000)) as RowRecord[];
    if (rows.length === 0) return;
    yield rows.map(presentRow);
    const last: RowRecord = rows[rows.length - 1]!;
    after = { date: last.orderDate, id: last.id };
    if (rows.length < 5000) return;
  }
}

/** GET /billing/purchaseorders/{id}: the order, its lines (ordered, received, billed), receipts, bills, revisions. */
export async function getPurchaseOrderDetail(db: DbOrTransaction, id: number): Promise<PurchaseOrderDetail | null> {
  const [row] = await baseSelect(db).where(eq(purchaseOrders.id, id)).limit(1);
  if (!row) return null;
  const [more] = await db
    .select({
      po: purchaseOrders,
      vendorEmail: vendors.email,
      locationName: inventoryLocations.name,
      siteName: sites.name,
      approverName: users.name,
    })
    .from(purchaseOrders)
    .innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
    .leftJoin(inventoryLocations, eq(inventoryLocations.id, purchaseOrders.locationId))
    .leftJoin(sites, eq(sites.id, purchaseOrders.shipToSiteId))
    .leftJoin(users, eq(users.id, purchaseOrders.approvedBy))
    .where(eq(purchaseOrders.id, id));
  const po = more!.po;
  const lines = await db
    .select({ line: poLines, itemName: billingItems.name })
    .from(poLines)
    .leftJoin(billingItems, eq(billingItems.id, poLines.itemId))
    .where(eq(poLines.poId, id))
    .orderBy(asc(poLines.lineNo), asc(poLines.id));
  const receiptRows = await db
    .select({
      id: receipts.id,
      number: receipts.number,
      receivedOn: receipts.receivedOn,
      total: receipts.total,
      voidedOn: receipts.voidedOn,
    })
    .from(receipts)
    .where(eq(receipts.poId, id))
    .orderBy(asc(receipts.receivedOn), asc(receipts.id));
  const billRows = await db
    .select({
      id: bills.id,
      kind: bills.kind,
      vendorRef: bills.vendorRef,
      billDate: bills.billDate,
      status: bills.status,
      total: bills.total,
    })
    .from(bills)
    .where(eq(bills.poId, id))
    .orderBy(asc(bills.billDate), asc(bills.id));
  const revisionRows = await db
    .select({ revision: documentRevisions.revision, createdAt: documentRevisions.createdAt })
    .from(documentRevisions)
    .where(and(eq(documentRevisions.type, 'po'), eq(documentRevisions.recordId, id)))
    .orderBy(asc(documentRevisions.revision));
  const money = (text: string) => dollarsFromCents(centsFromNumeric(text));
  return {
    ...presentRow(row as RowRecord),
    vendor_email: more!.vendorEmail,
    location_id: po.locationId,
    location_name: more!.locationName,
    ship_to_site_id: po.shipToSiteId,
    ship_to_site_name: more!.siteName,
    memo: po.memo,
    subtotal: money(po.subtotal),
    tax_total: money(po.taxTotal),
    sent_at: po.sentAt?.toISOString() ?? null,
    approved_by: po.approvedBy,
    approved_by_name: po.approvedBy === null ? null : more!.approverName,
    approved_at: po.approvedAt?.toISOString() ?? null,
    updated_at: po.updatedAt.toISOString(),
    lines: lines.map(({ line, itemName }) => ({
      id: line.id,
      line_no: line.lineNo,
      item_id: line.itemId,
      item_name: itemName,
      description: line.description,
      quantity: line.quantity,
      unit_cost: line.unitCost,
      amount: money(line.amount),
      received_qty: line.receivedQty,
      billed_qty: line.billedQty,
      company_id: line.companyId,
      project_id: line.projectId,
      billable_to_client: line.billableToClient,
    })),
    receipts: receiptRows.map((receipt) => ({
      id: receipt.id,
      number: receipt.number,
      received_on: receipt.receivedOn,
      total: money(receipt.total),
      voided_on: receipt.voidedOn,
    })),
    bills: billRows.map((bill) => ({
      id: bill.id,
      kind: bill.kind,
      vendor_ref: bill.vendorRef,
      bill_date: bill.billDate,
      status: bill.status,
      total: money(bill.total),
    })),
    revisions: revisionRows.map((revision) => ({
      revision: revision.revision,
      label: String(revision.revision).padStart(2, '0'),
      created_at: revision.createdAt.toISOString(),
    })),
  };
}
