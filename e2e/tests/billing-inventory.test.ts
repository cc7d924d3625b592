// Issue 28 part 5 (designs/billing.md §3.8, §5): on /billing/inventory a bookkeeper creates two locations, receives
// stock by a direct adjustment up at a cost, transfers part of it to the van and issues one to a project; the table,
// the values at average cost and the item's movement history follow.
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
});
