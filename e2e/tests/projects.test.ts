// Spec 3 §2 Projects through the browser: create a project, work its first step, find it in the list.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

// Spec 3 §2 Step panels, by project_order.
const steps = [
  'Planning Approval',
  'Scheduled Placeholder',
  'Labor Estimate',
  'Schedule Pending Projects',
  'Product Requirements',
  'Project Quotes',
  'Labor Quote Approval',
  'Client Payment Invoices',
  'Procurement',
  'Schedule Project Date',
  'Project Day',
  'Completion Verification',
];

describe('projects', () => {
  let browser: Browser;
  const stamp = Date.now();
  const company = { name: `Lakeside Vet ${stamp}`, id: 0, site: 'Lakeside Main' };
  const title = `Clinic network refresh ${stamp}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    const { data } = await callApi<{ data: { regions: { id: number }[] } }>(token, 'GET', '/api/misc/staticdata');
    company.id = await createCompanyViaApi(token, company.name);
    const site = { name: company.site, region_id: data.regions[0]!.id, city: 'Austin' };
    await callApi(token, 'PUT', `/api/companies/sites/${company.id}`, { sites: [site] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a project, closes Planning Approval with Save & Close and lists the project', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/projects/create');
    const form = page.getByRole('form', { name: 'Create Project' });
    await form.getByLabel('Title').fill(title);
    await form.getByRole('combobox', { name: 'Company' }).click();
    await page.getByRole('option', { name: company.name }).click();
    await form.getByRole('combobox', { name: 'Site' }).click();
    await page.getByRole('option', { name: company.site }).click();
    await form.getByRole('combobox', { name: 'Labor Required' }).click();
    await page.getByRole('option', { name: 'No' }).click();
    expect(await form.getByRole('combobox', { name: 'Planner' }).isDisabled()).toBe(true);
    await form.getByRole('button', { name: 'Create Project' }).click();

    await page.waitForURL(/\/projects\/\d+$/);
    const projectId = Number(new URL(page.url()).pathname.split('/').at(-1));
    await page.getByRole('heading', { name: `#${projectId} ${title}` }).waitFor();
    const cards = page.getByRole('list', { name: 'Project steps' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(12);
    expect(await cards.getByRole('heading').allTextContents()).toEqual(steps);

    const progress = page.getByRole('list', { name: 'Project progress' }).getByRole('listitem');
    expect(await progress.first().getAttribute('data-complete')).toBe('false');
    const planning = page.getByRole('group', { name: 'Planning Approval' });
    await planning.getByRole('button', { name: 'Save & Close' }).click();
    await page.getByText('Step updated.').first().waitFor();
    await expect.poll(() => progress.first().getAttribute('data-complete')).toBe('true');
    await expect.poll(() => planning.getAttribute('data-status')).toBe('closed');
    // A closed step folds to its line (issue 26 §2 item 11): its title opens it again.
    await planning.getByRole('button', { name: 'Planning Approval', exact: true }).click();
    expect(await planning.getByRole('button', { name: 'Check In' }).isDisabled()).toBe(true);

    await page.goto(`/projects?title=${encodeURIComponent(title)}`);
    const row = page.locator(`tr[data-project-id="${projectId}"]`);
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining([String(projectId), title, company.name, company.site, steps[1]!, '0.00']),
    );
  });

  // Issue 26 §1 items 1 and 2: the step card's Open ticket goes to the step's own ticket page, whose status control is
  // the step's 0/1; the project's check-in table edits a check-in's billable flag with 'edit checkinout times'.
  it(
    "opens a step's own ticket, closes the step there, and edits a check-in from the project",
    { timeout: 180_000 },
    async () => {
      const token = await adminToken();
      const { data } = await callApi<{ data: { id: number } }>(token, 'POST', '/api/project', {
        title: `Step tickets ${stamp}`,
        company_id: company.id,
        labor_required: 1,
        procurement_required: 1,
        verbally_approved: 0,
      });
      const detail = await callApi<{ data: { tickets: { id: number; project_order: number }[] } }>(
        token,
        'GET',
        `/api/project/${data.id}`,
      );
      const estimate = detail.data.tickets.find((step) => step.project_order === 2)!;
      for (const direction of ['in', 'out'])
        await callApi(token, 'POST', '/api/ticket/checkinout', {
          direction,
          ticket_id: estimate.id,
          project_id: data.id,
        });

      const page = await newPage(browser);
      await loginWithToken(page);
      await page.goto(`/projects/${data.id}`);

      // Item 2: the check-in's billing, edited in the Edit Check-in dialog.
      const checkIns = page.getByRole('group', { name: 'Check-ins' });
      const row = checkIns.getByRole('row').filter({ hasText: 'Labor Estimate' });
      await row.getByRole('cell', { name: 'Billable', exact: true }).waitFor({ timeout: 30_000 });
      await row.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Check-in' });
      await dialog.getByRole('combobox', { name: 'Billing' }).click();
      await page.getByRole('option', { name: 'Non-Billable' }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Check-ins updated.').first().waitFor();
      await row.getByRole('cell', { name: 'Non-Billable', exact: true }).waitFor();

      // Item 1: Open ticket goes to the step's own ticket page.
      const card = page.getByRole('group', { name: 'Labor Estimate' });
      await card.getByRole('link', { name: 'Open ticket' }).click();
      await page.waitForURL((url) => url.pathname === `/ticket/${estimate.id}`);
      await page.getByRole('heading', { name: `#${estimate.id} Labor Estimate` }).waitFor();
      await page.getByRole('group', { name: 'Check-ins' }).getByRole('cell', { name: 'Non-Billable' }).waitFor();
      const status = page.getByRole('group', { name: 'Step status' });
      await status.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Closed' }).click();
      await status.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Step updated.').first().waitFor();
      const clock = page.locator('[data-disabled-reason="Closed"]').getByRole('button', { name: 'Check In' });
      await clock.waitFor();
      expect(await clock.isDisabled()).toBe(true);

      await page.getByRole('link', { name: `Step 2 of project #${data.id}` }).click();
      await page.waitForURL((url) => url.pathname === `/projects/${data.id}`);
      await expect.poll(() => card.getAttribute('data-status')).toBe('closed');
    },
  );
});
