import { vendorInputSchema, purchaseOrderInputSchema, type PurchaseOrderInputBody } from '@switchboard/shared';
import { addDays } from '@switchboard/shared/billing/billing-date';
import { billInputSchema, payBillsInputSchema, type BillInput } from '@switchboard/shared/billing/bills';
import { locationFormSchema } from '@switchboard/shared/billing/inventory';
import { billingItemInputSchema } from '@switchboard/shared/billing/items';
import { centsFromNumeric, dollarsFromCents } from '@switchboard/shared/billing/money';
import { receiptInputSchema } from '@switchboard/shared/billing/receipts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../../db/client.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { payBills } from './bill-payments.service.ts';
import { createCatalogueItem } from './billing-catalogue.service.ts';
import { bills } from './bills.table.ts';
import { createBill, postBill } from './bills.service.ts';
import { adjustStock, createLocation, issueStock, transferStock } from './inventory.service.ts';
import { inventoryLocations } from './inventory.table.ts';
import { approveInvoice, writeDraftInvoice } from './invoice-drafts.ts';
import { postInvoice } from './invoice-posting.ts';
import {
  approvePurchaseOrder,
  cancelPurchaseOrder,
  closePurchaseOrder,
  createVendor,
  savePurchaseOrder,
  sendPurchaseOrder,
} from './purchase-orders.service.ts';
import { poLines, vendors } from './purchase-orders.table.ts';
import { postReceipt } from './receipts.service.ts';

// Demo purchasing and stock (issue 28 part 8), all through the services so the ledger stays true (1200 Inventory =
// the stock's value, 2000 Accounts Payable = the open bills, 2050 Received Not Billed = what was received and not
// billed): two vendors, a warehouse and a van, two tracked products (the switch below its reorder point), purchase
// orders in every state, receipts partial then full, bills paid (by check) and open, one billed at a slightly higher
// price than ordered (the difference to 5900), a transfer to the van, an adjustment, an issue to a ticket and one
// posted invoice selling a firewall from stock. Runs once: nothing is done when a stock location exists.

// Services that open their own transaction take a Db; inside the seed's transaction they nest as savepoints.
const asDb = (tx: Transaction) => tx as unknown as Db;

const firewallCost = '512.4000';
/** The vendor's bill for the firewalls: $7.50 a unit over the order (purchase price variance). */
const firewallBilledCost = 519.9;
const switchCost = '189.0000';

interface DemoPo {
  id: number;
  lineId: number;
}

/**
 * Seeds purchasing and stock dated in the 45 days before `today`. `dataDir`: where issued orders keep their PDF
 * revisions (sending an order makes one). `actorId`: the bookkeeper who acts.
 */
export async function seedPurchasingDemo(
  tx: Transaction,
  input: { dataDir: string; actorId: number; today: string },
): Promise<void> {
  if ((await tx.$count(inventoryLocations)) > 0) return;
  const { dataDir, actorId, today } = input;
  const db = asDb(tx);
  const day = (offset: number) => addDays(today, offset);

  // The documents demo may have made Ingram Micro already.
  const ingram = await vendorNamed(tx, 'Ingram Micro', {
    name: 'Ingram Micro',
    account_number: 'SB-204417',
    contact: 'Partner desk',
    email: 'orders@ingrammicro.example',
    phone: '(800) 456-8000',
    address: '3351 Michelson Drive, Irvine, CA 92612',
    payment_terms: 30,
    notes: '',
  });
  const synnex = await vendorNamed(tx, 'TD SYNNEX', {
    name: 'TD SYNNEX',
    account_number: 'TDS-88120',
    contact: 'Inside sales',
    email: 'orders@tdsynnex.example',
    phone: '(800) 237-8931',
    address: '16202 Bay Vista Drive, Clearwater, FL 33760',
    payment_terms: 30,
    notes: 'Net 30; switches and access points.',
  });

  const warehouse = await createLocation(db, locationFormSchema.parse({ name: 'Main Warehouse', kind: 'warehouse' }));
  const van = await createLocation(db, locationFormSchema.parse({ name: 'Service Van 1', kind: 'vehicle' }));

  const firewall = await trackedItem(tx, {
    name: 'FortiGate 60F Firewall (stocked)',
    sku: 'FG-60F',
    price: 849,
    cost: Number(firewallCost),
    reorderPoint: 3,
    reorderQty: 5,
    vendorId: ingram,
  });
  const switchItem = await trackedItem(tx, {
    name: 'Aruba CX 6100 24-port Switch (stocked)',
    sku: 'JL678A',
    price: 329,
    cost: Number(switchCost),
    reorderPoint: 6,
    reorderQty: 6,
    vendorId: synnex,
  });

  const order = async (
    vendorId: number,
    itemId: number,
    description: string,
    quantity: string,
    unitCost: string,
    orderDate: string,
    memo: string,
  ): Promise<DemoPo> => {
    const body: PurchaseOrderInputBody = {
      vendor_id: vendorId,
      order_date: orderDate,
      expected_date: addDays(orderDate, 7),
      location_id: warehouse.id,
      memo,
      lines: [{ item_id: itemId, description, quantity, unit_cost: unitCost }],
    };
    const saved = await savePurchaseOrder(db, dataDir, purchaseOrderInputSchema.parse(body), actorId);
    const [line] = await tx
      .select({ id: poLines.id })
      .from(poLines)
      .where(eq(poLines.poId, saved.id))
      .orderBy(asc(poLines.id))
      .limit(1);
    return { id: saved.id, lineId: line!.id };
  };
  const issue = async (po: DemoPo) => {
    await approvePurchaseOrder(db, po.id, actorId);
    await sendPurchaseOrder(db, dataDir, po.id, actorId);
  };
  const receive = (po: DemoPo, quantity: string, date: string, memo: string) =>
    postReceipt(
      db,
      receiptInputSchema.parse({
        po_id: po.id,
        received_on: date,
        location_id: warehouse.id,
        memo,
        lines: [{ po_line_id: po.lineId, quantity }],
      }),
      actorId,
    );
  const bill = async (body: BillInput): Promise<{ id: number; total: number }> => {
    const created = await createBill(db, billInputSchema.parse(body), actorId);
    await postBill(db, created.id, actorId);
    const [row] = await tx.select({ total: bills.total }).from(bills).where(eq(bills.id, created.id));
    return { id: created.id, total: centsFromNumeric(row!.total) };
  };

  // Received: six firewalls, two first and the rest ten days later; billed at $519.90 (PPV), paid by check.
  const firewalls = await order(
    ingram,
    firewall,
    'FortiGate 60F firewall',
    '6',
    firewallCost,
    day(-45),
    'Stock for the firewall refresh season.',
  );
  await issue(firewalls);
  await receive(firewalls, '2', day(-40), 'Partial shipment: 2 of 6, the rest back-ordered.');
  await receive(firewalls, '4', day(-30), 'The back-ordered 4.');
  const firewallBill = await bill({
    vendor_id: ingram,
    vendor_ref: 'INV-7719203',
    bill_date: day(-29),
    po_id: firewalls.id,
    memo: 'Billed $7.50 a unit over the order: price increase.',
    lines: [
      {
        item_id: firewall,
        description: 'FortiGate 60F firewall',
        quantity: 6,
        unit_cost: firewallBilledCost,
        po_line_id: firewalls.lineId,
      },
    ],
  });
  await payBills(
    db,
    payBillsInputSchema.parse({
      vendor_id: ingram,
      payment_date: day(-10),
      method: 'check',
      reference: '10452',
      amount: dollarsFromCents(firewallBill.total),
      memo: 'Firewall stock.',
      allocations: [{ bill_id: firewallBill.id, amount: dollarsFromCents(firewallBill.total) }],
    }),
    actorId,
  );

  // Partial: five of eight switches in, billed and not yet paid (open in Aged Payables).
  const switches = await order(
    synnex,
    switchItem,
    'Aruba CX 6100 24-port switch',
    '8',
    switchCost,
    day(-25),
    'Switch stock.',
  );
  await issue(switches);
  await receive(switches, '5', day(-20), 'Partial shipment: 5 of 8.');
  await bill({
    vendor_id: synnex,
    vendor_ref: 'TDS-5531870',
    bill_date: day(-19),
    po_id: switches.id,
    lines: [
      {
        item_id: switchItem,
        description: 'Aruba CX 6100 24-port switch',
        quantity: 5,
        unit_cost: Number(switchCost),
        po_line_id: switches.lineId,
      },
    ],
  });

  // Closed: two of four in, the vendor discontinued the rest (the two received wait for their bill in 2050).
  const closed = await order(
    synnex,
    switchItem,
    'Aruba CX 6100 24-port switch',
    '4',
    switchCost,
    day(-38),
    'Switches for the spare pool.',
  );
  await issue(closed);
  await receive(closed, '2', day(-33), 'Two in; the vendor cannot ship the rest.');
  await closePurchaseOrder(db, closed.id);

  // Ordered: sent, nothing in yet.
  await issue(
    await order(
      ingram,
      firewall,
      'FortiGate 60F firewall',
      '2',
      firewallCost,
      day(-3),
      'Reorder for the next installs.',
    ),
  );
  // Cancelled: sent, then the client's project was put off.
  const cancelled = await order(
    synnex,
    switchItem,
    'Aruba CX 6100 24-port switch',
    '3',
    switchCost,
    day(-15),
    'For a branch office; the project was put off.',
  );
  await issue(cancelled);
  await cancelPurchaseOrder(db, cancelled.id);
  // Draft: waiting for approval.
  await order(
    synnex,
    switchItem,
    'Aruba CX 6100 24-port switch',
    '6',
    switchCost,
    day(-1),
    'Back above the reorder point.',
  );

  // Two firewalls to the van, one damaged switch written off, one switch issued to a ticket.
  await transferStock(
    db,
    { item_id: firewall, from_location_id: warehouse.id, to_location_id: van.id, quantity: 2, memo: '', date: day(-8) },
    actorId,
  );
  await adjustStock(
    db,
    {
      item_id: switchItem,
      location_id: warehouse.id,
      mode: 'delta',
      quantity: -1,
      reason: 'Dropped in the warehouse: the case is cracked.',
      date: day(-7),
    },
    actorId,
  );
  const [ticket] = (await tx.execute<{ id: number }>(sql`select id from tickets order by id limit 1`)).rows;
  if (ticket)
    await issueStock(
      db,
      {
        item_id: switchItem,
        location_id: warehouse.id,
        quantity: 1,
        ticket_id: Number(ticket.id),
        project_id: null,
        memo: 'Replaced the failed closet switch.',
        date: day(-5),
      },
      actorId,
    );

  await sellFirewall(tx, firewall, day(-4), actorId);
}

/** The vendor of that name (case aside), or a new one. */
async function vendorNamed(tx: Transaction, name: string, input: Parameters<typeof vendorInputSchema.parse>[0]) {
  const [found] = await tx
    .select({ id: vendors.id })
    .from(vendors)
    .where(sql`lower(${vendors.name}) = lower(${name})`)
    .limit(1);
  if (found) return found.id;
  return (await createVendor(tx, vendorInputSchema.parse(input))).id;
}

/**
 * A tracked product through the catalogue's service. Its preferred vendor has no field in the catalogue's form, so it
 * is set on the row (the column the reorder list and quote conversion read).
 */
async function trackedItem(
  tx: Transaction,
  item: {
    name: string;
    sku: string;
    price: number;
    cost: number;
    reorderPoint: number;
    reorderQty: number;
    vendorId: number;
  },
): Promise<number> {
  const created = await createCatalogueItem(
    asDb(tx),
    billingItemInputSchema.parse({
      name: item.name,
      type: 'product',
      sku: item.sku,
      unit: 'each',
      price: item.price,
      cost: item.cost,
      taxable: 1,
      inventory_tracked: true,
      reorder_point: item.reorderPoint,
      reorder_qty: item.reorderQty,
    }),
  );
  await tx.update(billingItems).set({ preferredVendorId: item.vendorId }).where(eq(billingItems.id, created.id));
  return created.id;
}

/** One firewall sold from stock to the first contract's company: posting takes it out at average cost (5000/1200). */
async function sellFirewall(tx: Transaction, itemId: number, date: string, actorId: number): Promise<void> {
  const [company] = (await tx.execute<{ id: number }>(sql`select company_id as id from contracts order by id limit 1`))
    .rows;
  if (!company) return;
  await tx.transaction(async (sp) => {
    const id = await writeDraftInvoice(
      sp,
      {
        companyId: Number(company.id),
        type: 'one_off',
        invoiceDate: date,
        paymentTerms: 30,
        memo: 'Spare firewall from stock.',
        lines: [
          {
            kind: 'item',
            itemId,
            description: 'FortiGate 60F firewall',
            quantity: '1',
            unitPrice: '849.0000',
            taxable: 1,
          },
        ],
      },
      actorId,
    );
    await approveInvoice(sp, id, actorId);
    await postInvoice(sp, id, actorId, date);
  });
}
