// Issue 26 §2 item 11 through the browser: at 1440 px a project with closed steps folds each closed step to one line
// (its status and who closed it), opens the current one, jumps from the progress bar to a step's card, and the page is
// far shorter than the 6,500 px it was with every card open in one column.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

const closedSteps = [
  'Planning Approval',
  'Scheduled Placeholder',
  'Labor Estimate',
  'Schedule Pending Projects',
  'Product Requirements',
  'Project Quotes',
];

describe('project page layout', () => {
  let browser: Browser;
  let projectId = 0;
  let adminName = '';
  const stamp = Date.now();

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    adminName = (await callApi<{ data: { user: { name: string } } }>(token, 'GET', '/api/session')).data.user.name;
    const companyId = await createCompanyViaApi(token, `Folded Steps Dental ${stamp}`);
    const { data } = await callApi<{ data: { id: number } }>(token, 'POST', '/api/project', {
      title: `Front desk move ${stamp}`,
      company_id: companyId,
      labor_required: 0,
      procurement_required: 0,
      verbally_approved: 0,
      goals: 'Reception works as usual on Monday.',
    });
    projectId = data.id;
    const detail = await callApi<{ data: { tickets: { id: number; project_order: number }[] } }>(
      token,
      'GET',
      `/api/project/${projectId}`,
    );
    const byOrder = [...detail.data.tickets].sort((a, b) => a.project_order - b.project_order);
    // Some project time on each step that closes, then the first six steps closed.
    for (const step of byOrder.slice(0, closedSteps.length)) {
      for (const direction of ['in', 'out'])
        await callApi(token, 'POST', '/api/ticket/checkinout', {
          direction,
          ticket_id: step.id,
          project_id: projectId,
        });
      await callApi(token, 'PUT', `/api/ticket/${step.id}`, { status: 1, ticket_id: step.id });
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'folds closed steps to one line, opens the current step, jumps from the progress bar, and stays short',
    {
      timeout: 120_000,
    },
    async () => {
      const page = await newPage(browser);
      await page.setViewportSize({ width: 1440, height: 900 });
      await loginWithToken(page);
      await page.goto(`/projects/${projectId}`);
      const cards = page.getByRole('list', { name: 'Project steps' }).getByRole('listitem');
      await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(12);

      for (const subject of closedSteps) {
        const card = page.getByRole('group', { name: subject, exact: true });
        expect(await card.getAttribute('data-expanded')).toBe('false');
        expect(await card.getByRole('button', { name: subject, exact: true }).getAttribute('aria-expanded')).toBe(
          'false',
        );
        await card.getByText(`Closed by ${adminName} on `).waitFor();
        // One line: the card is no taller than its title row.
        const box = (await card.boundingBox())!;
        expect(box.height).toBeLessThan(64);
        expect(await card.getByRole('button', { name: 'Check In' }).count()).toBe(0);
      }
      const current = page.getByRole('group', { name: 'Labor Quote Approval', exact: true });
      expect(await current.getAttribute('data-expanded')).toBe('true');
      await current.getByText('Current', { exact: true }).waitFor();
      await current.getByRole('button', { name: 'Check In' }).waitFor();

      // The page at 1440 px: far below the 6,500 px of every card open in one column (this young project measured 4,260
      // px that way, about 2,500 folded and in two columns).
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height).toBeLessThan(3_250);

      // The progress bar's Labor Estimate stage opens its folded card and brings it into view, with focus on its title.
      const progress = page.getByRole('list', { name: 'Project progress' });
      // From the foot of the page (playwright brings the bar back into view to click it).
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await progress.getByRole('button', { name: 'Labor Estimate: complete, go to its step' }).click();
      const estimate = page.getByRole('group', { name: 'Labor Estimate', exact: true });
      await expect.poll(() => estimate.getAttribute('data-expanded')).toBe('true');
      await estimate.getByRole('button', { name: 'Check In' }).waitFor();
      await expect
        .poll(() => estimate.evaluate((card) => Math.round(card.getBoundingClientRect().top)))
        .toBeLessThan(200);
      expect(await estimate.evaluate((card) => card.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
      expect(
        await page.evaluate(() => document.activeElement?.closest('[role="group"]')?.getAttribute('aria-label')),
      ).toBe('Labor Estimate');

      // Its title folds it again.
      await estimate.getByRole('button', { name: 'Labor Estimate', exact: true }).click();
      await expect.poll(() => estimate.getAttribute('data-expanded')).toBe('false');
    },
  );
});
