// Issue 17 part 2: a quote with two revisions opens in the PDF viewer; the selector switches between 00 and 01, the
// page drawn by pdf.js is not blank, and closing goes back.
import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { app, launchBrowser, loginWithToken, newPage } from '../support/browser.ts';
import { downloadedBytes } from '../support/download.ts';

/** A stored PDF's bytes, read through the API as the administrator. */
async function pdfBytes(path: string): Promise<Buffer> {
  const response = await fetch(`${app().baseURL}${path}`, {
    headers: { Authorization: `Bearer ${await adminToken()}` },
  });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** How many of the first page's sampled pixels are not white: 0 means pdf.js drew nothing. */
async function inkOnFirstPage(page: Page): Promise<number> {
  const canvas = page.getByLabel('Page 1', { exact: true });
  await canvas.and(page.locator('[data-drawn="true"]')).waitFor();
  return canvas.evaluate((element) => {
    const canvasElement = element as HTMLCanvasElement;
    const context = canvasElement.getContext('2d')!;
    const { data } = context.getImageData(0, 0, canvasElement.width, canvasElement.height);
    let ink = 0;
    for (let index = 0; index < data.length; index += 4 * 97) if (data[index]! < 200) ink += 1;
    return ink;
  });
}

describe('PDF viewer', () => {
  let browser: Browser;
  let quoteId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    const companyId = await createCompanyViaApi(token, `Harbor Clinic ${Date.now()}`);
    const quote = (price: string) => ({
      company_id: companyId,
      title: 'Firewall replacement',
      quote_date: '2026-11-02',
      lines: [{ description: 'FortiGate 60F', quantity: '1', unit_price: price }],
    });
    quoteId = (await callApi<{ data: { id: number } }>(token, 'POST', '/api/billing/quotes', quote('649.00'))).data.id;
    await callApi(token, 'POST', `/api/billing/quotes/${quoteId}/send`);
    await callApi(token, 'PUT', `/api/billing/quotes/${quoteId}`, quote('599.00'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens a quote with two revisions, switches between 00 and 01, draws pages that are not blank, and closes', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/tickets');
    await page.getByRole('heading', { name: 'Tickets' }).first().waitFor();
    // Opened from inside the app (no page links here yet: projects and billing will), as a link would.
    await page.evaluate((path) => {
      window.history.pushState({ idx: 1 }, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 1 } }));
    }, `/pdf/quote/${quoteId}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `Quote ${quoteId}` }).waitFor();
    const selector = dialog.getByLabel('Revision', { exact: true });
    expect(await selector.inputValue()).toBe('01');
    expect(await inkOnFirstPage(page)).toBeGreaterThan(20);

    await selector.click();
    await page.getByRole('option', { name: '00' }).click();
    await page.waitForURL((url) => url.pathname === `/pdf/quote/${quoteId}/0`);
    await expect.poll(() => selector.inputValue()).toBe('00');
    expect(await inkOnFirstPage(page)).toBeGreaterThan(20);

    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await dialog.getByText('150%').waitFor();

    // Download saves the revision on screen (00), not the latest (issue 26 §2.9): its name and its bytes.
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toMatch(/^Quote-Q-\d{6}-00\.pdf$/);
    const saved = await downloadedBytes(await download);
    expect(sha256(saved)).toBe(sha256(await pdfBytes(`/api/pdf/quote/${quoteId}/0`)));
    expect(sha256(saved)).not.toBe(sha256(await pdfBytes(`/api/pdf/quote/${quoteId}/1`)));

    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/tickets');
  });

  it('closes to /dashboard when the viewer was the first page opened', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/pdf/quote/${quoteId}/0`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `Quote ${quoteId}` }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it("says spec 1 §8's 'Unable to download file.' when the download fails", async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/pdf/quote/${quoteId}/0`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `Quote ${quoteId}` }).waitFor();
    await page.getByLabel('Page 1', { exact: true }).and(page.locator('[data-drawn="true"]')).waitFor();
    // The viewer drew revision 00; Download asks for it again, which fails from now on.
    await page.route(
      (url) => url.pathname.startsWith(`/api/pdf/quote/${quoteId}`),
      (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' }),
    );
    await dialog.getByRole('button', { name: 'Download' }).click();
    await page.getByText('Unable to download file.').waitFor();
    expect(await page.getByText('An error occured.').count()).toBe(0);
  });

  it('shows a draft without a revision selector, as a preview marked DRAFT', async () => {
    const token = await adminToken();
    const companyId = await createCompanyViaApi(token, `Draft Dental ${Date.now()}`);
    const draft = await callApi<{ data: { id: number } }>(token, 'POST', '/api/billing/quotes', {
      company_id: companyId,
      title: 'Wi-Fi survey',
      quote_date: '2026-11-20',
      lines: [{ description: 'Site survey (hours)', quantity: '3', unit_price: '120' }],
    });
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/pdf/quote/${draft.data.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `Quote ${draft.data.id}` }).waitFor();
    expect(await inkOnFirstPage(page)).toBeGreaterThan(20);
    expect(await dialog.getByLabel('Revision', { exact: true }).count()).toBe(0);
  });
});
