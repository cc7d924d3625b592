// Issue 29 part 1 (designs/hr.md §2.1; decision 0102): on /hr/admin an HR administrator adds a kind of request, moves it
// to the top with the keyboard (the order survives a reload), deletes it, and saves a four-day week in the settings.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('HR administration', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds a category, reorders it by keyboard, deletes it, and saves the company week', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/hr/admin/categories');
    const list = page.getByRole('region', { name: 'Categories' });
    await list.getByRole('button', { name: 'Drag Time Off' }).waitFor();

    const name = `Jury Duty ${Date.now()}`;
    await page.getByRole('button', { name: 'New category' }).click();
    const dialog = page.getByRole('dialog', { name: 'New category' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Instructions' }).fill('Attach the summons.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Category saved.').waitFor();
    const grip = list.getByRole('button', { name: `Drag ${name}` });
    await grip.waitFor();

    // dnd-kit's keyboard sensor: space lifts, arrows move, space drops. Each key waits for dnd-kit's own announcement
    // of where the row is, so a loaded machine cannot drop keys mid-drag.
    const grips = list.getByRole('button', { name: /^Drag / });
    const ids = await list
      .getByTestId(/^row-/)
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')!.slice('row-'.length)));
    const mine = ids.at(-1)!;
    const liveRegion = page.locator('[id^="DndLiveRegion"]');
    const announcedOver = (id: string) =>
      expect.poll(async () => liveRegion.textContent()).toContain(`was moved over droppable area ${id}.`);
    await grip.focus();
    await page.keyboard.press('Space');
    await announcedOver(mine);
    for (let index = ids.length - 2; index >= 0; index -= 1) {
      await page.keyboard.press('ArrowUp');
      await announcedOver(ids[index]!);
    }
    await page.keyboard.press('Space');
    await expect.poll(async () => grips.first().getAttribute('aria-label')).toBe(`Drag ${name}`);
    await page.reload();
    await expect.poll(async () => grips.first().getAttribute('aria-label'), { timeout: 15_000 }).toBe(`Drag ${name}`);

    await list.getByTestId(/^row-/).filter({ hasText: name }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Category deleted.').waitFor();
    await expect.poll(async () => list.getByRole('button', { name: `Drag ${name}` }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.waitForURL(/\/hr\/admin\/settings$/);
    const friday = page.getByRole('textbox', { name: 'Friday' });
    await friday.fill('0');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('HR settings saved.').waitFor();
    await page.reload();
    await expect
      .poll(async () => page.getByRole('textbox', { name: 'Friday' }).inputValue(), { timeout: 15_000 })
      .toBe('0');
    // Put the week back for whoever runs next against the same server.
    await page.getByRole('textbox', { name: 'Friday' }).fill('8');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('HR settings saved.').waitFor();
  });
});
