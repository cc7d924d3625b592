// CRM documents, templates and e-mail through the browser (designs/crm-softphone.md §4.2, §4.6, §4.9): a manager
// uploads a PDF on /crm/documents and makes an e-mail template that attaches it on /crm/admin/email; an agent opens
// their lead, e-mails it with the template and the document, the mail reaches the SMTP listener with the PDF
// attached and the merge fields filled, and the e-mail shows on the lead's timeline. Names are tagged with the run.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';
import { decodeQuotedPrintable, startMailCatcher } from '../support/mail.ts';

const password = 'Secret-Pass-123';

/** A small PDF: the content check knows it by its signature. */
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

describe('CRM documents and lead e-mail', () => {
  let browser: Browser;
  let admin: string;
  const tag = `Doc${Date.now().toString(36)}`;
  const manager = { id: 0, name: `Mel Manager ${tag}`, email: `mel.${tag.toLowerCase()}@example.test` };
  const agent = { id: 0, name: `Art Agent ${tag}`, email: `art.${tag.toLowerCase()}@example.test` };
  const leadEmail = `gina.${tag.toLowerCase()}@example.test`;
  let leadId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminToken();
    for (const [person, permissions] of [
      [manager, ['view crm', 'manage crm']],
      [agent, ['view crm']],
    ] as const) {
      person.id = (
        await callApi<{ data: { id: number } }>(admin, 'POST', '/api/user', {
          name: person.name,
          email: person.email,
          password,
          type: 'user',
        })
      ).data.id;
      await callApi(admin, 'PUT', `/api/users/employee/permissions/${person.id}`, { permissions });
    }
    leadId = (
      await callApi<{ data: { id: number } }>(admin, 'POST', '/api/crm/leads', {
        company_name: `Granite Law ${tag}`,
        first_name: 'Gina',
        last_name: 'Granite',
        email: leadEmail,
        status: 1,
        manager_id: agent.id,
      })
    ).data.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'a manager uploads a document and makes a template; an agent e-mails the lead with both',
    { timeout: 240_000 },
    async () => {
      const mail = await startMailCatcher();
      try {
        const page = await newPage(browser);
        await loginWithToken(page, manager.email, password);

        // Upload: the name comes from the file; the row shows the PDF icon.
        await page.goto('/crm/documents');
        await page.getByRole('button', { name: 'Upload Document' }).click();
        const upload = page.getByRole('dialog', { name: 'Upload Document' });
        await upload.locator('input[type="file"]').setInputFiles({
          name: `Brochure ${tag}.pdf`,
          mimeType: 'application/pdf',
          buffer: pdf(tag),
        });
        await expect.poll(() => upload.getByLabel('Name').inputValue()).toBe(`Brochure ${tag}`);
        await upload.getByPlaceholder('Choose or type a category').fill(`Brochures ${tag}`);
        await upload.getByRole('button', { name: 'Upload' }).click();
        await upload.waitFor({ state: 'detached' });
        const table = page.getByRole('table', { name: 'Documents' });
        const row = table.getByRole('row').filter({ hasText: `Brochure ${tag}` });
        await row.getByRole('img', { name: 'PDF' }).waitFor();

        // Template: merge fields in subject and body, the document attached.
        await page.goto('/crm/admin/email');
        await page.getByRole('button', { name: 'Add Template' }).click();
        const editor = page.getByRole('dialog', { name: 'Add Template' });
        await editor.getByLabel('Name').fill(`Intro ${tag}`);
        await editor.getByLabel('Subject').fill('Hello {{contact_first_name}} from {{agent_name}}');
        const body = editor.getByRole('textbox', { name: 'Body' });
        await body.click();
        await body.pressSequentially('Dear {{contact_first_name}}, our brochure is attached.');
        await editor.getByPlaceholder('Attach library documents').click();
        await page.getByRole('option', { name: `Brochure ${tag}` }).click();
        // A click outside the open list closes it (it covers the dialog's buttons).
        await editor.getByLabel('Name').click();
        await page.getByRole('option', { name: `Brochure ${tag}` }).waitFor({ state: 'hidden' });
        await editor.getByRole('button', { name: 'Save' }).click();
        await editor.waitFor({ state: 'detached' });
        await page.getByRole('table', { name: 'Email templates' }).getByText(`Intro ${tag}`).waitFor();

        // The agent e-mails their lead with the template.
        const agentPage = await newPage(browser);
        await loginWithToken(agentPage, agent.email, password);
        await agentPage.goto(`/crm?lead=${leadId}`);
        const drawer = agentPage.getByRole('dialog', { name: `Granite Law ${tag}` });
        await drawer.getByRole('button', { name: 'Email', exact: true }).click();
        const dialog = agentPage.getByRole('dialog', { name: `Email Granite Law ${tag}` });
        await dialog.getByRole('combobox', { name: 'Template' }).click();
        await agentPage.getByRole('option', { name: `Intro ${tag}` }).click();
        await expect.poll(() => dialog.getByLabel('Subject').inputValue()).toBe(`Hello Gina from ${agent.name}`);
        await dialog.getByText(`Brochure ${tag}`).first().waitFor();
        await dialog.getByRole('button', { name: 'Send' }).click();
        await dialog.waitFor({ state: 'detached' });

        const timeline = drawer.getByRole('list', { name: 'Timeline' });
        const entry = timeline.getByRole('listitem').filter({ hasText: `Hello Gina from ${agent.name}` });
        await entry.waitFor();
        expect(await entry.textContent()).toContain(`Brochure ${tag}`);
        expect(await entry.textContent()).toContain('Dear Gina, our brochure is attached.');

        const sent = await mail.waitFor(leadEmail);
        const text = decodeQuotedPrintable(sent.raw);
        expect(text).toContain(`Hello Gina from ${agent.name}`);
        expect(text).toContain('Dear Gina, our brochure is attached.');
        expect(text).toContain(`filename="Brochure ${tag}.pdf"`);
        expect(text).toContain('Content-Type: application/pdf');
      } finally {
        await mail.close();
      }
    },
  );
});
