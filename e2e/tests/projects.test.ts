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
    expect(await planning.getByRole('button', { name: 'Check In' }).isDisabled()).toBe(true);

    await page.goto(`/projects?title=${encodeURIComponent(title)}`);
    const row = page.locator(`tr[data-project-id="${projectId}"]`);
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining([String(projectId), title, company.name, company.site, steps[1]!, '0.00']),
    );
  });
});
