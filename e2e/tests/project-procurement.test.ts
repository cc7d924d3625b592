// Issue 18 part 9 (spec 3 §2 Procurement): a shipment added in the panel is tracked through the tracker API (the
// local fake that global-setup starts) and its history shows grouped by date; the button then reads Update.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('project procurement', () => {
  let browser: Browser;
  let projectId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    const companyId = await createCompanyViaApi(token, `Parcel Dental ${Date.now()}`);
    const project = await callApi<{ data: { id: number } }>(token, 'POST', '/api/project', {
      title: 'Switch replacement',
      company_id: companyId,
      labor_required: 1,
      procurement_required: 0,
      verbally_approved: 0,
    });
    projectId = project.data.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds a shipment tracked by the tracker API and shows its history by date', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/projects/${projectId}`);

    const panel = page.getByRole('group', { name: 'Procurement' });
    await panel.getByRole('button', { name: 'Add Shipment' }).click();
    const shipment = panel.getByRole('group', { name: 'Shipment 1' });
    await shipment.getByLabel('Carrier').click();
    // Spec 3 §9: the fixed list of carriers.
    const options = await page.getByRole('option').allTextContents();
    expect(options).toEqual(['DHL Express', 'FedEx', 'OnTrac', 'UPS', 'USPS', 'Other']);
    await page.getByRole('option', { name: 'UPS' }).click();
    await shipment.getByLabel('Tracking Number').fill('1Z999AA10123456784');
    await panel.getByRole('button', { name: 'Create Requirements' }).click();
    await page
      .getByRole('dialog', { name: 'Create Requirements' })
      .getByRole('button', { name: 'Save', exact: true })
      .click();
    await page.getByText('Procurement saved.').first().waitFor();
    await panel.getByRole('button', { name: 'Update Requirements' }).waitFor();

    // The fake tracker's three events, under their days as the browser shows them (MM/DD/YYYY).
    const history = shipment.getByRole('table', { name: 'History of 1Z999AA10123456784' });
    await history.waitFor();
    const days = await page.evaluate(() =>
      ['2026-11-21T18:45:00Z', '2026-11-20T15:04:00Z'].map((time) =>
        new Date(time).toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }),
      ),
    );
    const rows = (await history.getByRole('row').allTextContents()).slice(1);
    expect(rows[0]).toBe(days[0]);
    expect(rows.some((row) => row.includes('Louisville') && row.includes('Arrived at facility'))).toBe(true);
    expect(rows).toContain(days[1]);
    expect(rows.at(-1)).toContain('Shipping label created');
    // Status and details come from the tracker: shown, not typed.
    expect(await shipment.getByLabel('Status', { exact: true }).inputValue()).toBe('In transit');
    expect(await shipment.getByLabel('Status Details').inputValue()).toBe('Departed facility');
    expect(await shipment.getByLabel('Status Details').isDisabled()).toBe(true);
  });
});
