// Issue 18 parts 6 and 11 (spec 3 §2 Step panels, §4): a template imported into the Labor Estimate, a step dragged and
// the steps saved with their totals; on Project Day every labor step closed, then the step itself.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('project labor estimate and Project Day', () => {
  let browser: Browser;
  let token: string;
  let projectId: number;
  const templateName = `Network refresh ${Date.now()}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await adminToken();
    await callApi(token, 'POST', '/api/project/templates', {
      template_name: templateName,
      steps: [
        { title: 'Rack and cable', min_hours: 2, max_hours: 3.5, tasks: [{ title: 'Mount rack' }] },
        { title: 'Configure switches', min_hours: 1.25, max_hours: 2, tasks: [] },
      ],
    });
    const companyId = await createCompanyViaApi(token, `Labor Dental ${Date.now()}`);
    const created = await callApi<{ data: { id: number } }>(token, 'POST', '/api/project', {
      title: 'Switch replacement',
      company_id: companyId,
      labor_required: 0,
      procurement_required: 1,
      verbally_approved: 0,
    });
    projectId = created.data.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('imports a template, moves a step, saves with totals, then closes every labor step and Project Day', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/projects/${projectId}`);

    const estimate = page.getByRole('group', { name: 'Labor Estimate' });
    await estimate.getByText('No labor steps yet.').waitFor();
    await estimate.getByRole('button', { name: 'Import Template' }).click();
    const importer = page.getByRole('dialog', { name: 'Import Template' });
    await importer.getByRole('textbox', { name: 'Search templates' }).fill(templateName);
    await importer.getByRole('option', { name: templateName }).click();
    await importer
      .getByRole('table', { name: `Steps of ${templateName}` })
      .getByText('Mount rack')
      .waitFor();
    await importer.getByRole('button', { name: 'Import' }).click();
    await page.getByText('Template imported.').first().waitFor();
    await importer.waitFor({ state: 'hidden' });

    const labor = estimate.getByRole('list', { name: 'Labor steps' });
    const titles = () =>
      labor
        .getByRole('listitem')
        .filter({ has: page.getByRole('textbox', { name: 'Title' }) })
        .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
    await expect.poll(titles).toEqual(['Rack and cable', 'Configure switches']);
    expect(await estimate.locator('[data-total="min"]').innerText()).toBe('3.25');
    expect(await estimate.locator('[data-total="max"]').innerText()).toBe('5.50');

    // Dragged by its grip above the other step (dnd-kit starts a drag after a few pixels of travel).
    const grip = (await labor.getByRole('button', { name: 'Drag Configure switches' }).boundingBox())!;
    const above = (await labor.getByRole('listitem', { name: 'Rack and cable' }).boundingBox())!;
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + grip.width / 2, grip.y - 10, { steps: 4 });
    await page.mouse.move(grip.x + grip.width / 2, above.y + 4, { steps: 12 });
    await page.mouse.up();
    await expect.poll(titles).toEqual(['Configure switches', 'Rack and cable']);
    await estimate.getByRole('button', { name: 'Save Steps' }).click();
    await page.getByRole('dialog', { name: 'Save Steps' }).getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Steps saved.').first().waitFor();
    const saved = await callApi<{ data: { labor_steps: { title: string }[] } }>(
      token,
      'GET',
      `/api/project/${projectId}`,
    );
    expect(saved.data.labor_steps.map((step) => step.title)).toEqual(['Configure switches', 'Rack and cable']);
    expect(await estimate.locator('[data-total="max"]').innerText()).toBe('5.50');

    const day = page.getByRole('group', { name: 'Project Day' });
    await day.getByText('All Substeps Must Be Closed').waitFor();
    const ownCheckIn = day.getByRole('button', { name: 'Check In', exact: true });
    expect(await ownCheckIn.isDisabled()).toBe(true);
    expect(await day.locator('[data-disabled-reason="Use Steps"]').count()).toBe(1);
    for (const title of ['Configure switches', 'Rack and cable']) {
      const checkbox = day.getByRole('checkbox', { name: title });
      await checkbox.click();
      await expect.poll(() => checkbox.isChecked()).toBe(true);
      expect(await day.getByRole('button', { name: `Check In to ${title}` }).isDisabled()).toBe(true);
    }
    await page.getByText('Substep closed.').first().waitFor();
    await day.getByText('All Substeps Must Be Closed').waitFor({ state: 'hidden' });
    await day.getByRole('button', { name: 'Save & Close' }).click();
    await page.getByText('Step updated.').first().waitFor();
    await expect.poll(() => day.getAttribute('data-status')).toBe('closed');
  });
});
