// Issue 26 §2 item 6 through the browser (decision 0064): every screen a client account uses fits a phone, 390x844:
// the ticket list, a ticket, Create Ticket and its project page. Nothing sticks out sideways (no horizontal scroll of
// the page), the top bar's tools stay on screen and a ticket's subject is not cut to a few characters.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

const phone = { width: 390, height: 844 };

/** What reaches past the right edge of a phone's screen: the page's own width and the elements beyond it. */
function overflow(page: Page): Promise<{ scrollWidth: number; outside: string[] }> {
  return page.evaluate((width) => {
    const outside: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 1) continue;
      // Inside a box that scrolls sideways on purpose (a table's frame), or clipped by one, it is not past the screen.
      let clipped = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible' && parent.getBoundingClientRect().right <= width + 1) {
          clipped = true;
          break;
        }
      }
      if (!clipped) outside.push(`${element.tagName.toLowerCase()}.${element.className}: ${Math.round(box.right)}`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, outside: outside.slice(0, 10) };
  }, phone.width);
}

/** The element is fully on screen (between the left and right edges). */
async function onScreen(page: Page, locator: ReturnType<Page['getByRole']>): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= phone.width + 1;
}

describe('a client account’s screens fit a phone (issue 26 §2 item 6)', () => {
  let browser: Browser;
  let ticketId: number;
  let projectId: number;
  const stamp = Date.now().toString(36);
  const client = { email: `phone.${stamp}@harbor.example`, password: 'Phone-fit-pass-1' };
  const subject = `Reception printer prints blank pages ${stamp}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    const companyId = await createCompanyViaApi(token, `Harbor Family Dentistry and Orthodontics ${stamp}`);
    const account = { name: 'Phoebe Phone', company_id: companyId, password_confirmation: client.password };
    const created = await callApi<{ data: { id: number } }>(token, 'POST', '/api/users/client', {
      ...account,
      ...client,
    });
    const ticket = { subject, body: 'Every page comes out blank.', company_id: companyId, location: 1, triage_id: 3 };
    const filed = { ...ticket, client_id: created.data.id };
    ticketId = (await callApi<{ data: { id: number } }>(token, 'POST', '/api/ticket', filed)).data.id;
    const project = await callApi<{ data: { id: number } }>(token, 'POST', '/api/project', {
      title: 'Front desk network refresh',
      company_id: companyId,
      labor_required: 1,
      procurement_required: 1,
      verbally_approved: 0,
      goals: '<p>Replace the switch</p>',
    });
    projectId = project.data.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  const clientPhone = async () => {
    const page = await newPage(browser);
    await page.setViewportSize(phone);
    await loginWithToken(page, client.email, client.password);
    return page;
  };

  it('the ticket list: no sideways scroll, Create Ticket and the user menu on screen, the subject readable', async () => {
    const page = await clientPhone();
    await page.goto('/tickets');
    const row = page.locator(`[data-ticket-id="${ticketId}"]`);
    await row.waitFor();
    expect(await overflow(page)).toEqual({ scrollWidth: phone.width, outside: [] });
    expect(await onScreen(page, page.getByRole('link', { name: 'Create Ticket' }))).toBe(true);
    expect(await onScreen(page, page.getByRole('textbox', { name: 'Search' }))).toBe(true);
    expect(await onScreen(page, page.getByRole('button', { name: 'My tickets' }))).toBe(true);
    // The subject reads in full at least as far as its first words (it was cut to 9 characters).
    const link = row.getByRole('link', { name: subject });
    const box = await link.boundingBox();
    expect(box!.width).toBeGreaterThan(200);
  });

  it('a ticket: no sideways scroll, its details and the reply form on screen', async () => {
    const page = await clientPhone();
    await page.goto(`/ticket/${ticketId}`);
    await page.getByRole('group', { name: 'Ticket Details' }).waitFor();
    await page.getByRole('group', { name: 'Reply' }).waitFor();
    expect(await overflow(page)).toEqual({ scrollWidth: phone.width, outside: [] });
  });

  it('Create Ticket: no sideways scroll', async () => {
    const page = await clientPhone();
    await page.goto('/tickets/create');
    await page
      .getByRole('form', { name: 'Create Ticket' })
      .getByLabel(/^Subject/)
      .waitFor();
    expect(await overflow(page)).toEqual({ scrollWidth: phone.width, outside: [] });
  });

  it('the project page: no sideways scroll, and no staff warning', async () => {
    const page = await clientPhone();
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('list', { name: 'Project steps' }).waitFor();
    expect(await overflow(page)).toEqual({ scrollWidth: phone.width, outside: [] });
    expect(await page.getByText('Clients are required to approve planning for projects.').count()).toBe(0);
  });
});
