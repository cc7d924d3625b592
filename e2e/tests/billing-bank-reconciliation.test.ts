// Bank reconciliation (issue 28; designs/billing.md §5, decision 0126): a bookkeeper opens Verify Transactions, drills
// down from the bank reconciliation row to the screen, enters the statement, ticks the cleared lines until the
// difference is 0.00 (Finish stays disabled before), finishes, and sees the account reconciled with no lines left.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('billing bank reconciliation', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reconciles a bank account to its statement from Verify Transactions', async () => {
    const token = await adminToken();
    const number = `B${Date.now() % 1_000_000}`;
    const name = `Reserve Checking ${number}`;
    const { data: bank } = await callApi<{ data: { id: number } }>(token, 'POST', '/api/billing/accounts', {
      number,
      name,
      type: 'asset',
      subtype: 'bank',
    });
    const { data: chart } = await callApi<{ data: { id: number; number: string }[] }>(
      token,
      'GET',
      '/api/billing/accounts',
    );
    const equity = chart.find((row) => row.number === '3000')!.id;
    const post = (date: string, memo: string, debit: number, credit: number) =>
      callApi(token, 'POST', '/api/billing/journal-entries', {
        date,
        memo,
        lines: [
          { account_id: bank.id, debit, credit },
          { account_id: equity, debit: credit, credit: debit },
        ],
      });
    await post('2026-01-05', 'Reserve deposit', 1000, 0);
    await post('2026-01-20', 'Reserve transfer out', 0, 250.5);

    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/billing/reports/verifytransactions');
    const region = page.getByRole('region', { name: 'Bank reconciliation' });
    const row = region.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('Never');
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('2');
    await row.getByRole('button', { name: `Reconcile ${number} ${name}` }).click();

    const drawer = page.getByRole('dialog', { name: 'Bank reconciliation' });
    await drawer.getByText('This account has not been reconciled yet.').waitFor();
    await drawer.getByLabel('Statement date').fill('2026-01-31');
    await drawer.getByLabel('Statement ending balance').fill('749.50');
    await drawer.getByRole('button', { name: 'Start reconciliation' }).click();

    const difference = drawer.getByLabel('Difference');
    await expect.poll(() => difference.textContent()).toBe('749.50');
    const finish = drawer.getByRole('button', { name: 'Finish' });
    expect(await finish.isDisabled()).toBe(true);
    const lines = drawer.getByRole('table', { name: 'Statement lines' });
    await lines.getByRole('row').filter({ hasText: 'Reserve deposit' }).getByRole('checkbox').click();
    await expect.poll(() => difference.textContent()).toBe('-250.50');
    expect(await finish.isDisabled()).toBe(true);
    await lines.getByRole('row').filter({ hasText: 'Reserve transfer out' }).getByRole('checkbox').click();
    await expect.poll(() => difference.textContent()).toBe('0.00');
    await expect.poll(() => finish.isDisabled()).toBe(false);
    await finish.click();

    await drawer.getByText('Last reconciled to the statement of 2026-01-31, ending balance 749.50.').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => row.getByRole('cell').nth(1).textContent()).toBe('2026-01-31');
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('0');
    await page.close();
  });
});
