// Issue 14 part 6 through the browser: every main page of the built app runs under the server's Content-Security-Policy
// without a single violation, for the administrator and for a client account.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { app, launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

// A 1x1 PNG, so the companies list and detail show a stored logo (an <img> from /api/company/logo/...).
const pixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

interface Violations {
  /** CSP reports: 'securitypolicyviolation' events and console lines that mention the policy. */
  list: string[];
}

/** Records every CSP violation the page sees, across navigations. */
async function watchViolations(page: Page): Promise<Violations> {
  const violations: Violations = { list: [] };
  await page.exposeFunction('reportCspViolation', (text: string) => violations.list.push(`${page.url()}: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text()))
      violations.list.push(`${page.url()}: console ${message.type()}: ${message.text()}`);
  });
  return violations;
}

/** Opens a route as a full page load and waits until the screen is up and its calls are done. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // A lazy screen shows its heading once its chunk and data are in.
  await page.locator('h1, h2').first().waitFor();
  expect(new URL(page.url()).pathname, `${path} kept the session`).not.toBe('/login');
}

describe('security headers in the browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends the CSP with the app', async () => {
    const response = await fetch(`${app().baseURL}/dashboard`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('shows every main page to the administrator without a CSP violation', async () => {
    const token = await adminToken();
    const stamp = Date.now().toString(36);
    const logoForm = new FormData();
    const { data: staticData } = await callApi<{ data: { industries: { id: number }[] } }>(
      token,
      'GET',
      '/api/misc/staticdata',
    );
    logoForm.append('name', `Csp Logo Co ${stamp}`);
    logoForm.append('industry_id', String(staticData.industries[0]!.id));
    logoForm.append('logo', new Blob([pixelPng], { type: 'image/png' }), 'logo.png');
    const companyId = (await callApi<{ data: { id: number } }>(token, 'POST', '/api/company', logoForm)).data.id;
    const ticket = await callApi<{ data: { id: number } }>(token, 'POST', '/api/ticket', {
      subject: 'CSP check',
      body: 'Printer offline.',
      company_id: companyId,
      location: 1,
      triage_id: 3,
    });
    const employee = await callApi<{ data: { id: number } }>(token, 'POST', '/api/user', {
      name: `Csp Tech ${stamp}`,
      email: `csp.${stamp}@example.test`,
      password: 'Secret-Pass-123',
      type: 'user',
    });
    // A mail the app could not deliver (nothing listens on SMTP_URL): the outbox has a message to open.
    await fetch(`${app().baseURL}/api/forgotpassword`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: app().adminEmail }),
    });
    await expect
      .poll(async () => (await callApi<{ data: unknown[] }>(token, 'GET', '/api/admin/outbox')).data.length, {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    const outboxId = (await callApi<{ data: { id: number }[] }>(token, 'GET', '/api/admin/outbox')).data[0]!.id;

    const page = await newPage(browser);
    const violations = await watchViolations(page);
    await loginWithToken(page);
    const routes = [
      '/dashboard',
      '/tickets',
      '/escalation',
      '/tickets/create',
      `/ticket/${ticket.data.id}`,
      '/companies',
      '/companies/create',
      ...[
        'basicinformation',
        'sites',
        'site-information',
        'accounts',
        'contracts',
        'flags',
        'usage',
        'network-grade',
      ].map((view) => `/companies/${companyId}/${view}`),
      `/companies/${companyId}/devices`,
      '/companies/networkgrade/form',
      '/employees',
      `/employees/edit/${employee.data.id}`,
      '/accounts',
      '/accounts/create',
      '/accounts/import',
      '/users',
      '/profile',
      '/profile/sessions',
      '/admin',
      '/admin/outbox',
      `/admin/outbox/${outboxId}`,
      '/admin/held-mail',
      '/billing',
      '/hr/employees',
      '/no-such-page',
    ];
    for (const route of routes) await visit(page, route);
    expect(violations.list).toEqual([]);
  });

  it('shows a client account its pages, the two-factor QR code included, without a CSP violation', async () => {
    const token = await adminToken();
    const companyId = await createCompanyViaApi(token, `Csp Client Co ${Date.now()}`);
    const client = { email: `csp.client.${Date.now()}@example.test`, password: 'Client-pass-1' };
    await callApi(token, 'POST', '/api/users/client', {
      name: 'Cora Client',
      email: client.email,
      company_id: companyId,
      password: client.password,
      password_confirmation: client.password,
    });

    const page = await newPage(browser);
    const violations = await watchViolations(page);
    await loginWithToken(page, client.email, client.password);
    for (const route of ['/dashboard', '/tickets', '/tickets/create', '/profile']) await visit(page, route);
    // The QR code is a data: image.
    await visit(page, '/profile/twofactor');
    await page.getByRole('button', { name: 'Enable Two-Factor' }).click();
    const qr = page.getByRole('img', { name: 'QR code of the two-factor secret' });
    await qr.waitFor();
    await expect
      .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    expect(violations.list).toEqual([]);
  });
});
