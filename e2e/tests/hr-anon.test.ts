// Anonymous e-mail (designs/hr.md §4, §9; decision 0105): an employee reports anonymously (the page posts without the
// Authorization header) and saves the code; the release job runs; a reader opens the report, replies; the reporter
// reads the reply with the code and answers.
import pg from 'pg';
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { app, launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

// The release job's own function, run here on the app's database as pg-boss would run it (loaded by path: it sits
// outside e2e/). Realtime is the app process's, so the reader's page reloads instead of hearing the event.
interface ReleaseModules {
  runAnonRelease(app: unknown, now?: Date): Promise<void>;
  createDatabase(url: string): { db: unknown; pool: pg.Pool };
}
/**
 * Runs the release. `slotArrived` forgets the slots already handled, as if the next one had come: the app's own job
 * (every 15 minutes) may have handled the latest slot, and what came after it waits for the next one.
 */
async function runReleaseJob(slotArrived: boolean): Promise<void> {
  const routes = new URL('../../apps/server/src/modules/hr/hr-anon.routes.ts', import.meta.url).href;
  const client = new URL('../../apps/server/src/db/client.ts', import.meta.url).href;
  const { runAnonRelease } = (await import(routes)) as Pick<ReleaseModules, 'runAnonRelease'>;
  const { createDatabase } = (await import(client)) as Pick<ReleaseModules, 'createDatabase'>;
  const { db, pool } = createDatabase(inject('databaseUrl'));
  try {
    if (slotArrived) await pool.query('delete from hr_anon_releases');
    const jobApp = {
      db,
      realtime: { emitToStaff: () => undefined, emitToUser: () => undefined, emitToChannel: () => undefined },
      config: { appUrl: app().baseURL, smtpUrl: undefined, mailFrom: 'Switchboard <no-reply@switchboard.test>' },
    };
    await runAnonRelease(jobApp);
  } finally {
    await pool.end();
  }
}

async function grantReader(email: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    await client.query(
      `insert into user_permissions (user_id, permission_id)
       select u.id, p.id from users u, permissions p
       where lower(u.email) = lower($1) and p.name = 'read anonymous email'
       on conflict do nothing`,
      [email],
    );
  } finally {
    await client.end();
  }
}

describe('anonymous e-mail', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    await grantReader(app().adminEmail);
    // Handles the latest slot now, so the app's own job cannot release the test's report before the test does.
    await runReleaseJob(false);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reports without identity, releases at the slot, and the reporter reads the reply with the code', async () => {
    const subject = `Blocked fire exit ${Date.now()}`;
    const reporter = await newPage(browser);
    await loginWithToken(reporter);
    const posts: Request[] = [];
    reporter.on('request', (request) => {
      // The three public calls (the page's reader list, signed in, is not one of them).
      if (/\/api\/hr\/anonemail(\/lookup|\/reply)?$/.test(new URL(request.url()).pathname)) posts.push(request);
    });
    await reporter.goto('/hr/anonemail');
    await reporter.getByRole('tab', { name: 'Send a report' }).click();
    await reporter.getByText('In an emergency, call 911.').waitFor();
    await reporter.getByRole('combobox', { name: 'Category' }).click();
    await reporter.getByRole('option', { name: 'Safety', exact: true }).click();
    await reporter.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await reporter.getByRole('textbox', { name: 'Message' }).fill('The east stairwell door is chained every evening.');
    await reporter.getByRole('button', { name: 'Send report' }).click();
    await reporter.getByText('Your report was sent.').waitFor();
    const shown = (await reporter.getByTestId('reply-code').textContent())!.trim();
    expect(shown).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
    const done = reporter.getByRole('button', { name: 'Done' });
    expect(await done.isDisabled()).toBe(true);
    await reporter.getByRole('checkbox', { name: 'I have saved my code' }).check();
    await done.click();

    // The report went out with no Authorization header and the code nowhere in a URL.
    const submitted = posts.find((request) => request.method() === 'POST' && request.url().endsWith('/anonemail'))!;
    expect(submitted).toBeDefined();
    expect(await submitted.headerValue('authorization')).toBeNull();
    expect(posts.every((request) => !request.url().includes(shown.replace(/-/g, '')))).toBe(true);

    // Before the slot the reader sees nothing of it.
    const reader = await newPage(browser);
    await loginWithToken(reader);
    await reader.goto('/hr/anonemail');
    const table = reader.getByRole('table', { name: 'Anonymous reports' });
    await table.waitFor();
    expect(await table.getByText(subject).count()).toBe(0);

    await runReleaseJob(true);
    await reader.reload();
    await table.getByRole('button', { name: subject }).click();
    const drawer = reader.getByRole('dialog', { name: 'Anonymous report' });
    await drawer.getByText('The east stairwell door is chained every evening.').waitFor();
    await drawer
      .getByRole('textbox', { name: 'Reply to the reporter' })
      .fill('Thank you. Facilities removed the chain.');
    await drawer.getByRole('button', { name: 'Send reply' }).click();
    await reader.getByText('Reply sent.').waitFor();
    await drawer.getByRole('textbox', { name: 'Add a note' }).fill('Checked with facilities on site.');
    await drawer.getByRole('button', { name: 'Add note' }).click();
    await drawer.getByText('Checked with facilities on site.').waitFor();
    const log = drawer.getByRole('table', { name: 'Access log' });
    await expect.poll(async () => log.getByRole('row').count()).toBeGreaterThanOrEqual(3);

    // The reporter opens the report with the code (lower case, as typed by hand), reads the reply, never the note.
    await reporter.getByRole('tab', { name: 'Check a report' }).click();
    await reporter.getByRole('textbox', { name: 'Reply code' }).fill(shown.toLowerCase());
    await reporter.getByRole('button', { name: 'Open report' }).click();
    await reporter.getByText('Thank you. Facilities removed the chain.').waitFor();
    expect(await reporter.getByText('Checked with facilities on site.').count()).toBe(0);
    await reporter.getByRole('textbox', { name: 'Your answer' }).fill('It was chained again on Friday.');
    await reporter.getByRole('button', { name: 'Send answer' }).click();
    await reporter.getByText('It was chained again on Friday.').waitFor();
    for (const request of posts) expect(await request.headerValue('authorization')).toBeNull();
    expect(posts.filter((request) => request.url().endsWith('/lookup')).length).toBe(1);
    // Two pages, a release and a dozen round trips: more than the default minute on a loaded machine.
  }, 180_000);
});
