// Issue 3 part 3 through the browser: mail the app could not deliver lands in the outbox, which administrators read
// under Settings → Outbox.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

interface OutboxRow {
  id: number;
  to: string;
  subject: string;
  error: string | null;
}

async function outboxRows(page: Page, accessToken: string): Promise<OutboxRow[]> {
  const response = await page.request.get('/api/admin/outbox?page=1&per_page=50', {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  if (!response.ok()) throw new Error(`GET /api/admin/outbox answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { data: OutboxRow[] }).data;
}

/** The mail goes out after the answer (so timing tells nothing): wait for the app to give up on SMTP and keep it. */
async function waitForNewRow(page: Page, accessToken: string, after: number, to: string): Promise<OutboxRow> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const found = (await outboxRows(page, accessToken)).find((row) => row.id > after && row.to === to);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No new outbox message to ${to} within 30 s`);
}

function waitForPath(page: Page, pathname: string): Promise<void> {
  return page.waitForURL((url) => url.pathname === pathname);
}

describe('admin outbox', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a reset mail that could not be delivered under Settings → Outbox, with the reset link in its body', async () => {
    const { adminEmail } = app();
    const page = await newPage(browser);
    const tokens = await loginWithToken(page);
    const before = Math.max(0, ...(await outboxRows(page, tokens.access_token)).map((row) => row.id));

    // SMTP_URL points at a port where nobody listens now (only the account-security test starts a listener there),
    // so the delivery fails and the app keeps the mail in its outbox with the error.
    const forgot = await page.request.post('/api/forgotpassword', { data: { email: adminEmail } });
    expect(forgot.status()).toBe(200);
    expect(await forgot.json()).toEqual({ message: 'Password reset link sent to your email.' });
    const kept = await waitForNewRow(page, tokens.access_token, before, adminEmail);
    expect(kept.subject).toBe('Reset Password Notification');
    expect(kept.error).toBeTruthy();

    // Settings in the sidebar, then Outbox.
    await page.goto('/dashboard');
    await page
      .locator('nav[aria-label="Main navigation"]')
      .getByRole('link', { name: 'Settings', exact: true })
      .click();
    await waitForPath(page, '/admin');
    await page
      .getByRole('navigation', { name: 'Admin pages' })
      .getByRole('link', { name: 'Outbox', exact: true })
      .click();
    await waitForPath(page, '/admin/outbox');

    const row = page.locator(`tr[data-message-id="${kept.id}"]`);
    await expect.poll(() => row.textContent()).toContain('Reset Password Notification');
    expect(await row.textContent()).toContain(adminEmail);
    // Newest first: the message just kept is the first row.
    expect(await page.locator('table[aria-label="Outbox"] tbody tr').first().getAttribute('data-message-id')).toBe(
      String(kept.id),
    );
    await row.getByText('Not sent', { exact: true }).hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe(kept.error);

    await row.getByRole('link', { name: 'Reset Password Notification' }).click();
    await waitForPath(page, `/admin/outbox/${kept.id}`);
    await page.getByRole('heading', { name: 'Reset Password Notification' }).waitFor();
    expect(await page.getByTestId('outbox-error').textContent()).toBe(kept.error);

    // The HTML body, in a frame with every sandbox restriction, carries the reset link.
    const frame = page.locator('iframe[title="HTML body of Reset Password Notification"]');
    expect(await frame.getAttribute('sandbox')).toBe('');
    const href = await frame.contentFrame().getByRole('link', { name: 'Reset Password' }).getAttribute('href');
    expect(href).toMatch(/\/reset-password\/[A-Za-z0-9_-]{20,}$/);

    // The plain-text tab shows the same link as text.
    await page.getByRole('tab', { name: 'Plain text' }).click();
    const text = await page.getByTestId('outbox-text-body').textContent();
    expect(text).toContain(`Reset your password: ${href}`);

    await page.getByRole('link', { name: 'Back to Outbox' }).click();
    await waitForPath(page, '/admin/outbox');
    await row.waitFor();
  });

  it('is not found for a user who is not an administrator', async () => {
    const page = await newPage(browser);
    const { baseURL, adminEmail, adminPassword } = app();
    const admin = await loginWithToken(page, adminEmail, adminPassword);
    const suffix = Date.now().toString(36);
    const staff = {
      name: `E2E Outbox ${suffix}`,
      email: `e2e-outbox-${suffix}@switchboard.test`,
      password: `Pw-${suffix}-secure`,
    };
    const created = await page.request.post(`${baseURL}/api/user`, {
      headers: { Authorization: `Bearer ${admin.access_token}` },
      data: { ...staff, type: 'user' },
    });
    expect(created.ok()).toBe(true);

    const other = await newPage(browser);
    const tokens = await loginWithToken(other, staff.email, staff.password);
    expect(
      (
        await other.request.get('/api/admin/outbox', { headers: { Authorization: `Bearer ${tokens.access_token}` } })
      ).status(),
    ).toBe(403);
    await other.goto('/admin/outbox');
    await other.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await other.locator('table[aria-label="Outbox"]').count()).toBe(0);

    // Their sidebar's Settings leads to their own settings, not to "not available yet" (issue 26 §2.9, decision 0075).
    await other.goto('/tickets');
    await other
      .locator('nav[aria-label="Main navigation"]')
      .getByRole('link', { name: 'Settings', exact: true })
      .click();
    await waitForPath(other, '/admin');
    const own = other.getByRole('navigation', { name: 'Your settings' });
    await own.waitFor();
    expect(await other.getByText('Settings is not available yet.').count()).toBe(0);
    expect(await other.getByRole('navigation', { name: 'Admin pages' }).count()).toBe(0);
    await own.getByRole('link', { name: 'My Settings', exact: true }).click();
    await waitForPath(other, '/profile');
    await other.getByText('Dark Mode', { exact: true }).waitFor();
  });
});
