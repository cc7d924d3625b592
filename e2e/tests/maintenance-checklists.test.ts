// Issue 26 §6: the Server Analysis and Exchange Analyzer checklists in the browser, each from an untouched server row of
// the month: create the ticket (spec 2 §2), fill and save the checklist, close the ticket from the checklist page
// (decision 0062: a maintenance ticket naming its server closes without a client account) and see the row turn green.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('maintenance checklists: Server Analysis and Exchange Analyzer', () => {
  let browser: Browser;
  let companyName: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    // Sorts first on the month's page of companies.
    companyName = `0 Checklist Clinic ${Date.now()}`;
    const companyId = await createCompanyViaApi(token, companyName);
    const { data } = await callApi<{ data: { regions: { id: number }[] } }>(token, 'GET', '/api/misc/staticdata');
    await callApi(token, 'PUT', `/api/companies/sites/${companyId}`, {
      sites: [{ name: 'Main Office', region_id: data.regions[0]!.id, city: 'Boise' }],
    });
    const sites = await callApi<{ data: { id: number }[] }>(token, 'GET', `/api/companies/sites.list.${companyId}`);
    const server = { company_id: companyId, site_id: sites.data[0]!.id, type: 'servers', scheduled_maintenance: 1 };
    await callApi(token, 'POST', '/api/devices', {
      ...server,
      name: 'CC-FS01',
      roles: 'File Server',
      drives: [
        { letter: 'C', size: 240 },
        { letter: 'D', size: 2000 },
      ],
    });
    await callApi(token, 'POST', '/api/devices', { ...server, name: 'CC-EX01', roles: 'Exchange Server' });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** From the month page, opens the untouched checklist of `server` through the ticket warning; answers the ticket. */
  async function openFromMonth(page: Page, server: string, kind: 'analysis' | 'exchange'): Promise<number> {
    await page.goto('/maintenance');
    const row = page.getByRole('region', { name: companyName }).getByRole('row', { name: server });
    await row.getByRole('button', { name: `${kind}: Incomplete` }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Maintenance Ticket' });
    await dialog.getByText('can not be undone', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    const route = new RegExp(`^/maintenance/${kind}/\\d+/\\d+/\\d+/\\d+/\\d+/\\d+$`);
    await page.waitForURL((url) => route.test(url.pathname));
    return Number(new URL(page.url()).pathname.split('/')[7]);
  }

  /** Closes the ticket from the checklist page, then sees the month's cell turn from red to green. */
  async function closeAndSeeGreen(page: Page, server: string, kind: 'analysis' | 'exchange', ticketId: number) {
    await page.goto('/maintenance');
    const row = page.getByRole('region', { name: companyName }).getByRole('row', { name: server });
    const badge = row.getByLabel(`${kind}: ticket ${ticketId}`);
    // Spec 2 §4: the ticket id shows, red while the ticket is open.
    await expect.poll(() => badge.getAttribute('data-state')).toBe('red');
    await badge.click();
    await page.waitForURL((url) => url.pathname.startsWith(`/maintenance/${kind}/`));
    await page.getByRole('button', { name: 'Close Ticket' }).click();
    await page.getByText('Ticket Closed').waitFor();

    await page.goto('/maintenance');
    await expect.poll(() => badge.getAttribute('data-state')).toBe('green');
  }

  it('Server Analysis: blocks a missing note, saves every section and the drive rows, and turns green once closed', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    const ticketId = await openFromMonth(page, 'CC-FS01', 'analysis');

    // Spec 2 §2: the four sections, with one row per drive from id 20 labelled '{letter} Drive Used Space (GB)'.
    await page.getByRole('heading', { name: 'Server Analysis' }).waitFor();
    for (const section of ['Operating System', 'Disk', 'Backup', 'General'])
      await page.getByRole('region', { name: section }).waitFor();
    const disk = page.getByRole('region', { name: 'Disk' });
    const driveC = disk.getByRole('group', { name: '20. C Drive Used Space (GB)' });
    const driveD = disk.getByRole('group', { name: '21. D Drive Used Space (GB)' });
    const questions = page.getByRole('group', { name: /^\d+\. / });
    await driveD.waitFor();
    expect(await questions.count()).toBe(19);

    const uptime = page.getByRole('group', { name: '5. System Uptime (days)' });
    await uptime.getByRole('textbox', { name: '5. System Uptime (days)' }).fill('42');
    await uptime.getByRole('textbox', { name: 'Notes' }).fill('Rebooted after last patch night.');
    for (const [id, label] of [
      [9, '9. Last local backup date'],
      [11, '11. Last offsite backup date'],
    ] as const) {
      const row = page.getByRole('group', { name: label });
      await row.getByLabel(label, { exact: true }).fill('2026-11-20');
      await row.getByRole('textbox', { name: 'Notes' }).fill(`Checked in the backup console (${id}).`);
    }
    await driveC.getByRole('textbox', { name: '20. C Drive Used Space (GB)' }).fill('120');
    await driveC.getByRole('textbox', { name: 'Notes' }).fill('Half full.');
    await driveD.getByRole('textbox', { name: '21. D Drive Used Space (GB)' }).fill('1500');
    // The D drive's notes stay empty for now.

    const choices = [1, 2, 3, 4, 6, 7, 8, 10, 12, 13, 14, 15, 16, 17];
    for (const id of choices) {
      const row = page.getByRole('group', { name: new RegExp(`^${id}\\. `) });
      if (id === 1) {
        await row.getByRole('button', { name: 'Yes', exact: true }).click();
        await row.getByRole('textbox', { name: 'Notes' }).fill('November rollup installed.');
      } else await row.getByRole('button', { name: 'N/A', exact: true }).click();
    }
    // Spec 2 §4: N/A sets the notes to 'N/A'.
    expect(
      await page
        .getByRole('group', { name: /^17\. / })
        .getByRole('textbox', { name: 'Notes' })
        .inputValue(),
    ).toBe('N/A');

    // Spec 2 §5: the missing note highlights its row and blocks saving.
    await page.getByRole('button', { name: 'Save Analysis' }).click();
    await expect.poll(() => driveD.getAttribute('data-missing')).toBe('true');
    expect(await driveC.getAttribute('data-missing')).toBeNull();
    expect(new URL(page.url()).pathname.split('/')).toHaveLength(9);

    await driveD.getByRole('textbox', { name: 'Notes' }).fill('Archive share; 75% used.');
    await page.getByRole('button', { name: 'Save Analysis' }).click();
    await page.getByText('Server Analysis saved.').waitFor();
    // Saved: the route gains the analysis id (edit mode) and the button changes with it.
    await page.waitForURL((url) => url.pathname.split('/').length === 10);
    await page.getByRole('button', { name: 'Update Analysis' }).waitFor();
    // What was saved loads back.
    await page.reload();
    await expect
      .poll(() => page.getByRole('textbox', { name: '21. D Drive Used Space (GB)' }).inputValue())
      .toBe('1500 GB');
    expect(
      await page
        .getByRole('group', { name: '9. Last local backup date' })
        .getByLabel('9. Last local backup date', { exact: true })
        .inputValue(),
    ).toBe('2026-11-20');

    await closeAndSeeGreen(page, 'CC-FS01', 'analysis', ticketId);
  });

  it('Exchange Analyzer: saves resolution, notes and a file, updates in edit mode, and turns green once closed', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    const ticketId = await openFromMonth(page, 'CC-EX01', 'exchange');

    await page.getByRole('heading', { name: 'Exchange Analyzer' }).waitFor();
    const resolution = page.getByRole('region', { name: 'Resolution' });
    const notes = page.getByRole('region', { name: 'Notes' });
    await resolution.getByRole('textbox', { name: 'Resolution' }).fill('Mail queues drained; transport restarted.');
    await notes.getByRole('textbox', { name: 'Notes' }).fill('Mailbox database at 61 GB.');
    await resolution.locator('input[type="file"]').setInputFiles({
      name: 'queue-report.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Queue length 0 at 09:14'),
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Spec 2 §8: success shows the server's message; the data loads and the page is in edit mode.
    await page.getByText('Exchange Analysis saved.').waitFor();
    const files = resolution.getByRole('list', { name: 'Resolution attachments' });
    await files.getByRole('button', { name: 'queue-report.txt', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Update', exact: true }).waitFor();

    // Edit mode on a fresh load: the texts come back and an update keeps the file.
    await page.reload();
    const notesBox = notes.getByRole('textbox', { name: 'Notes' });
    await expect.poll(() => notesBox.textContent()).toBe('Mailbox database at 61 GB.');
    await notesBox.fill('Mailbox database at 58 GB after cleanup.');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Exchange Analysis updated.').waitFor();
    await page.reload();
    await expect.poll(() => notesBox.textContent()).toBe('Mailbox database at 58 GB after cleanup.');
    expect(await resolution.getByRole('textbox', { name: 'Resolution' }).textContent()).toBe(
      'Mail queues drained; transport restarted.',
    );
    await files.getByRole('button', { name: 'queue-report.txt', exact: true }).waitFor();

    await closeAndSeeGreen(page, 'CC-EX01', 'exchange', ticketId);
  });
});
