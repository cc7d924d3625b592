// Issue 6 parts 6-8 through the browser: a contract with a recurring item, the Active badge, usage and an adjustment.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('company contracts and usage', () => {
  let browser: Browser;
  let companyId: number;
  const name = `Lakeside Pediatrics ${Date.now()}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    companyId = await createCompanyViaApi(await adminToken(), name);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds a contract with a recurring item, shows it active, and records a usage adjustment', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/companies/${companyId}/contracts`);
    await page.getByRole('table', { name: 'Contracts' }).getByText('No Contracts Found').waitFor();
    await page.getByRole('link', { name: 'Add Contract' }).click();
    await page.waitForURL((url) => url.pathname === `/companies/${companyId}/contracts/new`);
    await page.getByRole('heading', { name: `New Contract for ${name}` }).waitFor();

    const form = page.getByRole('form', { name: 'New Contract' });
    expect(await form.getByLabel('Payment Terms').inputValue()).toBe('Net 20');
    const today = new Date();
    const nextYear = new Date(Date.UTC(today.getUTCFullYear() + 1, today.getUTCMonth(), 1)).toISOString().slice(0, 10);
    await form.getByLabel(/^End Date/).fill(nextYear);
    await form
      .getByLabel(/^Retainer Item/)
      .first()
      .click();
    await page.getByRole('option', { name: 'Managed Services Retainer', exact: true }).click();
    // Choosing the item pre-fills its price.
    expect(await form.getByLabel('Retainer Price').inputValue()).toBe('$125 / device');
    await form.getByLabel('Retainer Hours').fill('10');
    await form.getByLabel('Devices').fill('15');
    await form
      .getByLabel(/^Overage Item/)
      .first()
      .click();
    await page.getByRole('option', { name: 'Overage Labor - Remote' }).click();
    await form
      .getByLabel(/^Late Fee Item/)
      .first()
      .click();
    await page.getByRole('option', { name: 'Late Payment Fee', exact: true }).click();
    expect(await form.getByLabel('Late Fee', { exact: true }).inputValue()).toBe('1.5%');

    // The recurring item modal: its two messages, then an item found by search.
    await form.getByRole('button', { name: 'Add Recurring Item' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Recurring Item' });
    await modal.getByRole('button', { name: 'Add Item' }).click();
    await modal.getByText('Item must be selected').waitFor();
    await modal.getByText('Quantity must be set.').waitFor();
    await modal.getByLabel(/^Item/).first().fill('Microsoft 365 Business Stan');
    await page.getByRole('option', { name: 'Microsoft 365 Business Standard' }).click();
    expect(await modal.getByLabel('Quantity').inputValue()).toBe('1');
    // The valid quantity the item brought drops the message shown before (issue 26 §2.9).
    await modal.getByText('Quantity must be set.').waitFor({ state: 'detached' });
    await modal.getByText('Item must be selected').waitFor({ state: 'detached' });
    await modal.getByLabel('Quantity').fill('12');
    await modal.getByText('Total: $150.00').waitFor();
    await modal.getByRole('button', { name: 'Add Item' }).click();
    await form.getByRole('table', { name: 'Recurring Items' }).getByText('Microsoft 365 Business Standard').waitFor();

    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Contract created.').waitFor();
    await page.waitForURL((url) => url.pathname === `/companies/${companyId}/contracts`);
    const row = page.getByRole('table', { name: 'Contracts' }).locator('tbody tr').first();
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText('Managed Services Retainer').waitFor();
    await page.getByRole('group', { name: 'Contract' }).getByText('Managed Services Retainer').waitFor();

    // Usage: this month's row carries the retainer; an adjustment raises it.
    await page.getByRole('tab', { name: 'Usage' }).click();
    const usage = page.getByRole('table', { name: 'Monthly Usage' });
    await usage.locator('tbody tr').first().getByText('10.00').first().waitFor();
    const adjust = page.getByRole('form', { name: 'Add Adjustment' });
    await adjust.getByRole('button', { name: 'Add Adjustment' }).click();
    await adjust.getByText('The hours field is required.').waitFor();
    await adjust.getByLabel(/^Hours/).fill('2.5');
    await adjust.getByLabel(/^Reason/).fill('Credit for the firewall outage');
    await adjust.getByRole('button', { name: 'Add Adjustment' }).click();
    await page.getByText('Adjustment added.').waitFor();
    await page.getByRole('table', { name: 'Adjustments' }).getByText('Credit for the firewall outage').waitFor();
    await usage.locator('tbody tr').first().getByText('12.50').first().waitFor();

    // A second contract of the same type over the same dates (issue 26 §2.9, decision 0075): the form warns before
    // saving, and the server refuses it on Start Date; nothing is added.
    await page.goto(`/companies/${companyId}/contracts/new`);
    const second = page.getByRole('form', { name: 'New Contract' });
    await second.getByLabel(/^End Date/).fill(nextYear);
    await second
      .getByLabel(/^Retainer Item/)
      .first()
      .click();
    await page.getByRole('option', { name: 'Managed Services Retainer', exact: true }).click();
    const startDay = await second.getByLabel(/^Start Date/).inputValue();
    const twin = `A Managed Services Retainer contract already covers these dates (${startDay} to ${nextYear}). Change the dates or edit that contract.`;
    await second.getByRole('status').getByText(twin).waitFor();
    await second
      .getByLabel(/^Overage Item/)
      .first()
      .click();
    await page.getByRole('option', { name: 'Overage Labor - Remote' }).click();
    await second
      .getByLabel(/^Late Fee Item/)
      .first()
      .click();
    await page.getByRole('option', { name: 'Late Payment Fee', exact: true }).click();
    await second.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Some error occured! Please try again').waitFor();
    // Under Start Date (its error text is linked to the input), and still on the form.
    const startError = await second.getByLabel(/^Start Date/).getAttribute('aria-describedby');
    expect(startError).toBeTruthy();
    await page
      .locator(`[id="${startError!.split(' ').find((id) => id.includes('error'))}"]`)
      .getByText(twin)
      .waitFor();
    expect(new URL(page.url()).pathname).toBe(`/companies/${companyId}/contracts/new`);
    // Moved to start the day after the first one ends, the warning goes.
    const dayAfter = new Date(Date.parse(`${nextYear}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await second.getByLabel(/^Start Date/).fill(dayAfter);
    await second.getByLabel(/^End Date/).fill(`${Number(nextYear.slice(0, 4)) + 1}-12-31`);
    await expect.poll(() => second.getByRole('status').count()).toBe(0);
  });
});
