// Issue 29, hiring (designs/hr.md §5, §9): two people have the same board open; one moves an applicant to the next step
// with the keyboard (dnd-kit's keyboard sensor, each step announced to screen readers), and the other board follows
// without a reload (ApplicantMoved on hr_job_{id}).
import type { HrApplicantDetail, HrBoard, HrJob } from '@switchboard/shared/hr/jobs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

const connected = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.realtime === 'connected');

describe('Hiring board', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // Two pages and a warm-up of the live channel: slow on a loaded 2-core machine.
  it('moves an applicant with the keyboard and a second board follows live', { timeout: 180_000 }, async () => {
    const token = await adminToken();
    const stamp = Date.now();
    const job = await callApi<{ data: HrJob }>(token, 'POST', '/api/hr/jobs', {
      title: `Network Engineer ${stamp}`,
      employment_type: 'full_time',
      workplace: 'hybrid',
      status: 'open',
      openings: 1,
    });
    const form = new FormData();
    form.append('first_name', 'Grace');
    form.append('last_name', `Hopper ${stamp}`);
    form.append('email', `grace.${stamp}@example.com`);
    form.append('source', 'website');
    form.append('resume', new Blob(['%PDF-1.4\n% resume\n%%EOF\n'], { type: 'application/pdf' }), 'resume.pdf');
    const created = await callApi<{ data: HrApplicantDetail }>(
      token,
      'POST',
      `/api/hr/jobs/${job.data.id}/applicants`,
      form,
    );
    const applicant = created.data;
    const board = await callApi<{ data: HrBoard }>(token, 'GET', `/api/hr/jobs/${job.data.id}/board`);
    const [first, second] = board.data.columns;
    expect(first!.step.id).toBe(applicant.step_id);

    const mover = await newPage(browser);
    const watcher = await newPage(browser);
    for (const page of [mover, watcher]) {
      await loginWithToken(page);
      await page.goto(`/hr/jobs/board/${job.data.id}`);
      await connected(page);
      await page
        .getByRole('region', { name: first!.step.name })
        .getByRole('article', { name: applicant.name })
        .waitFor();
    }

    // The watcher's subscription to hr_job_{id} is live once a change made elsewhere reaches it: rate the applicant
    // until its card shows the rating (a change sent before the subscription landed would never arrive).
    const watcherCard = watcher.getByRole('article', { name: applicant.name });
    let sent = 0;
    await expect
      .poll(
        async () => {
          if (sent > 0 && (await watcherCard.locator(`[aria-label="Rated ${sent} of 5"]`).count()) > 0) return true;
          sent = sent === 4 ? 5 : 4;
          await callApi(token, 'PUT', `/api/hr/applicants/${applicant.id}`, {
            first_name: applicant.first_name,
            last_name: applicant.last_name,
            email: applicant.email,
            source: 'website',
            rating: sent,
          });
          return false;
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(true);

    // dnd-kit's keyboard sensor: space lifts, an arrow moves to the next step, space drops; each key waits for the
    // board's own announcement, so a loaded machine cannot drop keys mid-drag.
    const liveRegion = mover.locator('[id^="DndLiveRegion"]');
    const announced = (text: string) => expect.poll(async () => liveRegion.textContent()).toContain(text);
    await mover.getByRole('button', { name: `Move ${applicant.name}` }).focus();
    await mover.keyboard.press('Space');
    await announced(`${applicant.name} is over ${first!.step.name}`);
    await mover.keyboard.press('ArrowRight');
    await announced(`${applicant.name} is over ${second!.step.name}`);
    await mover.keyboard.press('Space');
    await announced(`${applicant.name} was dropped in ${second!.step.name}`);

    const inSecond = (page: Page) =>
      page.getByRole('region', { name: second!.step.name }).getByRole('article', { name: applicant.name });
    await inSecond(mover).waitFor();
    // The other board follows without a reload, and the first column no longer holds the card.
    await inSecond(watcher).waitFor();
    await expect
      .poll(async () =>
        watcher.getByRole('region', { name: first!.step.name }).getByRole('article', { name: applicant.name }).count(),
      )
      .toBe(0);
    const after = await callApi<{ data: HrBoard }>(token, 'GET', `/api/hr/jobs/${job.data.id}/board`);
    const column = after.data.columns.find((each) => each.cards.some((card) => card.id === applicant.id));
    expect(column?.step.id).toBe(second!.step.id);
  });
});
