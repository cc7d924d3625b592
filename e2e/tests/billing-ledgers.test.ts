// Issue 27 part 1 (designs/billing.md §5, decisions 0067, 0080): a bookkeeper with 'manage accounting' posts a manual
// journal entry on /billing/ledgers through the lines editor (Post stays disabled until it balances), sees the
// balances and the trial balance at 0.00, then opens the account's register and reverses the entry.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('billing ledgers', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('posts a balanced manual entry and reads a trial balance of 0.00', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/billing/ledgers');
    const chart = page.getByRole('table', { name: 'Chart of accounts' });
    await chart.getByRole('link', { name: 'Operating Checking' }).waitFor();

    await page.getByRole('button', { name: 'New journal entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'New journal entry' });
    const post = dialog.getByRole('button', { name: 'Post' });
    expect(await post.isDisabled()).toBe(true);
    const memo = `Owner investment ${Date.now()}`;
    await dialog.getByLabel('Memo', { exact: true }).fill(memo);
    await dialog.getByRole('combobox', { name: 'Line 1 account' }).click();
    await page.getByRole('option', { name: '1000 Operating Checking' }).click();
    await dialog.getByRole('textbox', { name: 'Line 1 debit' }).fill('1234.56');
    await dialog.getByRole('combobox', { name: 'Line 2 account' }).click();
    await page.getByRole('option', { name: "3000 Owner's Equity" }).click();
    await dialog.getByRole('textbox', { name: 'Line 2 credit' }).fill('1234.5');
    await dialog.getByText('Difference 0.06').waitFor();
    expect(await post.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Line 2 credit' }).fill('1234.56');
    await dialog.getByText('Difference 0.00').waitFor();
    await expect.poll(() => post.isDisabled()).toBe(false);
    await post.click();
    await dialog.waitFor({ state: 'hidden' });

    await page.locator('label', { hasText: 'Trial balance' }).click();
    const trial = page.getByRole('table', { name: 'Trial balance' });
    await trial.getByRole('cell', { name: "Owner's Equity" }).waitFor();
    expect(await trial.getByLabel('Trial balance difference').textContent()).toBe('0.00');
    expect(await trial.getByLabel('Total debits').textContent()).toBe(
      await trial.getByLabel('Total credits').textContent(),
    );

    // The register shows the entry with its running balance; Reverse posts the mirror entry.
    await page.locator('label', { hasText: 'Trial balance' }).click();
    await chart.getByRole('link', { name: 'Operating Checking' }).click();
    const register = page.getByRole('table', { name: 'Register' });
    const row = register.getByRole('row').filter({ hasText: memo });
    await row.waitFor();
    expect(await row.getByRole('cell', { name: '1,234.56' }).count()).toBeGreaterThan(0);
    await row.getByRole('button', { name: 'Reverse' }).click();
    await page.getByRole('dialog', { name: 'Reverse journal entry' }).getByRole('button', { name: 'Reverse' }).click();
    await row.getByText('Reversed').waitFor();
    await register.getByRole('row').filter({ hasText: 'Reversal of' }).first().waitFor();

    await page.goto('/billing/ledgers?view=trial');
    await page.getByRole('table', { name: 'Trial balance' }).waitFor();
    expect(await page.getByLabel('Trial balance difference').textContent()).toBe('0.00');
    await page.close();
  });

  it('shows an entry posted in one window in another without a reload (billing channel, LedgerPosted)', async () => {
    const watcher = await newPage(browser);
    await loginWithToken(watcher);
    await watcher.goto('/billing/ledgers?view=trial');
    const trial = watcher.getByRole('table', { name: 'Trial balance' });
    await trial.getByLabel('Total debits').waitFor();
    // Accounts netting to zero are left out of the trial balance: Operating Checking may not be there yet.
    const checkingRow = trial.getByRole('row').filter({ hasText: 'Operating Checking' });
    const checking = async () => ((await checkingRow.count()) > 0 ? await checkingRow.textContent() : '');
    const before = await checking();
    const debitsBefore = await trial.getByLabel('Total debits').textContent();

    const poster = await newPage(browser);
    await loginWithToken(poster);
    await poster.goto('/billing/ledgers');
    await poster.getByRole('button', { name: 'New journal entry' }).click();
    const dialog = poster.getByRole('dialog', { name: 'New journal entry' });
    await dialog.getByLabel('Memo', { exact: true }).fill(`Live ${Date.now()}`);
    await dialog.getByRole('combobox', { name: 'Line 1 account' }).click();
    await poster.getByRole('option', { name: '1000 Operating Checking' }).click();
    await dialog.getByRole('textbox', { name: 'Line 1 debit' }).fill('77.77');
    await dialog.getByRole('combobox', { name: 'Line 2 account' }).click();
    await poster.getByRole('option', { name: "3000 Owner's Equity" }).click();
    await dialog.getByRole('textbox', { name: 'Line 2 credit' }).fill('77.77');
    const post = dialog.getByRole('button', { name: 'Post' });
    await expect.poll(() => post.isDisabled()).toBe(false);
    await post.click();
    await dialog.waitFor({ state: 'hidden' });

    // The watching window was never reloaded: its trial balance changes by itself and still nets to 0.00.
    await expect.poll(checking, { timeout: 15_000 }).not.toBe(before);
    await expect.poll(() => trial.getByLabel('Total debits').textContent(), { timeout: 15_000 }).not.toBe(debitsBefore);
    expect(await trial.getByLabel('Trial balance difference').textContent()).toBe('0.00');
    expect(await trial.getByLabel('Total debits').textContent()).toBe(
      await trial.getByLabel('Total credits').textContent(),
    );
    await Promise.all([poster.close(), watcher.close()]);
  });
});
