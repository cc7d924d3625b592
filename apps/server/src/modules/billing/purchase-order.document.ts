import { centsOf, decimalUnits, formatUsd, poLabel } from '@switchboard/shared';
import { asc, eq } from 'drizzle-orm';
import { poLines, purchaseOrders, vendors } from './purchase-orders.table.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { inventoryLocations } from './inventory.table.ts';
import { projects } from '../projects/projects.table.ts';
import type { DocumentTypeModule } from '../documents/document-type.ts';

/**
 * What a purchase order's PDF shows (designs/billing.md §3.7, §5 PDFs): the vendor, whom it is for, the dates, lines
 * and totals in cents. Its status stays out: receiving goods is not a change of the order the vendor holds.
 */
export interface PurchaseOrderView {
  label: string;
  vendor: { name: string; address: string; accountNumber: string };
  company: string | null;
  project: string | null;
  /** A stock location's name, or the client site of a drop ship ('Acme Dental, Main office'). */
  shipTo: string | null;
  orderDate: string;
  expectedDate: string | null;
  memo: string;
  /** Unit costs as stored, to four decimals (designs/billing.md §2). */
  lines: { description: string; quantity: string; unitCost: string; amountCents: number }[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** '$12.50' for 12.5000, '$0.1234' when the cost has a fraction of a cent. */
function formatUnitCost(text: string): string {
  const units = decimalUnits(text, 4);
  if (units % 100 === 0) return formatUsd(units / 100);
  const cents = formatUsd(Math.trunc(units / 100));
  return `${cents}${String(Math.abs(units) % 100).padStart(2, '0')}`;
}

export const purchaseOrderDocument: DocumentTypeModule<PurchaseOrderView> = {
  type: 'po',
  // The MSP's order to its vendor: staff only, even when it is bought for a client's project.
  clientVisible: false,
  staffPermission: 'view billing',
  async load(db, id) {
    const [row] = await db
      .select({
        po: purchaseOrders,
        vendor: vendors,
        company: companies.name,
        project: projects.title,
        location: inventoryLocations.name,
        site: sites.name,
      })
      .from(purchaseOrders)
      .innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
      .leftJoin(companies, eq(companies.id, purchaseOrders.companyId))
      .leftJoin(projects, eq(projects.id, purchaseOrders.projectId))
      .leftJoin(inventoryLocations, eq(inventoryLocations.id, purchaseOrders.locationId))
      .leftJoin(sites, eq(sites.id, purchaseOrders.shipToSiteId))
      .where(eq(purchaseOrders.id, id));
    if (!row) return null;
    const lines = await db.select().from(poLines).where(eq(poLines.poId, id)).orderBy(asc(poLines.lineNo));
    const label = poLabel(row.po);
    return {
      // An internal document: no company, so no client account reads it.
      companyId: null,
      title: `Purchase Order ${label}`,
      fileName: `Purchase-Order-${label.replace(/\s+/g, '-')}`,
      view: {
        label,
        vendor: { name: row.vendor.name, address: row.vendor.address, accountNumber: row.vendor.accountNumber },
        company: row.company,
        project: row.po.projectId !== null && row.project !== null ? `#${row.po.projectId} ${row.project}` : null,
        shipTo: row.location ?? (row.site === null ? null : [row.company, row.site].filter(Boolean).join(', ')),
        orderDate: row.po.orderDate,
        expectedDate: row.po.expectedDate,
        memo: row.po.memo,
        lines: lines.map((line) => ({
          description: line.description,
          quantity: line.quantity,
          unitCost: line.unitCost,
          amountCents: centsOf(line.amount),
        })),
        subtotalCents: centsOf(row.po.subtotal),
        taxCents: centsOf(row.po.taxTotal),
        totalCents: centsOf(row.po.total),
      },
    };
  },
  render(page, view) {
    const forWhom = [view.company, view.project && `Project ${view.project}`].filter(Boolean).join(', ');
    page.fields([
      ['Purchase order', view.label],
      ['Vendor', view.vendor.name],
      ['Vendor address', view.vendor.address],
      ['Our account', view.vendor.accountNumber],
      ['Ship to', view.shipTo ?? ''],
      ['For', forWhom],
      ['Order date', view.orderDate],
      ['Expected', view.expectedDate ?? ''],
    ]);
    const lines = view.lines.map((line) => ({ ...line, unitPrice: formatUnitCost(line.unitCost) }));
    page.pricedLines('Unit cost', lines, view);
    if (view.memo) page.heading('Memo').paragraph(view.memo);
  },
};
