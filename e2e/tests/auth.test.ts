// Spec 1 §2.2, §2.3, §2.5, §8 through the browser: sign in, wrong password, deep link, logout, not-found.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, launchBrowser, loginThroughForm, loginWithToken, newPage } from '../support/browser.ts';

function waitForPath(page: Page, pathname: string, search = ''): Promise<void> {
  return page.waitForURL((url) => url.pathname === pathname && url.search === search);
}

function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('access_token'));
}

function mainNavigation(page: Page) {
  return page.locator('nav[aria-label="Main navigation"]');
}

describe('authentication', () => {
  let browser: Browser;
  const { adminEmail, adminPassword } = app();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs the administrator in through the login form and lands on /dashboard with the sidebar', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByText('V1.44', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Forgot Password' }).waitFor();
    await page.getByRole('checkbox', { name: 'Remember Me' }).waitFor();

    await loginThroughForm(page, adminEmail, adminPassword);

    await waitForPath(page, '/dashboard');
    await mainNavigation(page).getByRole('link', { name: 'Tickets', exact: true }).waitFor();
    expect(await storedAccessToken(page)).toBeTruthy();
  });

  it('shows "Invalid email / password." for a wrong password and stays on /login', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await loginThroughForm(page, adminEmail, `${adminPassword}-wrong`);

    await page.getByRole('alert').filter({ hasText: 'Invalid email / password.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storedAccessToken(page)).toBeNull();
    expect(await mainNavigation(page).count()).toBe(0);
  });

  it('sends a logged-out deep link to /login?redirect=… and back to it after signing in', async () => {
    const page = await newPage(browser);
    await page.goto('/companies');
    await waitForPath(page, '/login', '?redirect=%2Fcompanies');

    await loginThroughForm(page, adminEmail, adminPassword);

    await waitForPath(page, '/companies');
    await mainNavigation(page).waitFor();
  });

  it('skips the login screen when already signed in', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/login');
    await waitForPath(page, '/dashboard');
    await mainNavigation(page).waitFor();
  });

  it('logs out from the user menu, and a protected page then asks to log in again', async () => {
    const page = await newPage(browser);
    const tokens = await loginWithToken(page);
    await page.goto('/dashboard');
    await mainNavigation(page).waitFor();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    await waitForPath(page, '/login');
    expect(await storedAccessToken(page)).toBeNull();
    await page.goto('/tickets');
    await waitForPath(page, '/login', '?redirect=%2Ftickets');
    await page.reload();
    await waitForPath(page, '/login', '?redirect=%2Ftickets');
    // The session is revoked on the server too, not only forgotten by the browser.
    await expect
      .poll(async () => {
        const response = await page.request.get('/api/session', {
          headers: { Authorization: `Bearer ${tokens.access_token}` },
        });
        return response.status();
      })
      .toBe(401);
  });

  it('shows the not-found screen for an unknown path', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    const response = await page.goto('/no-such-page/anywhere');
    expect(response?.status()).toBe(200); // history mode: the server hands every app path to the web app
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/no-such-page/anywhere');
  });
});
