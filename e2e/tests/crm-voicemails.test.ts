// CRM voicemails through the browser (designs/crm-softphone.md §4.5): a manager uploads a WAV on /crm/voicemails,
// plays it (Chromium decodes what GET /{id}/audio sends), makes it the default, renames it and deletes another
// voicemail; a second page of a 'view crm' agent follows every change live (VoicemailUpdated) and offers no changes.
// The test's voicemails are tagged with its run, and the previous default is restored afterwards.
import type { VoicemailRow } from '@switchboard/shared/crm-voicemails';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { app, launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

const password = 'Secret-Pass-123';

/** A few seconds of 8 kHz mono 16-bit tones. */
function toneWav(seconds: number, hz: number): Buffer {
  const samples = seconds * 8000;
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(8000, 24);
  out.writeUInt32LE(16000, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1)
    out.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / 8000) * 8000), 44 + i * 2);
  return out;
}

describe('CRM voicemails', () => {
  let browser: Browser;
  let admin: string;
  let previousDefault = 0;
  const tag = `Vm${Date.now().toString(36)}`;
  const manager = { id: 0, name: `Mia Manager ${tag}`, email: `mia.${tag.toLowerCase()}@example.test` };
  const agent = { id: 0, name: `Abe Agent ${tag}`, email: `abe.${tag.toLowerCase()}@example.test` };
  let otherId = 0;
  let managerToken = '';

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
    managerToken = await login(manager.email);
    const rows = (await callApi<{ data: VoicemailRow[] }>(managerToken, 'GET', '/api/crm/voicemails')).data;
    previousDefault = rows.find((row) => row.is_default)!.id;
    // The voicemail the manager deletes in the browser.
    const form = new FormData();
    form.append('name', `Old Offer ${tag}`);
    form.append('file', new Blob([new Uint8Array(toneWav(1, 330))], { type: 'audio/wav' }), 'old.wav');
    otherId = (await callApi<{ data: VoicemailRow }>(managerToken, 'POST', '/api/crm/voicemails', form)).data.id;
  });
  afterAll(async () => {
    if (previousDefault)
      await callApi(managerToken, 'PUT', `/api/crm/voicemails/${previousDefault}`, { is_default: true });
    await browser?.close();
  });

  it(
    'uploads a WAV, plays it, makes it the default, renames it and deletes another',
    { timeout: 180_000 },
    async () => {
      const watcher = await newPage(browser);
      await loginWithToken(watcher, agent.email, password);
      await watcher.goto('/crm/voicemails');
      const watched = watcher.getByRole('table', { name: 'Voicemails' });
      await watched.getByText(`Old Offer ${tag}`).waitFor();
      expect(await watcher.getByRole('button', { name: 'Upload' }).count()).toBe(0);
      await watcher.waitForFunction(() => document.documentElement.dataset.realtime === 'connected');

      const page = await newPage(browser);
      await loginWithToken(page, manager.email, password);
      await page.goto('/crm/voicemails');
      const table = page.getByRole('table', { name: 'Voicemails' });
      await table.getByText(`Old Offer ${tag}`).waitFor();

      // Upload: the name comes from the file; the row shows its length, no default badge, the manager as author.
      await page.getByRole('button', { name: 'Upload' }).click();
      const upload = page.getByRole('dialog', { name: 'Upload Voicemail' });
      await upload.locator('input[type="file"]').setInputFiles({
        name: `Spring ${tag}.wav`,
        mimeType: 'audio/wav',
        buffer: toneWav(3, 440),
      });
      await expect.poll(() => upload.getByLabel('Name').inputValue()).toBe(`Spring ${tag}`);
      await upload.getByRole('button', { name: 'Upload' }).click();
      await upload.waitFor({ state: 'detached' });
      const row = table.getByRole('row').filter({ hasText: `Spring ${tag}` });
      await row.waitFor();
      expect(await row.textContent()).toContain('0:03');
      expect(await row.textContent()).toContain(manager.name);
      await watched.getByText(`Spring ${tag}`).waitFor();

      // Play: Chromium decodes the recording fetched with the bearer token.
      await row.getByRole('button', { name: `Play Spring ${tag}` }).click();
      const player = page.getByTestId('blob-player');
      await player.waitFor();
      expect(Number(await player.getAttribute('data-duration'))).toBeCloseTo(3, 1);
      expect(await player.textContent()).toContain('/ 0:03');

      // Default: exactly one badge, on the new one, in both pages.
      await row.getByRole('button', { name: `Set Spring ${tag} as default` }).click();
      await row.getByText('Default', { exact: true }).waitFor();
      await expect.poll(() => table.locator('tbody').getByText('Default', { exact: true }).count()).toBe(1);
      await watched
        .getByRole('row')
        .filter({ hasText: `Spring ${tag}` })
        .getByText('Default', { exact: true })
        .waitFor();

      // Rename.
      await row.getByRole('button', { name: `Rename Spring ${tag}` }).click();
      const rename = page.getByRole('dialog', { name: 'Rename Voicemail' });
      await rename.getByLabel('Name').fill(`Spring Promo ${tag}`);
      await rename.getByRole('button', { name: 'Save' }).click();
      await rename.waitFor({ state: 'detached' });
      await table.getByText(`Spring Promo ${tag}`).waitFor();
      await watched.getByText(`Spring Promo ${tag}`).waitFor();

      // Delete the other one.
      await table
        .getByRole('row')
        .filter({ hasText: `Old Offer ${tag}` })
        .getByRole('button', { name: `Delete Old Offer ${tag}` })
        .click();
      const remove = page.getByRole('dialog', { name: 'Delete Voicemail' });
      await remove.getByRole('button', { name: 'Delete' }).click();
      await remove.waitFor({ state: 'detached' });
      await expect.poll(() => table.getByText(`Old Offer ${tag}`).count()).toBe(0);
      await expect.poll(() => watched.getByText(`Old Offer ${tag}`).count()).toBe(0);

      const rows = (await callApi<{ data: VoicemailRow[] }>(managerToken, 'GET', '/api/crm/voicemails')).data;
      expect(rows.filter((one) => one.is_default).map((one) => one.name)).toEqual([`Spring Promo ${tag}`]);
      expect(rows.map((one) => one.id)).not.toContain(otherId);
    },
  );
});

async function login(email: string): Promise<string> {
  const response = await fetch(`${app().baseURL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
