// Issue 28 part 5 (designs/billing.md §3.8, §5): on /billing/inventory a bookkeeper creates two locations, receives
// stock by a direct adjustment up at a cost, transfers part of it to the van and issues one to a project; the table,
// the values at average cost and the item's movement history follow. An invoice line of a tracked product names the
// stock location it leaves from (each offered with its on hand): posting sells from there and the van's stock follows.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

async function pick(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('billing inventory', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates locations, adjusts stock up, transfers and issues to a project', async () => {
    const stamp = Date.now();
    const token = await adminToken();
    const itemName = `Switch 24p ${stamp}`;
    await callApi(token, 'POST', '/api/billing/items', {
      name: itemName,
      type: 'product',
      sku: `SW-${stamp}`,
      unit: 'each',
      price: 40,
      cost: 10,
      taxable: 0,
      inventory_tracked: true,
    });
    const companyId = await createCompanyViaApi(token, `Inventory Dental ${stamp}`);
    const project = await callApi<{ data: { id: number } }>(token, 'POST', '/api/project', {
      title: `Server room ${stamp}`,
      company_id: companyId,
      labor_required: 0,
      procurement_required: 0,
      verbally_approved: 0,
    });

    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/billing/inventory');
    await page.getByRole('table', { name: 'Stock' }).waitFor();

    // Two locations through the Locations dialog.
    const shelf = `Shelf ${stamp}`;
    const van = `Van ${stamp}`;
    await page.getByRole('button', { name: 'Locations' }).click();
    const dialog = page.getByRole('dialog', { name: 'Locations' });
    for (const [name, kind] of [
      [shelf, 'Warehouse'],
      [van, 'Vehicle'],
    ]) {
      await dialog.getByRole('button', { name: 'New location' }).click();
      const form = dialog.getByRole('form', { name: 'New location' });
      await form.getByRole('textbox', { name: 'Name' }).fill(name!);
      await pick(page, form, 'Kind', kind!);
      await form.getByRole('button', { name: 'Save' }).click();
      await dialog.getByRole('table', { name: 'Locations' }).getByRole('button', { name: name! }).waitFor();
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Receive 10 at $12.50 by an adjustment up.
    await page.getByRole('button', { name: 'Adjust' }).click();
    const adjust = page.getByRole('dialog', { name: 'Adjust stock' });
    await pick(page, adjust, 'Item', `${itemName} (SW-${stamp})`);
    await pick(page, adjust, 'Location', shelf);
    await adjust.getByText('Change (+/-)').click();
    await adjust.getByRole('textbox', { name: 'Change' }).fill('10');
    await adjust.getByRole('textbox', { name: 'Unit cost' }).fill('12.5');
    await adjust.getByRole('textbox', { name: 'Reason' }).fill('Opening stock');
    await adjust.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Stock adjusted.').waitFor();

    await page.getByRole('textbox', { name: 'Search' }).fill(`SW-${stamp}`);
    await page.waitForURL(/search=/);
    const table = page.getByRole('table', { name: 'Stock' });
    const shelfRow = table.getByRole('row').filter({ hasText: shelf });
    await shelfRow.getByRole('cell', { name: '$125.00' }).waitFor();

    // Transfer 4 to the van: no change of value, split at the average cost.
    await page.getByRole('button', { name: 'Transfer' }).click();
    const transfer = page.getByRole('dialog', { name: 'Transfer stock' });
    await pick(page, transfer, 'Item', `${itemName} (SW-${stamp})`);
    await pick(page, transfer, 'From', shelf);
    await pick(page, transfer, 'To', van);
    await transfer.getByRole('textbox', { name: 'Quantity' }).fill('40');
    await transfer.getByRole('button', { name: 'Save' }).click();
    await transfer.getByText(`Not enough stock at ${shelf}: 10 on hand.`).waitFor();
    await transfer.getByRole('textbox', { name: 'Quantity' }).fill('4');
    await transfer.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Stock transferred.').waitFor();
    await shelfRow.getByRole('cell', { name: '$75.00' }).waitFor();
    const vanRow = table.getByRole('row').filter({ hasText: van });
    await vanRow.getByRole('cell', { name: '$50.00' }).waitFor();

    // Issue one from the van to the project.
    await page.getByRole('button', { name: 'Issue' }).click();
    const issue = page.getByRole('dialog', { name: 'Issue stock' });
    await pick(page, issue, 'Item', `${itemName} (SW-${stamp})`);
    await pick(page, issue, 'From', van);
    await issue.getByRole('textbox', { name: 'Quantity' }).fill('1');
    await issue.getByText('Project', { exact: true }).click();
    await issue.getByRole('textbox', { name: 'Project #' }).fill(String(project.data.id));
    await issue.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Stock issued.').waitFor();
    await vanRow.getByRole('cell', { name: '$37.50' }).waitFor();

    // The item's movement history.
    await shelfRow.getByRole('button', { name: itemName }).click();
    const history = page.getByRole('table', { name: 'Movements' });
    await history.waitFor();
    await history.getByRole('row').filter({ hasText: 'Issue' }).getByText(`Project Server room ${stamp}`).waitFor();
    await history.getByRole('row').filter({ hasText: 'Transfer out' }).waitFor();
    await history.getByRole('row').filter({ hasText: 'Opening stock' }).waitFor();
    await page.close();
  });

  it('sells from the stock location chosen on the invoice line', { timeout: 120_000 }, async () => {
    const stamp = Date.now();
    const token = await adminToken();
    const itemName = `Firewall FX ${stamp}`;
    const item = await callApi<{ data: { id: number } }>(token, 'POST', '/api/billing/items', {
      name: itemName,
      type: 'product',
      sku: `FX-${stamp}`,
      unit: 'each',
      price: 400,
      cost: 100,
      taxable: 0,
      inventory_tracked: true,
    });
    const companyName = `Stock Sale Dental ${stamp}`;
    await createCompanyViaApi(token, companyName);
    const locationId = async (name: string, kind: string) =>
      (await callApi<{ data: { id: number } }>(token, 'POST', '/api/billing/inventory/locations', { name, kind })).data
        .id;
    const shelf = `Shelf ${stamp}`;
    const van = `Van ${stamp}`;
    // 6 on the shelf, 3 in the van, all at $100: the shelf is where most are (the rule without a choice).
    for (const [name, kind, quantity] of [
      [shelf, 'warehouse', 6],
      [van, 'vehicle', 3],
    ] as const) {
      await callApi(token, 'POST', '/api/billing/inventory/adjustments', {
        item_id: item.data.id,
        location_id: await locationId(name, kind),
        mode: 'delta',
        quantity,
        unit_cost: 100,
        reason: 'Opening stock',
      });
    }

    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/billing/invoices');
    await page.getByRole('button', { name: 'New invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'New invoice' });
    await dialog.getByRole('combobox', { name: 'Company' }).fill(companyName);
    await page.getByRole('option', { name: companyName }).click();
    await dialog.getByRole('combobox', { name: 'Line 1 item' }).fill(itemName);
    await page.getByRole('option', { name: itemName, exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Line 1 stock location' }).click();
    await page.getByRole('option', { name: `${shelf} (6 on hand)`, exact: true }).waitFor();
    await page.getByRole('option', { name: `${van} (3 on hand)`, exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Line 1 quantity' }).fill('4');
    await dialog.getByText('Only 3 on hand here now.').waitFor();
    await dialog.getByRole('textbox', { name: 'Line 1 quantity' }).fill('2');
    await dialog.getByText('$800.00').waitFor();
    await dialog.getByRole('button', { name: 'Create draft' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const drawer = page.getByRole('dialog', { name: /^Invoice / });
    await drawer.getByRole('heading', { name: /^Draft \d+$/ }).waitFor();
    const actions = drawer.getByRole('group', { name: 'Invoice actions' });
    await actions.getByRole('button', { name: 'Approve' }).click();
    await actions.getByRole('button', { name: 'Post' }).click();
    await drawer.getByRole('heading', { name: /^INV-\d{6}$/ }).waitFor();
    await drawer.getByRole('table', { name: 'Lines' }).getByText(`· from ${van}`).waitFor();

    // The van has one left ($100.00 at average cost), the shelf its six.
    await page.goto(`/billing/inventory?search=FX-${stamp}`);
    const table = page.getByRole('table', { name: 'Stock' });
    await table.getByRole('row').filter({ hasText: van }).getByRole('cell', { name: '$100.00', exact: true }).waitFor();
    await table
      .getByRole('row')
      .filter({ hasText: shelf })
      .getByRole('cell', { name: '$600.00', exact: true })
      .waitFor();
    await page.close();
  });
});
