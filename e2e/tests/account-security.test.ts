// Issue 3 through the browser: two-factor sign-in, the lock screen, password reset by e-mail, shadowing.
import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../support/api.ts';
import { app, launchBrowser, loginThroughForm, loginWithToken, newPage } from '../support/browser.ts';
import { decodeQuotedPrintable, startMailCatcher } from '../support/mail.ts';

interface TestUser {
  id: number;
  name: string;
  email: string;
  password: string;
}

/** A fresh staff account made through the users admin API (POST /api/user), so no test changes the administrator. */
async function createUser(label: string): Promise<TestUser> {
  const suffix = randomUUID().slice(0, 8);
  const user = {
    name: `E2E ${label} ${suffix}`,
    email: `e2e-${label}-${suffix}@switchboard.test`.toLowerCase(),
    password: `Pw-${suffix}-secure`,
  };
  const response = await fetch(`${app().baseURL}/api/user`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await adminToken()}` },
    body: JSON.stringify({ ...user, type: 'user' }),
  });
  if (!response.ok) throw new Error(`POST /api/user answered ${response.status}: ${await response.text()}`);
  const { data } = (await response.json()) as { data: { id: number } };
  return { id: data.id, ...user };
}

function waitForPath(page: Page, pathname: string): Promise<void> {
  return page.waitForURL((url) => url.pathname === pathname);
}

function mainNavigation(page: Page) {
  return page.locator('nav[aria-label="Main navigation"]');
}

function lockScreen(page: Page) {
  return page.getByRole('main', { name: 'Lock screen' });
}

/** Types a code into the six boxes as a person would: the first box, then the digits (focus moves on by itself). */
async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

async function sessionStatus(page: Page, accessToken: string): Promise<number> {
  const response = await page.request.get('/api/session', { headers: { Authorization: `Bearer ${accessToken}` } });
  return response.status();
}

describe('account security', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('enables two-factor in the profile, then signs in with a code computed from the secret', async () => {
    const user = await createUser('twofactor');
    const page = await newPage(browser);
    await page.goto('/login');
    await loginThroughForm(page, user.email, user.password);
    await waitForPath(page, '/dashboard');

    await page.goto('/profile/twofactor');
    await expect.poll(() => page.getByTestId('twofactor-status').textContent()).toBe('Disabled');
    await page.getByRole('button', { name: 'Enable Two-Factor' }).click();
    await page.getByRole('img', { name: 'QR code of the two-factor secret' }).waitFor();
    const secret = (await page.getByTestId('twofactor-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await typeCode(page, await generate({ secret }));
    await page.getByLabel('Current Password').fill(user.password);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect.poll(() => page.getByTestId('twofactor-status').textContent()).toBe('Enabled');
    expect(await page.getByTestId('twofactor-secret').count()).toBe(0);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/login');

    await loginThroughForm(page, user.email, user.password);
    await page.getByText('Two-Factor Verification').waitFor();
    await page.getByText('The code is numbers only.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

    // A wrong code first: the spec's failure text, still signed out.
    const current = await generate({ secret });
    await typeCode(page, current === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'Error validating code.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    // The code that confirmed the setup counts as used; the next time step's code is within the server's tolerance.
    await typeCode(page, await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/dashboard');
    await mainNavigation(page).waitFor();
  });

  it("locks with Ctrl+L (other tabs too), refuses a wrong password with 'Invalid password.', unlocks with the right one", async () => {
    const user = await createUser('lock');
    const page = await newPage(browser);
    await loginWithToken(page, user.email, user.password);
    await page.goto('/dashboard');
    await mainNavigation(page).waitFor();
    const otherTab = await page.context().newPage();
    await otherTab.goto('/tickets');
    await mainNavigation(otherTab).waitFor();
    // Another browser holding the same token (no shared storage): only the realtime connection tells it.
    const otherBrowser = await newPage(browser);
    const tokens = await page.evaluate(() => ({
      access_token: localStorage.getItem('access_token'),
      refresh_token: localStorage.getItem('refresh_token'),
      token_id: localStorage.getItem('token_id'),
    }));
    await otherBrowser.goto('/api/health');
    await otherBrowser.evaluate((values) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value ?? '');
    }, tokens);
    await otherBrowser.goto('/projects');
    await mainNavigation(otherBrowser).waitFor();
    await otherBrowser.waitForFunction(() => document.documentElement.dataset.realtime === 'connected');

    await page.bringToFront();
    await page.keyboard.press('Control+l');
    await lockScreen(page).waitFor();
    await lockScreen(page).getByText(user.name).waitFor();
    await page.getByRole('link', { name: 'Forgot Password' }).waitFor();
    await page.getByRole('link', { name: '(Not You?)' }).waitFor();
    expect(await mainNavigation(page).count()).toBe(0);
    // The other tab of the same session follows, and so does the other browser, through the realtime channel.
    await lockScreen(otherTab).waitFor();
    await lockScreen(otherBrowser).waitFor();

    // Locked on the server: a reload still shows the lock screen, and API calls are refused.
    await expect
      .poll(async () => sessionStatus(page, (await page.evaluate(() => localStorage.getItem('access_token')))!))
      .toBe(423);
    await page.reload();
    await lockScreen(page).waitFor();
    await lockScreen(page).getByText(user.name).waitFor();

    await page.getByLabel('Password', { exact: true }).fill(`${user.password}-wrong`);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid password.' }).waitFor();
    await lockScreen(page).waitFor();

    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await mainNavigation(page).waitFor();
    expect(await lockScreen(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await mainNavigation(otherTab).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    expect(await sessionStatus(page, token!)).toBe(200);
  });

  it('resets a forgotten password through the mailed link; the old session is gone and the new password signs in', async () => {
    const mail = await startMailCatcher();
    try {
      const user = await createUser('reset');
      // The session that the reset must end, in a browser of its own.
      const oldPage = await newPage(browser);
      const oldTokens = await loginWithToken(oldPage, user.email, user.password);
      await oldPage.goto('/dashboard');
      await mainNavigation(oldPage).waitFor();

      const page = await newPage(browser);
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot Password' }).click();
      await waitForPath(page, '/forgot-password');
      await page.getByLabel('Email', { exact: true }).fill(user.email);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByText('Password reset link sent to your email.').waitFor();
      expect(await page.getByRole('button', { name: 'Reset Password' }).isDisabled()).toBe(true);

      const message = await mail.waitFor(user.email, (received) => received.raw.includes('reset-password'));
      const link = /https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/.exec(decodeQuotedPrintable(message.raw))?.[0];
      expect(link).toBeTruthy();
      const resetPath = new URL(link!).pathname;

      await page.goto(resetPath);
      await page.getByText('Min. 6 Characters').waitFor();
      const newPassword = `${user.password}-new`;
      await page.getByLabel('New Password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Update Password' }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('password_update'));
      await page.getByText('Password has been updated. Login below.').waitFor();

      // The link works once.
      const reused = await page.request.post('/api/resetpassword', {
        data: { password: 'another-1', password_confirmation: 'another-1', token: resetPath.split('/').pop() },
      });
      expect(reused.status()).toBe(422);

      await loginThroughForm(page, user.email, newPassword);
      await waitForPath(page, '/dashboard');
      await mainNavigation(page).waitFor();

      // The session from before the reset was revoked: the old browser is sent to login.
      expect(await sessionStatus(oldPage, oldTokens.access_token)).toBe(401);
      await oldPage.reload();
      await waitForPath(oldPage, '/login');
    } finally {
      await mail.close();
    }
  });

  it('shadows an account: banner with a live countdown, extend, then end and be yourself again', async () => {
    // No API creates client accounts yet (the people issue): the account shadowed is a staff account from POST /api/user.
    const target = await createUser('shadowed');
    const page = await newPage(browser);
    const adminTokens = await loginWithToken(page);

    // No list offers "shadow" yet (accounts and employees come later): start it as startShadow() does, through
    // POST /api/login/shadow, keeping the tokens and the re-auth code where the web app keeps them.
    const started = await page.request.post('/api/login/shadow', {
      headers: { Authorization: `Bearer ${adminTokens.access_token}` },
      data: { account: target.id },
    });
    expect(started.status()).toBe(200);
    const shadow = (await started.json()) as {
      access_token: string;
      refresh_token: string;
      token_id: string;
      re_auth_code: { code: string; expires_at: string };
      shadow_user: { name: string };
    };
    await page.evaluate((values) => {
      localStorage.setItem('access_token', values.access_token);
      localStorage.setItem('refresh_token', values.refresh_token);
      localStorage.setItem('token_id', values.token_id);
      localStorage.setItem('shadow_re_auth_code', values.re_auth_code.code);
    }, shadow);

    await page.goto('/dashboard');
    const banner = page.getByTestId('shadow-banner');
    await banner
      .getByText(`You are currently signed in as ${shadow.shadow_user.name} shadowing ${target.name}`)
      .waitFor();
    await banner.getByText('For security purposes this shadow session will end').waitFor();
    expect(page.url()).not.toContain(shadow.re_auth_code.code);
    await page.getByRole('button', { name: 'User menu' }).getByText(target.name).waitFor();

    const countdown = page.getByTestId('shadow-countdown');
    const first = (await countdown.textContent()) ?? '';
    expect(first).toMatch(/^\d+:\d\d$/);
    await expect.poll(() => countdown.textContent(), { timeout: 5_000 }).not.toBe(first);

    await page.getByRole('button', { name: 'Extend Shadow' }).click();
    await page.getByText('Shadow session extended.').waitFor();

    await page.getByRole('button', { name: 'End Shadowing' }).click();
    await waitForPath(page, '/dashboard');
    await expect.poll(() => banner.count()).toBe(0);
    await page.getByRole('button', { name: 'User menu' }).getByText(shadow.shadow_user.name).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('shadow_re_auth_code'))).toBeNull();

    // The session is the administrator's again, not a shadow, and it survives a reload.
    const restoredToken = await page.evaluate(() => localStorage.getItem('access_token'));
    const restored = await page.request.get('/api/session', { headers: { Authorization: `Bearer ${restoredToken}` } });
    const body = (await restored.json()) as { data: { user: { email: string }; shadowing: boolean } };
    expect(body.data.user.email).toBe(app().adminEmail);
    expect(body.data.shadowing).toBe(false);
    expect(await sessionStatus(page, shadow.access_token)).toBe(401);
    await page.reload();
    await mainNavigation(page).waitFor();
    expect(await banner.count()).toBe(0);
  });
});
