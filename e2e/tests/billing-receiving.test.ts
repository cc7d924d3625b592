// Issue 28 part 3 (designs/billing.md §3.7, §5 /billing/receive): a vendor's ordered PO of 5 tracked switches is
// received on /billing/receive in two receipts, 3 then 2; the lines show what is left, the order turns Partially
// received then Received, the history lists both receipts and the stock holds 5. Then "Bill received with items": 2 of
// another order received with the vendor's invoice at a higher unit cost, the bill posted with the receipt. Last, a
// receipt voided from the history (stock out, order open again) and a billed one refused.
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

interface Seeded {
  poId: number;
  poNumber: string;
  itemId: number;
  locationId: number;
}

/** A vendor, a tracked item, a stock location and an ordered PO of 5, straight into the tables. */
async function seed(): Promise<Seeded> {
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  try {
    const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const vendor = await db.query<{ id: number }>(`insert into vendors (name) values ($1) returning id`, [
      `Receiving Vendor ${tag}`,
    ]);
    const item = await db.query<{ id: number }>(
      `insert into billing_items (name, type, unit, inventory_tracked, sku) values ($1, 'product', 'each', true, $2)
       returning id`,
      [`Switch 24p ${tag}`, `SW-${tag}`],
    );
    const location = await db.query<{ id: number }>(
      `insert into inventory_locations (name, kind) values ($1, 'warehouse') returning id`,
      [`Warehouse ${tag}`],
    );
    const poNumber = `PO-E${tag}`;
    const order = await db.query<{ id: number }>(
      `insert into purchase_orders (number, vendor_id, status, order_date, location_id, subtotal, total)
       values ($1, $2, 'ordered', current_date, $3, 600, 600) returning id`,
      [poNumber, vendor.rows[0]!.id, location.rows[0]!.id],
    );
    await db.query(
      `insert into po_lines (po_id, line_no, item_id, description, quantity, unit_cost, amount)
       values ($1, 1, $2, '24-port switch', 5, 120, 600)`,
      [order.rows[0]!.id, item.rows[0]!.id],
    );
    return { poId: order.rows[0]!.id, poNumber, itemId: item.rows[0]!.id, locationId: location.rows[0]!.id };
  } finally {
    await db.end();
  }
}

async function stockOf(itemId: number): Promise<number> {
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  try {
    const result = await db.query<{ on_hand: string | null }>(
      `select sum(on_hand)::text as on_hand from stock_levels where item_id = $1`,
      [itemId],
    );
    return Number(result.rows[0]!.on_hand ?? 0);
  } finally {
    await db.end();
  }
}

/** The bill entered with the receipts of an order: its reference, status, total and whether it names its receipt. */
async function billOf(poId: number) {
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  try {
    const result = await db.query<{ vendor_ref: string; status: string; total: string; has_receipt: boolean }>(
      `select b.vendor_ref, b.status, b.total::text as total,
         exists (select 1 from receipts r where r.id = b.receipt_id and r.po_id = $1) as has_receipt
       from bills b where b.po_id = $1`,
      [poId],
    );
    return result.rows.map((row) => ({ ...row, total: Number(row.total) }));
  } finally {
    await db.end();
  }
}

describe('billing receiving', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('receives 3 of 5, then the other 2, and the order shows Received', async () => {
    const seeded = await seed();
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/billing/receive?po=${seeded.poId}`);

    const lines = page.getByRole('table', { name: 'Lines to receive' });
    const row = lines.getByRole('row').filter({ hasText: '24-port switch' });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['5', '0']));

    await page.getByRole('textbox', { name: 'Receive now, line 1' }).fill('3');
    await page.getByRole('textbox', { name: 'Serials, line 1' }).fill('SN-1, SN-2, SN-3');
    await page.getByRole('button', { name: 'Post receipt' }).click();
    const posted = page.getByRole('alert', { name: 'Receipt posted' });
    await posted.getByText(`${seeded.poNumber}: Partially received.`).waitFor();
    await posted.getByText(/RCV-\d{6}, \$360\.00\./).waitFor();
    // The line now says 3 received, 2 remaining.
    await row.getByRole('cell', { name: '2', exact: true }).waitFor();
    await row.getByRole('cell', { name: '3', exact: true }).waitFor();

    await page.getByRole('textbox', { name: 'Receive now, line 1' }).fill('3');
    await page.getByRole('button', { name: 'Post receipt' }).click();
    await page.getByText('Only 2 left to receive on this line.').waitFor();

    await page.getByRole('textbox', { name: 'Receive now, line 1' }).fill('2');
    await page.getByRole('button', { name: 'Post receipt' }).click();
    await posted.getByText(`${seeded.poNumber}: Received.`).waitFor();
    // Fully received, the order leaves the open list; the history keeps both receipts with its status.
    await lines.waitFor({ state: 'detached' });
    const history = page.getByRole('table', { name: 'Receipts' });
    const receipts = history.getByRole('row').filter({ hasText: seeded.poNumber });
    await expect.poll(() => receipts.count()).toBe(2);
    expect(await receipts.filter({ hasText: 'Received' }).count()).toBe(2);
    await receipts.filter({ hasText: '$240.00' }).waitFor();
    expect(await stockOf(seeded.itemId)).toBe(5);
    await page.close();
  });

  it('posts the receipt and the vendor\'s bill together ("Bill received with items")', async () => {
    const seeded = await seed();
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/billing/receive?po=${seeded.poId}`);
    await page
      .getByRole('table', { name: 'Lines to receive' })
      .getByRole('row')
      .filter({ hasText: '24-port switch' })
      .waitFor();
    await page.getByRole('textbox', { name: 'Receive now, line 1' }).fill('2');
    await page.getByRole('checkbox', { name: /Bill received with items/ }).check();
    const reference = `INV-${seeded.poId}`;
    await page.getByRole('textbox', { name: 'Vendor invoice #' }).fill(reference);
    await page.getByRole('textbox', { name: 'Billed unit cost, line 1' }).fill('125');
    await page.getByLabel('Bill total').getByText('$250.00').waitFor();
    await page.getByRole('button', { name: 'Post receipt' }).click();
    const posted = page.getByRole('alert', { name: 'Receipt posted' });
    await posted.getByText(`Bill ${reference} posted.`).waitFor();
    await posted.getByText(/RCV-\d{6}, \$240\.00\./).waitFor();
    expect(await billOf(seeded.poId)).toEqual([
      { vendor_ref: reference, status: 'posted', total: 250, has_receipt: true },
    ]);
    expect(await stockOf(seeded.itemId)).toBe(2);
    await page.close();
  });

  it('voids a receipt from the history: stock out, the order open again; a billed one is refused', async () => {
    const seeded = await seed();
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/billing/receive?po=${seeded.poId}`);
    const lines = page.getByRole('table', { name: 'Lines to receive' });
    await lines.getByRole('row').filter({ hasText: '24-port switch' }).waitFor();
    await page.getByRole('textbox', { name: 'Receive now, line 1' }).fill('3');
    await page.getByRole('button', { name: 'Post receipt' }).click();
    await page
      .getByRole('alert', { name: 'Receipt posted' })
      .getByText(/RCV-\d{6}, \$360\.00\./)
      .waitFor();
    expect(await stockOf(seeded.itemId)).toBe(3);

    const history = page.getByRole('table', { name: 'Receipts' });
    const receipt = history.getByRole('row').filter({ hasText: seeded.poNumber }).filter({ hasText: '$360.00' });
    await receipt.getByRole('button', { name: 'Void' }).click();
    const dialog = page.getByRole('dialog', { name: /Void receipt RCV-\d{6}/ });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Wrong model shipped');
    await dialog.getByRole('button', { name: 'Void receipt' }).click();
    await dialog.waitFor({ state: 'detached' });
    await receipt.getByText(/^Void \d{4}-\d{2}-\d{2}$/).waitFor();
    expect(await receipt.getByRole('button', { name: 'Void' }).count()).toBe(0);
    await expect.poll(() => stockOf(seeded.itemId)).toBe(0);
    // The order's line is back to 5 remaining.
    await lines
      .getByRole('row')
      .filter({ hasText: '24-port switch' })
      .getByRole('cell', { name: '5' })
      .first()
      .waitFor();

    // Received again with the vendor's bill: that receipt cannot be voided while its bill stands.
    await page.getByRole('textbox', { name: 'Receive now, line 1' }).fill('1');
    await page.getByRole('checkbox', { name: /Bill received with items/ }).check();
    await page.getByRole('textbox', { name: 'Vendor invoice #' }).fill(`VOID-${seeded.poId}`);
    await page.getByRole('button', { name: 'Post receipt' }).click();
    await page.getByRole('alert', { name: 'Receipt posted' }).getByText(`Bill VOID-${seeded.poId} posted.`).waitFor();
    const billed = history.getByRole('row').filter({ hasText: seeded.poNumber }).filter({ hasText: '$120.00' });
    await billed.getByRole('button', { name: 'Void' }).click();
    const refused = page.getByRole('dialog', { name: /Void receipt RCV-\d{6}/ });
    await refused.getByRole('button', { name: 'Void receipt' }).click();
    await refused.getByRole('alert').getByText('A bill is matched to this receipt: void the bill first.').waitFor();
    expect(await stockOf(seeded.itemId)).toBe(1);
    await page.close();
  });
});
