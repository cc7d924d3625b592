// Issue 29, HR forms (designs/hr.md §3, §9): HR builds a policy with a typed-signature field on /hr/forms, publishes it
// and assigns it to everyone; a new employee finds it to do, is refused a signature that is not their name, signs with
// their name, and opens the signed PDF in the viewer, which draws its pages.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

/** How many of the first page's sampled pixels are not white: 0 means pdf.js drew nothing. */
async function inkOnFirstPage(page: Page): Promise<number> {
  const canvas = page.getByLabel('Page 1', { exact: true });
  await canvas.and(page.locator('[data-drawn="true"]')).waitFor();
  return canvas.evaluate((element) => {
    const canvasElement = element as HTMLCanvasElement;
    const { data } = canvasElement.getContext('2d')!.getImageData(0, 0, canvasElement.width, canvasElement.height);
    let ink = 0;
    for (let index = 0; index < data.length; index += 4 * 97) if (data[index]! < 200) ink += 1;
    return ink;
  });
}

describe('HR forms', () => {
  let browser: Browser;
  const stamp = Date.now();
  const password = 'Forms-pass-123';
  const employee = { name: 'Frieda Signer', email: `frieda.signer.${stamp}@switchboard.test` };

  beforeAll(async () => {
    browser = await launchBrowser();
    // A new employee holds no permission: signing needs none.
    await callApi(await adminToken(), 'POST', '/api/users/employee', {
      ...employee,
      password,
      password_confirmation: password,
      title: 'Service Desk',
      active: 0,
      departments: [],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const name = 'HR builds, publishes and assigns a policy; an employee signs it with their name and opens its PDF';
  it(name, { timeout: 180_000 }, async () => {
    const title = `Acceptable Use ${stamp}`;
    const hr = await newPage(browser);
    await loginWithToken(hr);
    await hr.goto('/hr/forms?tab=manage');
    await hr.getByRole('button', { name: 'New form' }).click();
    const settings = hr.getByRole('region', { name: 'Form settings' });
    await settings.getByRole('textbox', { name: /^Title/ }).fill(title);
    await hr.getByRole('textbox', { name: 'Policy text' }).click();
    await hr.keyboard.type('Company laptops are for company work. Lock the screen when you leave it.');
    await hr.getByRole('button', { name: 'Add field' }).click();
    await hr.getByRole('menuitem', { name: 'Typed signature' }).click();
    // The live preview follows the builder.
    const preview = hr.getByRole('region', { name: 'Preview' });
    await preview.getByRole('heading', { name: title }).waitFor();
    await preview.getByRole('textbox', { name: /^Signature/ }).waitFor();
    await hr.getByRole('button', { name: 'Save draft' }).click();
    await hr.getByText('Form created.').waitFor();
    await hr.waitForURL(/[?&]edit=\d+/);
    const formId = Number(new URL(hr.url()).searchParams.get('edit'));

    await hr.getByRole('button', { name: 'Publish', exact: true }).click();
    const question = hr.getByRole('dialog', { name: 'Publish this form' });
    await question.getByText('Require everyone to sign again?').waitFor();
    await question.getByRole('button', { name: 'Yes' }).click();
    await hr.getByText('Version 1 published.').waitFor();
    // A first version goes straight on to whom it is for.
    const assign = hr.getByRole('dialog', { name: `Assign ${title}` });
    await assign.getByRole('switch', { name: /Everyone/ }).check();
    await assign.getByRole('textbox', { name: /Due in/ }).fill('14');
    await assign.getByRole('button', { name: 'Assign' }).click();
    await hr.getByText(/^Assigned to \d+ (person|people)\.$/).waitFor();

    const signer = await newPage(browser);
    await loginWithToken(signer, employee.email, password);
    await signer.goto('/hr/forms');
    const todo = signer.getByRole('region', { name: 'To do' });
    await todo.getByRole('button', { name: `Open ${title}` }).click();
    await signer.waitForURL((url) => url.searchParams.get('form') === String(formId));
    const form = signer.getByRole('form', { name: 'Sign the form' });
    await signer.getByRole('region', { name: 'Policy text' }).getByText('Lock the screen').waitFor();
    await form.getByRole('checkbox', { name: `I have read and understood ${title} (version 1)` }).check();
    const signature = form.getByRole('textbox', { name: /^Signature/ });
    await signature.fill('Frida Singer');
    await form.getByRole('button', { name: 'Sign and submit' }).click();
    await form.getByText('The signature must match your name.').waitFor();
    await signature.fill(employee.name);
    await form.getByRole('button', { name: 'Sign and submit' }).click();
    await signer.getByText('Form signed.').waitFor();

    const done = signer.getByRole('region', { name: 'Done' });
    await done.getByRole('link', { name: `PDF of ${title}` }).click();
    await signer.waitForURL(/\/pdf\/hr_form\/\d+$/);
    const viewer = signer.getByRole('dialog');
    await viewer.getByRole('heading', { name: /^HR Form \d+$/ }).waitFor();
    expect(await inkOnFirstPage(signer)).toBeGreaterThan(20);

    // HR's completion view lists the signature and links the same PDF.
    await hr.goto(`/hr/forms?results=${formId}`);
    await expect.poll(async () => hr.getByTestId('completion').textContent()).toMatch(/^[1-9]\d* \/ [1-9]\d*$/);
    // Mantine's segmented control hides its radios under their labels: click the label, as a person would.
    await hr.getByRole('radiogroup').getByText('Signed', { exact: true }).click();
    await expect.poll(async () => hr.getByRole('radio', { name: 'Signed' }).isChecked()).toBe(true);
    const rows = hr.getByRole('table', { name: 'Assignments' }).getByRole('row').filter({ hasText: employee.name });
    await expect.poll(async () => rows.getByRole('link', { name: 'PDF' }).count(), { timeout: 15_000 }).toBe(1);
  });
});
