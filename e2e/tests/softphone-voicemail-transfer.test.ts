// The softphone's remaining browser paths (designs/crm-softphone.md §6, browser tests 4 and 6; Merge, decision 0136)
// with the real @telnyx/webrtc SDK against the app in local mode, asserting on the double through its control API:
// auto voicemail to a machine (555-0160..69) shows 'Playing Recording' and leaves the voicemail; Transfer and Add
// (conference) from the panel's modal reach the double; a call waiting during a live call offers Merge, which makes a
// three-party conference.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../support/browser.ts';
import {
  callFromSoftphone,
  launchMediaBrowser,
  openSoftphone,
  softphonePanel,
  softphoneStatus,
  startPhoneApp,
  watchForText,
  type LegSnapshot,
  type PhoneAgent,
  type PhoneApp,
} from '../support/crm-agent.ts';

interface CallRow {
  id: number;
  direction: string;
  status: string;
  call_number_clean: string | null;
  voicemail_id: number | null;
  transfer_to?: string | null;
}

/** Two seconds of an 8 kHz mono 16-bit 440 Hz tone. */
function toneWav(seconds: number): Buffer {
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
    out.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / 8000) * 8000), 44 + i * 2);
  return out;
}

describe(
  'softphone: auto voicemail, transfer, conference, merge (real SDK, local telephony)',
  { timeout: 180_000 },
  () => {
    let phone: PhoneApp;
    let agent: PhoneAgent;
    let browser: Browser;
    let voicemail = { id: 0, name: '' };
    const pages: Page[] = [];

    const agentCalls = async (): Promise<CallRow[]> => {
      const token = await phone.login(agent.email, agent.password);
      return (await phone.api<{ data: CallRow[] }>('GET', '/api/crm/calls?per_page=50', token)).data;
    };
    const legTo = (legs: LegSnapshot[], digits: string) =>
      legs.filter((leg) => leg.to.endsWith(digits) && leg.state !== 'hangup');
    const agentLegs = (legs: LegSnapshot[]) =>
      legs.filter((leg) => leg.kind === 'rtc' && leg.sipUsername === agent.sipUsername && leg.state !== 'hangup');

    async function open(): Promise<Page> {
      const page = await openSoftphone(browser, phone, agent);
      pages.push(page);
      return page;
    }

    /** Hangs up whatever the agent still has, so the next test starts from 'Waiting'. */
    async function hangUpAll(page: Page): Promise<void> {
      const hangUp = softphonePanel(page).getByRole('button', { name: 'Hang up', exact: true });
      if (await hangUp.isVisible()) await hangUp.click();
      await expect.poll(() => softphoneStatus(page).textContent(), { timeout: 30_000 }).toBe('Waiting');
    }

    beforeAll(async () => {
      // Shorter far-end delays (ring, greeting, beep) without racing the browser.
      phone = await startPhoneApp('softphone-paths', { TELEPHONY_DOUBLE_SPEED: '2' });
      agent = await phone.createAgent(['phone access', 'view crm']);
      // A voicemail of the library, uploaded on this app so its file is on this app's disk (managers upload).
      const admin = await phone.login(app().adminEmail, app().adminPassword);
      const form = new FormData();
      voicemail.name = `Drop ${agent.sipUsername}`;
      form.append('name', voicemail.name);
      form.append('file', new Blob([new Uint8Array(toneWav(2))], { type: 'audio/wav' }), 'drop.wav');
      const uploaded = await fetch(`${phone.baseURL}/api/crm/voicemails`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin}` },
        body: form,
      });
      expect(uploaded.ok, await uploaded.clone().text()).toBe(true);
      voicemail = { ...voicemail, id: ((await uploaded.json()) as { data: { id: number } }).data.id };
      browser = await launchMediaBrowser();
    }, 240_000);

    afterAll(async () => {
      await browser?.close();
      await phone?.stop();
    });

    it('auto voicemail to a machine (555-0164): Playing Recording, the call ends, the record has the voicemail', async () => {
      const page = await open();
      const panel = softphonePanel(page);
      await panel.getByRole('button', { name: 'Phone settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Phone settings' });
      await settings.getByRole('switch', { name: 'Auto Leave Voicemail' }).check();
      await settings.getByLabel('Voicemail', { exact: true }).click();
      await page.getByRole('option', { name: voicemail.name, exact: true }).click();
      await expect.poll(() => settings.getByLabel('Voicemail', { exact: true }).inputValue()).toBe(voicemail.name);
      await expect
        .poll(async () => {
          await page.keyboard.press('Escape');
          return settings.isHidden();
        })
        .toBe(true);

      const sawRecording = await watchForText(page, 'Playing Recording');
      await panel.getByLabel('Number').fill('(512) 555-0164');
      const call = panel.getByRole('button', { name: 'Call', exact: true });
      await expect.poll(() => call.isEnabled(), { timeout: 30_000 }).toBe(true);
      await call.click();
      // The machine's leg plays our voicemail (the double names the media it plays), and the panel says so.
      await expect
        .poll(async () => legTo(await phone.legs(), '5125550164').some((leg) => leg.playing !== null), {
          timeout: 60_000,
        })
        .toBe(true);
      await expect.poll(sawRecording, { timeout: 30_000 }).toBe(true);
      // Then the call ends: the panel waits again and the record is a voicemail, with the one chosen.
      await expect
        .poll(async () => (await agentCalls()).find((row) => row.call_number_clean === '5125550164'), {
          timeout: 60_000,
        })
        .toMatchObject({ status: 'voicemail', voicemail_id: voicemail.id });
      await expect.poll(() => softphoneStatus(page).textContent(), { timeout: 30_000 }).toBe('Waiting');
      await expect.poll(() => panel.getByText('Playing Recording', { exact: true }).count()).toBe(0);
      expect(legTo(await phone.legs(), '5125550164')).toEqual([]);
      await page.close();
    });

    it('Transfer from the modal: the lead is bridged to the forward number and the agent leaves', async () => {
      const page = await open();
      const panel = softphonePanel(page);
      await callFromSoftphone(page, '(512) 555-0123');
      await expect
        .poll(async () => legTo(await phone.legs(), '5125550123').some((leg) => leg.state === 'answered'), {
          timeout: 30_000,
        })
        .toBe(true);
      await panel.getByRole('button', { name: 'Transfer or conference' }).click();
      const dialog = page.getByRole('dialog', { name: 'Transfer or conference' });
      await dialog.getByLabel('Forward number').fill('(512) 555-0124');
      const transfer = dialog.getByRole('button', { name: 'Transfer', exact: true });
      await expect.poll(() => transfer.isEnabled(), { timeout: 30_000 }).toBe(true);
      await transfer.click();
      await dialog.waitFor({ state: 'hidden' });

      // On the double: the lead's leg is bridged with a new leg to the forward number, both answered; the agent's gone.
      await expect
        .poll(
          async () => {
            const legs = await phone.legs();
            const leadLeg = legTo(legs, '5125550123')[0];
            const target = legTo(legs, '5125550124')[0];
            return {
              bridged: Boolean(leadLeg && target && leadLeg.bridgedWith === target.callControlId),
              answered: target?.state,
              agentLegs: agentLegs(legs).length,
            };
          },
          { timeout: 60_000 },
        )
        .toEqual({ bridged: true, answered: 'answered', agentLegs: 0 });
      await expect.poll(() => softphoneStatus(page).textContent(), { timeout: 30_000 }).toBe('Waiting');
      await expect
        .poll(async () => (await agentCalls()).find((row) => row.call_number_clean === '5125550123')?.status, {
          timeout: 30_000,
        })
        .toBe('transferred');
      // The far ends are the double's: end them so later tests see only their own legs.
      await phone.hangUpFarEnds(['5125550123', '5125550124']);
      await page.close();
    });

    it('Add from the modal: the lead, the agent and the added number meet in one conference', async () => {
      const page = await open();
      const panel = softphonePanel(page);
      await callFromSoftphone(page, '(512) 555-0125');
      await panel.getByRole('button', { name: 'Transfer or conference' }).click();
      const dialog = page.getByRole('dialog', { name: 'Transfer or conference' });
      await dialog.getByLabel('Forward number').fill('(512) 555-0126');
      const add = dialog.getByRole('button', { name: 'Add', exact: true });
      await expect.poll(() => add.isEnabled(), { timeout: 30_000 }).toBe(true);
      await add.click();
      await dialog.waitFor({ state: 'hidden' });

      await expect
        .poll(
          async () => {
            const legs = await phone.legs();
            const conferences = [
              legTo(legs, '5125550125')[0]?.conferenceId,
              legTo(legs, '5125550126')[0]?.conferenceId,
              agentLegs(legs)[0]?.conferenceId,
            ];
            return {
              three: conferences.every((id) => id && id === conferences[0]),
              added: legTo(legs, '5125550126')[0]?.state,
            };
          },
          { timeout: 60_000 },
        )
        .toEqual({ three: true, added: 'answered' });
      expect(await softphoneStatus(page).textContent()).toBe('Active');
      await hangUpAll(page);
      await phone.hangUpFarEnds(['5125550125', '5125550126']);
      await page.close();
    });

    it('a call waiting during a live call offers Merge: the caller joins a three-party conference, the ring stops', async () => {
      const page = await open();
      const panel = softphonePanel(page);
      await callFromSoftphone(page, '(512) 555-0127');
      await phone.placeInbound('+15125550147', `+1${agent.lineDigits}`);
      const card = panel.getByRole('region', { name: 'Incoming call' });
      await card.getByText('Call waiting', { exact: true }).waitFor({ timeout: 30_000 });
      const merge = card.getByRole('button', { name: 'Merge', exact: true });
      await merge.waitFor({ timeout: 30_000 });
      await merge.click();

      // The second ring stops: the card goes, the beep is silent, and the first call stays Active.
      await card.waitFor({ state: 'hidden', timeout: 30_000 });
      await expect
        .poll(() =>
          page.evaluate(() => {
            const beep = document.getElementById('softphone-beep-audio') as HTMLAudioElement | null;
            const ringtone = document.getElementById('softphone-ringtone-audio') as HTMLAudioElement | null;
            return (beep?.paused ?? true) && (ringtone?.paused ?? true);
          }),
        )
        .toBe(true);
      expect(await softphoneStatus(page).textContent()).toBe('Active');

      // On the double: the lead, the caller and the agent's first leg share one conference; no second agent leg rings.
      await expect
        .poll(
          async () => {
            const legs = await phone.legs();
            const caller = legs.find(
              (leg) => leg.from.endsWith('5125550147') && leg.kind === 'sim' && leg.state !== 'hangup',
            );
            const conferences = [legTo(legs, '5125550127')[0]?.conferenceId, caller?.conferenceId];
            const agents = agentLegs(legs);
            return {
              callerAnswered: caller?.state,
              agentLegs: agents.length,
              three: conferences.every((id) => id && id === agents[0]?.conferenceId),
            };
          },
          { timeout: 60_000 },
        )
        .toEqual({ callerAnswered: 'answered', agentLegs: 1, three: true });
      await expect
        .poll(
          async () =>
            (await agentCalls()).find(
              (row) => row.direction === 'incoming' && (row.call_number_clean ?? '').endsWith('5125550147'),
            )?.status,
          { timeout: 30_000 },
        )
        .toBe('active');
      await hangUpAll(page);
      await phone.hangUpFarEnds(['5125550127', '5125550147']);
      await page.close();
    });
  },
);
