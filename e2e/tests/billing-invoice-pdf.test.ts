// Issue 27 part 8: an invoice posted through the API gets its PDF revision 00 (made after posting, in the background);
// staff open it in the PDF viewer titled with its number and download revision 00; a client account of another
// company asking for it gets the not-found (the API answers 404 and the viewer draws nothing).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

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

describe('invoice PDF (billing part 8)', () => {
  let browser: Browser;
  let invoiceId: number;
  let number: string;
  const stamp = Date.now();
  const outsider = { name: 'Olga Outsider', email: `olga.${stamp}@elsewhere.example`, password: 'Elsewhere-pass-1' };

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    const companyId = await createCompanyViaApi(token, `Invoice Optics ${stamp}`);
    const otherCompanyId = await createCompanyViaApi(token, `Elsewhere Inc ${stamp}`);
    const { name, email, password } = outsider;
    await callApi(token, 'POST', '/api/users/client', {
      name,
      email,
      company_id: otherCompanyId,
      password,
      password_confirmation: password,
    });
    const draft = await callApi<{ data: { id: number } }>(token, 'POST', '/api/billing/invoices', {
      company_id: companyId,
      type: 'one_off',
      memo: 'Installed on site.',
      lines: [{ description: 'Wireless survey', quantity: 3, unit_price: 120, taxable: 0 }],
    });
    invoiceId = draft.data.id;
    await callApi(token, 'POST', `/api/billing/invoices/${invoiceId}/approve`);
    const posted = await callApi<{ data: { number: string } }>(
      token,
      'POST',
      `/api/billing/invoices/${invoiceId}/post`,
    );
    number = posted.data.number;
    // Revision 00 is rendered after the posting's answer: wait for it to be listed.
    const labels = async () =>
      (await callApi<{ data: { label: string }[] }>(token, 'GET', `/api/revisions/invoice/${invoiceId}`)).data.map(
        (row) => row.label,
      );
    const deadline = Date.now() + 15_000;
    while ((await labels()).length === 0 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 200));
    expect(await labels()).toEqual(['00']);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens in the PDF viewer for staff, titled with its number, drawn, and downloads revision 00', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/pdf/invoice/${invoiceId}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `Invoice ${number}` }).waitFor();
    expect(await inkOnFirstPage(page)).toBeGreaterThan(20);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe(`Invoice-${number}-00.pdf`);
  });

  it('is not found for a client account of another company', async () => {
    const page = await newPage(browser);
    await loginWithToken(page, outsider.email, outsider.password);
    const revisions = page.waitForResponse((response) =>
      new URL(response.url()).pathname.startsWith(`/api/revisions/invoice/${invoiceId}`),
    );
    const pdf = page.waitForResponse((response) =>
      new URL(response.url()).pathname.startsWith(`/api/pdf/invoice/${invoiceId}`),
    );
    await page.goto(`/pdf/invoice/${invoiceId}`);
    expect((await revisions).status()).toBe(404);
    expect((await pdf).status()).toBe(404);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('heading', { name: `Invoice ${number}` }).count()).toBe(0);
    expect(await page.getByLabel('Page 1', { exact: true }).count()).toBe(0);
  });
});
