// Issue 18 part 4 (spec 3 §2 Planning Approval; decision 0046): the coordinator mails a planning approval request, the
// recipient opens the mailed link signed out and approves, and the coordinator's page shows Approved without a reload.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';
import { decodeQuotedPrintable, startMailCatcher } from '../support/mail.ts';

describe('project approvals by mailed link', () => {
  let browser: Browser;
  let projectId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    const companyId = await createCompanyViaApi(token, `Approval Dental ${Date.now()}`);
    const project = await callApi<{ data: { id: number } }>(token, 'POST', '/api/project', {
      title: 'Network refresh',
      company_id: companyId,
      labor_required: 1,
      procurement_required: 1,
      verbally_approved: 0,
      goals: '<p>Replace the core switch</p>',
    });
    projectId = project.data.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends the request, the signed-out recipient approves, and the panel turns Approved live', async () => {
    const mail = await startMailCatcher();
    try {
      const page = await newPage(browser);
      await loginWithToken(page);
      await page.goto(`/projects/${projectId}`);
      const panel = page.getByRole('group', { name: 'Planning Approval' });
      await panel.getByText('No approval requests sent yet.').waitFor();
      await panel.getByRole('button', { name: 'Request approval' }).click();
      const address = `owner-${Date.now()}@example.com`;
      await panel.getByPlaceholder('Type an address and press Enter').fill(address);
      await panel.getByPlaceholder('Type an address and press Enter').press('Enter');
      await panel.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Planning approval request sent.').first().waitFor();
      await panel.getByText('Pending').waitFor();

      const message = await mail.waitFor(address, (received) =>
        decodeQuotedPrintable(received.raw).includes('/approve/'),
      );
      const link = /https?:\/\/[^\s"<>]+\/approve\/[A-Za-z0-9_-]+/.exec(decodeQuotedPrintable(message.raw))?.[0];
      expect(link).toBeTruthy();

      // The recipient: a browser context of its own, never signed in.
      const recipient = await newPage(browser);
      await recipient.goto(new URL(link!).pathname);
      await recipient.getByRole('heading', { name: 'Network refresh' }).waitFor();
      await recipient.getByText('Replace the core switch').waitFor();
      await recipient.getByLabel('Comment').fill('Go ahead');
      await recipient.getByRole('button', { name: 'Approve' }).click();
      await recipient.getByText('Thank you. Your approval has been recorded.').waitFor();

      // The coordinator's window, untouched since: the row turns Approved.
      await panel.getByText('Approved', { exact: true }).waitFor();
      await panel.getByText('Go ahead').waitFor();

      // The link works once.
      await recipient.reload();
      await recipient.getByText('This approval link has already been used. Nothing was changed.').waitFor();
    } finally {
      await mail.close();
    }
  });
});
