// Issue 26 §6: the network grades' Manage Form (spec 2 §2 /companies/networkgrade/form, §7 GET and POST
// /api/save/networkgrade/form) in the browser: a refused save, then a saved question that survives a reload.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

type GradeForm = { category: string; questions: { id: number; question: string }[] }[];

describe('network grade Manage Form', () => {
  let browser: Browser;
  let token: string;
  let original: GradeForm;
  let companyId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await adminToken();
    original = (await callApi<{ data: GradeForm }>(token, 'GET', '/api/save/networkgrade/form')).data;
    companyId = await createCompanyViaApi(token, `Graded Clinic ${Date.now()}`);
  });
  afterAll(async () => {
    // The form is shared by every grade: put its questions back as they were for the other tests.
    if (original) await callApi(token, 'POST', '/api/save/networkgrade/form', { sections: original });
    await browser?.close();
  });

  it('refuses an empty question, then saves an edited one that shows after a reload', async () => {
    const first = original.find((section) => section.category === 'Network Security')!;
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/companies/networkgrade/form');
    await page.getByRole('heading', { name: 'Manage Network Grade Form' }).waitFor();
    // Spec 2 §3: the grading categories, each section with its questions.
    for (const category of [
      'Network Security',
      'Security & File Security',
      'Server Room Environment / Network Closet Environment',
      'Equipment Age & Replacement Strategy',
      'User Environment',
      'Core Application Environment & Security',
    ])
      await page.getByRole('group', { name: category }).waitFor();
    const section = page.getByRole('group', { name: 'Network Security' });
    const question = section.getByRole('textbox', { name: 'Question 2' });
    expect(await question.inputValue()).toBe(first.questions[1]!.question);
    expect(await section.getByRole('textbox', { name: /^Question \d+$/ }).count()).toBe(first.questions.length);

    // An empty question is refused with its field's message, and nothing is saved.
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/save/networkgrade/form')) posts += 1;
    });
    await question.fill('');
    await page.getByRole('button', { name: 'Save Form' }).click();
    await section.getByText('The question field is required.').waitFor();
    expect(await question.getAttribute('aria-invalid')).toBe('true');
    expect(posts).toBe(0);

    const text = `Is the firewall firmware on a supported release? (${Date.now()})`;
    await question.fill(text);
    await page.getByRole('button', { name: 'Save Form' }).click();
    await page.getByText('Grading form saved.').waitFor();
    expect(posts).toBe(1);
    await expect.poll(() => section.getByText('The question field is required.').count()).toBe(0);
    expect(await question.inputValue()).toBe(text);

    await page.reload();
    await page.getByRole('heading', { name: 'Manage Network Grade Form' }).waitFor();
    await expect
      .poll(() =>
        page.getByRole('group', { name: 'Network Security' }).getByRole('textbox', { name: 'Question 2' }).inputValue(),
      )
      .toBe(text);
    // The other questions kept their text and their order.
    expect(await section.getByRole('textbox', { name: 'Question 1' }).inputValue()).toBe(first.questions[0]!.question);
    expect(await section.getByRole('textbox', { name: /^Question \d+$/ }).count()).toBe(first.questions.length);

    // A new grade asks the edited question.
    await page.goto(`/companies/${companyId}/grades/new`);
    await page.getByText(text, { exact: true }).waitFor();
  });
});
