// The simulated handset page (designs/crm-softphone.md §3.4) against the app in local mode: one tab is the handset
// (/_telephony/phone, Chromium's fake microphone as the tester's voice), another the agent's softphone with the real
// @telnyx/webrtc SDK. The handset calls the agent's line and the agent answers; the handset claims a 555-01XX number
// and answers the agent's call to it instead of the scripted far end. Each time audio crosses both ways: inbound
// energy on both pages' peer connections and on both of the double's WebRTC legs. The page's gate: the control token,
// or a signed-in manager ('manage crm'), never an agent.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginWithToken, newPage } from '../support/browser.ts';
import {
  launchMediaBrowser,
  softphonePanel,
  softphoneStatus,
  startPhoneApp,
  type LegSnapshot,
  type PhoneAgent,
  type PhoneApp,
} from '../support/crm-agent.ts';

/** Test instrumentation: remember the page's peer connections, to read their inbound audio statistics. */
async function keepPeers(page: Page): Promise<void> {
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
}

/** Whether the page's live peer connections received audio bytes with energy. */
function inboundAudio(page: Page): Promise<{ bytes: boolean; energy: boolean }> {
  return page.evaluate(async () => {
    let energy = 0;
    let bytes = 0;
    for (const peer of (window as unknown as { __peers: RTCPeerConnection[] }).__peers) {
      if (peer.connectionState === 'closed') continue;
      (await peer.getStats()).forEach((report: { type: string; kind?: string } & Record<string, unknown>) => {
        if (report.type === 'inbound-rtp' && report.kind === 'audio') {
          bytes += Number(report.bytesReceived ?? 0);
          energy += Number(report.totalAudioEnergy ?? 0);
        }
      });
    }
    return { bytes: bytes > 1000, energy: energy > 0 };
  });
}

describe('simulated handset page (local telephony)', { timeout: 180_000 }, () => {
  let phone: PhoneApp;
  let agent: PhoneAgent;
  let browser: Browser;

  beforeAll(async () => {
    phone = await startPhoneApp('handset', { TELEPHONY_DOUBLE_SPEED: '2' });
    agent = await phone.createAgent(['phone access', 'view crm']);
    browser = await launchMediaBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await phone?.stop();
  });

  const handsetStatus = (page: Page) => page.getByTestId('handset-status');

  async function openHandset(): Promise<Page> {
    const page = await newPage(browser, phone.baseURL);
    await keepPeers(page);
    await page.goto(`/_telephony/phone#token=${phone.controlToken}`);
    await expect.poll(() => handsetStatus(page).textContent(), { timeout: 30_000 }).toBe('Ready');
    return page;
  }

  async function openAgentPhone(): Promise<Page> {
    const page = await newPage(browser, phone.baseURL);
    await keepPeers(page);
    await loginWithToken(page, agent.email, agent.password);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open the softphone' }).click();
    await expect.poll(() => softphoneStatus(page).textContent(), { timeout: 60_000 }).toBe('Connected');
    return page;
  }

  /** The double's live WebRTC legs: the handset's (by its 555-01XX number) and the agent's. */
  async function rtcLegs(number: string): Promise<{ handset?: LegSnapshot; agent?: LegSnapshot }> {
    const live = (await phone.legs()).filter((leg) => leg.kind === 'rtc' && leg.state === 'answered');
    return {
      handset: live.find(
        (leg) => leg.sipUsername !== agent.sipUsername && `${leg.from} ${leg.to}`.replace(/\D/g, '').includes(number),
      ),
      agent: live.find((leg) => leg.sipUsername === agent.sipUsername),
    };
  }

  async function expectAudioBothWays(handset: Page, softphone: Page, number: string): Promise<void> {
    await expect.poll(() => inboundAudio(handset), { timeout: 30_000 }).toEqual({ bytes: true, energy: true });
    await expect.poll(() => inboundAudio(softphone), { timeout: 30_000 }).toEqual({ bytes: true, energy: true });
    // each microphone reached the double: the handset's on its leg, the agent's on theirs
    await expect
      .poll(
        async () => {
          const legs = await rtcLegs(number);
          return (legs.handset?.rmsIn ?? 0) > 100 && (legs.agent?.rmsIn ?? 0) > 100;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  }

  it("calls the agent's line from a 555-01XX number; answered, audio both ways, the handset hangs up", async () => {
    const softphone = await openAgentPhone();
    const handset = await openHandset();
    await handset.getByLabel('From (555-01XX)').fill('+15125550142');
    await handset.getByLabel('Agent line').fill(`+1${agent.lineDigits}`);
    await handset.getByRole('button', { name: 'Call', exact: true }).click();
    expect(await handsetStatus(handset).textContent()).toBe('Calling');

    const card = softphonePanel(softphone).getByRole('region', { name: 'Incoming call' });
    await card.getByRole('button', { name: 'Answer', exact: true }).click({ timeout: 30_000 });
    await expect.poll(() => softphoneStatus(softphone).textContent(), { timeout: 30_000 }).toBe('Active');
    await expect.poll(() => handsetStatus(handset).textContent(), { timeout: 30_000 }).toBe('Talking');
    await expectAudioBothWays(handset, softphone, '5125550142');

    await handset.getByRole('button', { name: 'Hang up' }).click();
    expect(await handsetStatus(handset).textContent()).toBe('Ended');
    await expect.poll(() => softphoneStatus(softphone).textContent(), { timeout: 30_000 }).toBe('Waiting');
  });

  it('a claimed 555-01XX number rings the handset instead of the scripted far end; the agent hangs up', async () => {
    const softphone = await openAgentPhone();
    const handset = await openHandset();
    await handset.getByLabel('Number (555-01XX)').fill('(512) 555-0133');
    await handset.getByRole('button', { name: 'Claim' }).click();
    await expect.poll(() => handset.getByTestId('handset-claimed').textContent()).toBe('Rings for calls to 5550133.');

    const panel = softphonePanel(softphone);
    await panel.getByLabel('Number').fill('(512) 555-0133');
    await panel.getByRole('button', { name: 'Call', exact: true }).click();
    await expect.poll(() => handsetStatus(handset).textContent(), { timeout: 30_000 }).toBe('Ringing');
    // the scripted person would have answered after one ring: nothing answers until the tester does
    expect(await softphoneStatus(softphone).textContent()).not.toBe('Active');
    await handset.getByRole('button', { name: 'Answer' }).click();
    await expect.poll(() => softphoneStatus(softphone).textContent(), { timeout: 30_000 }).toBe('Active');
    expect(await handsetStatus(handset).textContent()).toBe('Talking');
    await expectAudioBothWays(handset, softphone, '5125550133');

    await panel.getByRole('button', { name: 'Hang up', exact: true }).click();
    await expect.poll(() => handsetStatus(handset).textContent(), { timeout: 30_000 }).toBe('Ended');
  });

  it("opens for a signed-in manager ('manage crm'), not for an agent", async () => {
    const manager = await phone.createAgent(['view crm', 'manage crm']);
    const managerPage = await newPage(browser, phone.baseURL);
    await loginWithToken(managerPage, manager.email, manager.password);
    await managerPage.goto('/_telephony/phone');
    await expect.poll(() => handsetStatus(managerPage).textContent(), { timeout: 30_000 }).toBe('Ready');

    const agentPage = await newPage(browser, phone.baseURL);
    await loginWithToken(agentPage, agent.email, agent.password);
    await agentPage.goto('/_telephony/phone');
    await expect
      .poll(() => handsetStatus(agentPage).textContent(), { timeout: 30_000 })
      .toBe('Not allowed: Authentication Failure');
    expect(await agentPage.getByRole('button', { name: 'Call', exact: true }).isDisabled()).toBe(true);
  });
});
