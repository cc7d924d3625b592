// The softphone through the browser (designs/crm-softphone.md §6, browser tests 1-3) with the real @telnyx/webrtc SDK
// against the app in local mode: the double is mounted in-process (signalling /_telephony/rtc, far ends with real
// WebRTC media) and its control API places inbound calls and reports what each leg heard. Chromium runs with fake
// media devices, so its microphone sends a tone the double measures, and the far end's tone arrives in the page.
import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginWithToken, newPage } from '../support/browser.ts';
import { chromiumArgs, chromiumPath } from '../support/chromium.ts';
import { launchMediaBrowser, startPhoneApp, type PhoneAgent, type PhoneApp } from '../support/crm-agent.ts';

interface CallRow {
  id: number;
  direction: string;
  status: string;
  call_number_clean: string | null;
}

describe('softphone (real SDK, local telephony)', () => {
  const tag = randomBytes(3).toString('hex');
  // A lead whose company name is longer than 20 calls the agent's line.
  const leadCompany = `Consolidated Widgets ${tag} of Texas`;
  let phone: PhoneApp;
  let agent: PhoneAgent;
  let mediaBrowser: Browser;
  let plainBrowser: Browser;

  async function agentCalls(): Promise<CallRow[]> {
    const token = await phone.login(agent.email, agent.password);
    return (await phone.api<{ data: CallRow[] }>('GET', '/api/crm/calls?per_page=50', token)).data;
  }

  async function openPhone(browser: Browser): Promise<Page> {
    const page = await newPage(browser, phone.baseURL);
    // Test instrumentation: remember the page's peer connections, to read their inbound audio statistics.
    await page.addInitScript(() => {
      const Original = window.RTCPeerConnection;
      const seen: RTCPeerConnection[] = [];
      (window as unknown as { __peers: RTCPeerConnection[] }).__peers = seen;
      window.RTCPeerConnection = class extends Original {
        constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
          super(...args);
          seen.push(this);
        }
      };
    });
    await loginWithToken(page, agent.email, agent.password);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open the softphone' }).click();
    return page;
  }

  const status = (page: Page) => page.getByTestId('softphone-status');

  /** Every status text the panel shows from now on, in order (kept by the page, read when needed). */
  async function recordStatuses(page: Page): Promise<() => Promise<string[]>> {
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __statuses: string[] }).__statuses = seen;
      const read = () => {
        const text = document.querySelector('[data-testid="softphone-status"]')?.textContent ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      };
      read();
      new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    return () => page.evaluate(() => [...(window as unknown as { __statuses: string[] }).__statuses]);
  }

  beforeAll(async () => {
    phone = await startPhoneApp('softphone');
    agent = await phone.createAgent(['phone access', 'view crm'], `Avery Agent ${tag}`);
    // A lead of the agent's that will call in.
    await phone.db.query('insert into crm_leads (company_name, phone, status, manager_id) values ($1, $2, 1, $3)', [
      leadCompany,
      '(512) 555-0145',
      agent.id,
    ]);
    mediaBrowser = await launchMediaBrowser();
    plainBrowser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
  }, 240_000);

  afterAll(async () => {
    await mediaBrowser?.close();
    await plainBrowser?.close();
    await phone?.stop();
  });

  it('without a microphone: the banner, and Call stays disabled', async () => {
    const page = await openPhone(plainBrowser);
    const panel = page.getByRole('region', { name: 'Softphone' });
    await panel.getByText('No Microphone Detected.', { exact: true }).waitFor();
    await panel.getByLabel('Number').fill('(512) 555-0123');
    await expect.poll(() => panel.getByRole('button', { name: 'Call', exact: true }).isDisabled()).toBe(true);
  });

  it('calls (512) 555-0123: Dialing, Active, the timer moves, audio both ways, Hang up -> Waiting', async () => {
    const page = await openPhone(mediaBrowser);
    const panel = page.getByRole('region', { name: 'Softphone' });
    await panel.getByText('Simulated telephony', { exact: true }).waitFor();
    await expect.poll(() => status(page).textContent(), { timeout: 60_000 }).toBe('Connected');
    // The device lists, labels cut at 20 ('Fake Default Audio Input' has 24 characters).
    await panel.getByRole('button', { name: 'Phone settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Phone settings' });
    await expect.poll(() => settings.getByLabel('Microphone').inputValue()).toMatch(/^.{1,20}$/);
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });

    const statuses = await recordStatuses(page);
    await panel.getByLabel('Number').fill('(512) 555-0123');
    await panel.getByRole('button', { name: 'Call', exact: true }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 60_000 }).toBe('Active');
    expect(await statuses()).toEqual(expect.arrayContaining(['Dialing', 'Active']));
    expect((await statuses()).indexOf('Dialing')).toBeLessThan((await statuses()).indexOf('Active'));

    // The timer moves: 00:00 becomes 00:01 and later.
    const timer = page.getByTestId('softphone-timer');
    await expect.poll(() => timer.textContent(), { timeout: 30_000 }).toMatch(/^00:0[1-9]|^00:[1-5]\d/);

    // The far end's tone reaches the page: inbound bytes and energy on the call's peer connection, a live track on
    // the remote element.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            let energy = 0;
            let bytes = 0;
            for (const peer of (window as unknown as { __peers: RTCPeerConnection[] }).__peers) {
              (await peer.getStats()).forEach((report: { type: string; kind?: string } & Record<string, unknown>) => {
                if (report.type === 'inbound-rtp' && report.kind === 'audio') {
                  bytes += Number(report.bytesReceived ?? 0);
                  energy += Number(report.totalAudioEnergy ?? 0);
                }
              });
            }
            return { bytes: bytes > 1000, energy: energy > 0 };
          }),
        { timeout: 30_000 },
      )
      .toEqual({ bytes: true, energy: true });
    const remoteTrack = await page.evaluate(() => {
      const remote = document.getElementById('softphone-remote-audio') as HTMLAudioElement;
      const stream = remote.srcObject as MediaStream | null;
      return stream?.getAudioTracks().map((track) => track.readyState) ?? [];
    });
    expect(remoteTrack).toContain('live');

    // The fake microphone reaches the far end: the double measured its energy.
    await expect
      .poll(
        async () =>
          (await phone.legs()).some((leg) => leg.to.endsWith('5125550123') && leg.rmsIn > 100 && leg.packetsIn > 0),
        { timeout: 30_000 },
      )
      .toBe(true);

    await panel.getByRole('button', { name: 'Hang up', exact: true }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 30_000 }).toBe('Waiting');
    await expect.poll(() => page.getByTestId('softphone-timer').count()).toBe(0);
    await expect
      .poll(async () => (await agentCalls()).find((call) => call.call_number_clean === '5125550123')?.status, {
        timeout: 30_000,
      })
      .toBe('completed');
  });

  it("auto voicemail without a recording: the spec's message and Call disabled", async () => {
    const page = await openPhone(mediaBrowser);
    const panel = page.getByRole('region', { name: 'Softphone' });
    await expect.poll(() => status(page).textContent(), { timeout: 60_000 }).toBe('Connected');
    await panel.getByLabel('Number').fill('(512) 555-0161');
    const call = panel.getByRole('button', { name: 'Call', exact: true });
    await expect.poll(() => call.isEnabled()).toBe(true);
    await panel.getByRole('button', { name: 'Phone settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Phone settings' });
    await settings.getByRole('switch', { name: 'Auto Leave Voicemail' }).check();
    const clear = settings.getByRole('button', { name: 'Clear voicemail' });
    if (await clear.isVisible()) await clear.click();
    await settings.getByText('Auto Leave Voicemail Requires an Audio File', { exact: true }).waitFor();
    // Escape closes an open dropdown first, then the modal.
    await expect
      .poll(async () => {
        await page.keyboard.press('Escape');
        return settings.isHidden();
      })
      .toBe(true);
    await expect.poll(() => call.isDisabled()).toBe(true);
  });

  it('an incoming call rings with the lead company cut at 20; Ignore marks the record ignored', async () => {
    const page = await openPhone(mediaBrowser);
    const panel = page.getByRole('region', { name: 'Softphone' });
    await expect.poll(() => status(page).textContent(), { timeout: 60_000 }).toBe('Connected');

    await phone.placeInbound('+15125550145', `+1${agent.lineDigits}`);
    const card = panel.getByRole('region', { name: 'Incoming call' });
    await card.getByRole('button', { name: 'Answer', exact: true }).waitFor({ timeout: 30_000 });
    expect(await status(page).textContent()).toBe('Ringing');
    await expect
      .poll(() => page.getByTestId('softphone-incoming-company').textContent())
      .toBe(leadCompany.slice(0, 20));
    // The ringtone loops while it rings.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const ringtone = document.getElementById('softphone-ringtone-audio') as HTMLAudioElement;
          return !ringtone.paused && ringtone.loop;
        }),
      )
      .toBe(true);

    await card.getByRole('button', { name: 'Ignore', exact: true }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 30_000 }).toBe('Waiting');
    await expect
      .poll(() => page.evaluate(() => (document.getElementById('softphone-ringtone-audio') as HTMLAudioElement).paused))
      .toBe(true);
    await expect
      .poll(
        async () =>
          (await agentCalls()).find(
            (call) => call.direction === 'incoming' && (call.call_number_clean ?? '').endsWith('5125550145'),
          )?.status,
        { timeout: 30_000 },
      )
      .toBe('ignored');
  });
});
