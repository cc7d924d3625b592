// Issue 15 part 7 through the browser: the accounts and devices tables fit their frame at 1280 and 1440 px wide.
// Every cell keeps one line, longer text ends in an ellipsis with the full text as its title, and the action icons
// sit inside the frame.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

/** What does not fit in the named table: overflowing cells without an ellipsis and title, tall rows, icons cut off. */
function tableProblems(page: Page, tableName: string): Promise<string[]> {
  return page.evaluate((name) => {
    const problems: string[] = [];
    const table = document.querySelector(`table[aria-label="${name}"]`);
    if (!table) return [`no table ${name}`];
    const frame = table.closest('.mantine-Card-root')!.getBoundingClientRect();
    const scroller = table.parentElement!;
    if (scroller.scrollWidth > scroller.clientWidth + 1)
      problems.push(`table wider than its frame: ${scroller.scrollWidth} > ${scroller.clientWidth}`);
    for (const cell of Array.from(table.querySelectorAll('tbody td'))) {
      if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`cell overflows: ${cell.textContent}`);
      for (const element of Array.from(cell.querySelectorAll<HTMLElement>('p, span, a'))) {
        if (element.scrollWidth <= element.clientWidth + 1) continue;
        const ellipsis = getComputedStyle(element).textOverflow === 'ellipsis';
        if (!ellipsis || element.title !== element.textContent)
          problems.push(`cut without ellipsis and title: ${element.textContent}`);
      }
    }
    for (const row of Array.from(table.querySelectorAll('tbody tr'))) {
      // One line of text (or the 30 px avatar) and the padding: a wrapped cell makes the row taller.
      if (row.getBoundingClientRect().height > 56) problems.push(`row on more than one line: ${row.textContent}`);
    }
    for (const icon of Array.from(table.querySelectorAll('tbody td:last-child .mantine-ActionIcon-root'))) {
      const box = icon.getBoundingClientRect();
      if (box.left < frame.left || box.right > frame.right)
        problems.push(`action icon outside the frame: ${icon.getAttribute('aria-label')}`);
    }
    return problems;
  }, tableName);
}

describe('tables that fit (issue 15 part 7)', () => {
  let browser: Browser;
  let companyId: number;
  const stamp = Date.now().toString(36);
  const longName = `Maximilian Bartholomew Featherstonehaugh-Worthington ${stamp}`;
  const deviceName = `RECEPTION-WORKSTATION-WITH-A-VERY-LONG-HOSTNAME-${stamp}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    companyId = await createCompanyViaApi(token, `Featherstonehaugh Accounting and Tax Advisory Partners ${stamp}`);
    const { data } = await callApi<{ data: { regions: { id: number }[] } }>(token, 'GET', '/api/misc/staticdata');
    const sites = [
      { name: 'Headquarters and Main Administrative Office', region_id: data.regions[0]!.id, city: 'Austin' },
    ];
    await callApi(token, 'PUT', `/api/companies/sites/${companyId}`, { sites });
    const { data: siteOptions } = await callApi<{ data: { id: number }[] }>(
      token,
      'GET',
      `/api/companies/sites.list.${companyId}`,
    );
    const account = {
      name: longName,
      email: `maximilian.featherstonehaugh.worthington.${stamp}@featherstonehaugh-accounting.example`,
      company_id: companyId,
      site_id: siteOptions[0]!.id,
      title: 'Director of Operations, Facilities and Information Technology',
      office_number: '(512) 555-0134 x1234',
      phone_number: '(512) 555-0199',
      password: 'Table-fit-pass-1',
      password_confirmation: 'Table-fit-pass-1',
    };
    await callApi(token, 'POST', '/api/users/client', account);
    const device = {
      company_id: companyId,
      site_id: siteOptions[0]!.id,
      type: 'workstations',
      name: deviceName,
      asset_tag: `ASSET-TAG-0000-${stamp}`,
      purchase_date: '2023-02-01',
      warranty_date: '2026-02-01',
    };
    await callApi(token, 'POST', '/api/devices', device);
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [1280, 1440]) {
    it(`the accounts table fits at ${width} px`, async () => {
      const page = await newPage(browser);
      await page.setViewportSize({ width, height: 800 });
      await loginWithToken(page);
      await page.goto('/accounts');
      await page.getByLabel('Search accounts').fill(stamp);
      const row = page.getByRole('table', { name: 'Client accounts' }).locator('tbody tr').filter({ hasText: stamp });
      await row.waitFor();
      // The long name is cut with an ellipsis and shown in full on hover.
      expect(await row.locator(`[title="${longName}"]`).count()).toBe(1);
      expect(await tableProblems(page, 'Client accounts')).toEqual([]);
      // The three action icons are there and can be clicked.
      await row.getByRole('link', { name: `Edit ${longName}` }).waitFor();
      await row.getByRole('button', { name: `Delete ${longName}` }).waitFor();
      await row.getByRole('button', { name: `Impersonate ${longName}` }).waitFor();
    });

    it(`the devices table fits at ${width} px, every company's and one company's`, async () => {
      const page = await newPage(browser);
      await page.setViewportSize({ width, height: 800 });
      await loginWithToken(page);
      for (const path of ['/companies/devices/workstations', `/companies/${companyId}/devices/workstations`]) {
        await page.goto(path);
        await page.getByLabel('Search devices').fill(stamp);
        const row = page.getByRole('table', { name: 'Workstations' }).locator('tbody tr').filter({ hasText: stamp });
        await row.waitFor();
        expect(await row.locator(`[title="${deviceName}"]`).count()).toBe(1);
        expect(await tableProblems(page, 'Workstations'), path).toEqual([]);
        await row.getByRole('button', { name: `Delete ${deviceName}` }).waitFor();
      }
    });
  }
});
