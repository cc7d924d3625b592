import {
  decimalFromCents,
  lineAmountCents,
  vendorNameTakenMessage,
  type PurchaseOrderInput,
  type VendorInput,
} from '@switchboard/shared';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { conflict, notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { companies } from '../companies/companies.table.ts';
import { recordRevision, type RecordedRevision } from '../documents/documents.service.ts';
import { projects } from '../projects/projects.table.ts';
import { poLines, purchaseOrders, vendors } from './purchase-orders.table.ts';

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

/**
 * The order's vendor, company and project exist (else a 422 on that field). A project without a company names its
 * company; a project of another company than the one chosen is refused. Answers the company to store.
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
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return companyId;
}

/**
 * Creates (no `id`) or replaces a purchase order and its lines in one transaction, prices each line once (quantity
 * × unit cost, in cents) and totals the order (no tax until vendor bills bring it). A sent order's PDF gets its next
 * revision when what it shows changed. Only a draft or an ordered (nothing received yet) order can change: its
 * lines are replaced, which would lose received quantities.
 */
export async function savePurchaseOrder(
  db: DbOrTransaction,
  dataDir: string,
  input: PurchaseOrderInput & { id?: number },
  actorId: number | null,
): Promise<{ id: number; revision: RecordedRevision | null }> {
  if (input.id !== undefined) {
    const [existing] = await db
      .select({ status: purchaseOrders.status })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, input.id));
    if (!existing) throw notFound();
    if (existing.status !== 'draft' && existing.status !== 'ordered')
      throw conflict('Only a draft or ordered purchase order can be changed.');
  }
  const companyId = await checkReferences(db, input);
  const priced = input.lines.map((line, index) => ({
    lineNo: index + 1,
    description: line.description,
    quantity: line.quantity,
    unitCost: line.unit_cost,
    amountCents: lineAmountCents(line.quantity, line.unit_cost),
  }));
  const subtotal = priced.reduce((sum, line) => sum + line.amountCents, 0);
  const values = {
    vendorId: input.vendor_id,
    orderDate: input.order_date,
    expectedDate: input.expected_date ?? null,
    companyId,
    projectId: input.project_id ?? null,
    memo: input.memo,
    subtotal: decimalFromCents(subtotal),
    taxTotal: '0.00',
    total: decimalFromCents(subtotal),
    updatedAt: new Date(),
  };
  const saved = await db.transaction(async (tx) => {
    const [row] =
      input.id === undefined
        ? await tx
            .insert(purchaseOrders)
            .values({ ...values, createdBy: actorId })
            .returning({ id: purchaseOrders.id, status: purchaseOrders.status })
        : await tx
            .update(purchaseOrders)
            .set(values)
            .where(eq(purchaseOrders.id, input.id))
            .returning({ id: purchaseOrders.id, status: purchaseOrders.status });
    if (!row) throw notFound();
    await tx.delete(poLines).where(eq(poLines.poId, row.id));
    await tx.insert(poLines).values(
      priced.map((line) => ({
        poId: row.id,
        lineNo: line.lineNo,
        description: line.description,
        quantity: line.quantity,
        unitCost: line.unitCost,
        amount: decimalFromCents(line.amountCents),
      })),
    );
    return row;
  });
  const revision = saved.status === 'draft' ? null : await recordRevision(db, dataDir, 'po', saved.id, actorId);
  return { id: saved.id, revision };
}

/**
 * Sends an order: a draft takes the next number ('PO-000001', gapless: counted under a lock in the same
 * transaction), becomes 'ordered' and is dated sent; then revision 00 of its PDF is made. Sending it again keeps its
 * number. Mailing it to the vendor comes with the billing issue. Null when it does not exist.
 */
export async function sendPurchaseOrder(
  db: DbOrTransaction,
  dataDir: string,
  id: number,
  actorId: number | null,
): Promise<RecordedRevision | null> {
  const found = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('po_number'))`);
    const [row] = await tx
      .select({ status: purchaseOrders.status })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, id));
    if (!row) return false;
    if (row.status === 'cancelled') throw conflict('A cancelled purchase order cannot be sent.');
    await tx.execute(sql`update purchase_orders set
        status = case when status = 'draft' then 'ordered' else status end,
        sent_at = coalesce(sent_at, now()),
        updated_at = now(),
        number = coalesce(number, (
          select 'PO-' || lpad((coalesce(max(substring(number from 4)::int), 0) + 1)::text, 6, '0')
          from purchase_orders where number like 'PO-%'))
      where id = ${id}`);
    return true;
  });
  if (!found) return null;
  return recordRevision(db, dataDir, 'po', id, actorId);
}
