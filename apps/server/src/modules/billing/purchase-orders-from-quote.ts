import { poLabel, quoteNoPreferredVendorMessage, type PurchaseOrderInput } from '@switchboard/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { projects } from '../projects/projects.table.ts';
import { quoteLines, quotes } from '../quotes/quotes.table.ts';
import { billingToday } from './ledger.service.ts';
import { savePurchaseOrder } from './purchase-orders.service.ts';
import { vendors } from './purchase-orders.table.ts';

// "Create purchase orders" from a quote (designs/billing.md §3.5; decision 0109): one draft PO per preferred vendor
// of the quote's product lines (item type product; an optional line only when the client selected it), each line at
// the item's cost, the order for the quote's company and project. Product lines whose item has no preferred vendor
// are answered back so the buyer orders them by hand; when none has one, nothing is made (422).

export const quoteClosedForOrdersMessage = 'A declined or expired quote cannot be ordered from.';

export interface QuotePurchaseOrders {
  orders: { id: number; label: string; vendorId: number; vendorName: string; lines: number }[];
  skipped: { lineNo: number; description: string }[];
}

export async function createPurchaseOrdersFromQuote(
  db: DbOrTransaction,
  dataDir: string,
  quoteId: number,
  actorId: number,
): Promise<QuotePurchaseOrders> {
  return db.transaction(async (tx) => {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for('update');
    if (!quote) throw notFound();
    if (quote.status === 'declined' || quote.status === 'expired')
      throw unprocessable({ status: [quoteClosedForOrdersMessage] }, quoteClosedForOrdersMessage);
    const lines = await tx
      .select({
        lineNo: quoteLines.lineNo,
        description: quoteLines.description,
        quantity: quoteLines.quantity,
        optional: quoteLines.optional,
        selected: quoteLines.selected,
        itemId: billingItems.id,
        cost: billingItems.cost,
        vendorId: vendors.id,
        vendorName: vendors.name,
        vendorArchived: vendors.archivedAt,
      })
      .from(quoteLines)
      .innerJoin(billingItems, and(eq(billingItems.id, quoteLines.itemId), eq(billingItems.type, 'product')))
      .leftJoin(vendors, eq(vendors.id, billingItems.preferredVendorId))
      .where(eq(quoteLines.quoteId, quoteId))
      .orderBy(asc(quoteLines.lineNo));
    const wanted = lines.filter((line) => (!line.optional || line.selected) && Number(line.quantity) > 0);
    const skipped = wanted
      .filter((line) => line.vendorId === null || line.vendorArchived !== null)
      .map((line) => ({ lineNo: line.lineNo, description: line.description }));
    const byVendor = new Map<number, { name: string; lines: typeof wanted }>();
    for (const line of wanted) {
      if (line.vendorId === null || line.vendorArchived !== null) continue;
      const group = byVendor.get(line.vendorId) ?? { name: line.vendorName!, lines: [] };
      group.lines.push(line);
      byVendor.set(line.vendorId, group);
    }
    if (byVendor.size === 0)
      throw unprocessable({ lines: [quoteNoPreferredVendorMessage] }, quoteNoPreferredVendorMessage);

    // quotes.project_id has no foreign key: a project since deleted is left off the orders.
    const [project] =
      quote.projectId === null
        ? []
        : await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, quote.projectId));
    const orderDate = await billingToday(tx);
    const made: QuotePurchaseOrders['orders'] = [];
    for (const [vendorId, group] of [...byVendor].sort(([a], [b]) => a - b)) {
      const input: PurchaseOrderInput = {
        vendor_id: vendorId,
        order_date: orderDate,
        expected_date: null,
        company_id: quote.companyId,
        project_id: project?.id ?? null,
        location_id: null,
        ship_to_site_id: null,
        memo: `For ${quote.number ?? `Draft quote ${quote.id}`}: ${quote.title}`.slice(0, 2000),
        lines: group.lines.map((line) => ({
          item_id: line.itemId,
          description: line.description,
          quantity: line.quantity,
          unit_cost: line.cost,
          billable_to_client: true,
        })),
      };
      const saved = await savePurchaseOrder(tx, dataDir, input, actorId);
      made.push({
        id: saved.id,
        label: poLabel({ id: saved.id, number: null }),
        vendorId,
        vendorName: group.name,
        lines: group.lines.length,
      });
    }
    return { orders: made, skipped };
  });
}
