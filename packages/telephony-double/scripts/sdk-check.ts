// Manual proof against the real @telnyx/webrtc SDK in Debian Chromium (fake media), as the softphone spike did:
// npx tsx packages/telephony-double/scripts/sdk-check.ts  (needs /usr/bin/chromium; about 10 s). Exits 1 on failure.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import Telnyx from 'telnyx';
import { createTelephonyDouble } from '../src/index.ts';
import type { PageEvent, Phone } from './sdk-page.ts';

const hooks: string[] = [];
const double = await createTelephonyDouble({
  apiKey: 'K',
  speed: 5,
  deliver: async (body) => {
    const { data } = JSON.parse(body) as { data: { event_type: string; payload: Record<string, string> } };
    const p = data.payload;
    hooks.push(`${data.event_type} ${p.direction} ${p.hangup_cause ?? ''} ${p.client_state ?? ''}`);
    return 200;
  },
});
const entry = fileURLToPath(new URL('./sdk-page.ts', import.meta.url));
const bundle = await build({ entryPoints: [entry], bundle: true, write: false, format: 'iife', platform: 'browser' });
const js = bundle.outputFiles[0].text;
const server = http.createServer((req, res) => {
  if (double.handleRequest(req, res)) return;
  if (req.url === '/page.js') {
    res.setHeader('content-type', 'text/javascript');
    return res.end(js);
  }
  res.setHeader('content-type', 'text/html');
  res.end('<audio id="remote" autoplay></audio><script src="/page.js"></script>');
});
server.on('upgrade', (req, socket, head) => {
  if (!double.handleUpgrade(req, socket, head)) socket.destroy();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const client = new Telnyx({ apiKey: 'K', baseURL: `${url}/_telephony/v2`, publicKey: double.publicKey });
const token = await client.telephonyCredentials.createToken('alice');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--allow-loopback-in-peer-connection',
    '--autoplay-policy=no-user-gesture-required',
  ],
});
let failed = false;
try {
  const page = await browser.newPage();
  await page.goto(url);
  const phone = <T>(fn: (p: Phone) => T | Promise<T>) =>
    page.evaluate(`(${fn.toString()})(window.phone)`) as Promise<T>;
  const events = () => phone((p) => p.events as PageEvent[]);
  const wait = async (what: string, probe: () => Promise<boolean> | boolean, ms = 20_000) => {
    const t0 = Date.now();
    while (!(await probe())) {
      if (Date.now() - t0 > ms) throw new Error(`timed out: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.log('ok', what, `${Date.now() - t0} ms`);
  };
  const host = `${url.replace('http', 'ws')}/_telephony/rtc`;
  await page.evaluate(([h, t]) => (window as unknown as { phone: Phone }).phone.start(h, t), [host, token]);
  await wait('ready', async () => (await events()).some((e) => e.what === 'ready'));
  const callId = await page.evaluate(() => (window as unknown as { phone: Phone }).phone.newCall('5125550123'));
  await wait('active', async () => (await events()).some((e) => e.id === callId && e.state === 'active'));
  await wait('the browser hears the far end', async () => (await phone((p) => p.energy())) > 0.01);
  const agent = double.legs().find((l) => l.kind === 'rtc')!;
  const far = double.legs().find((l) => l.bridgedWith === agent.callControlId)!;
  await wait('the far end hears the fake microphone', () => double.leg(far.callControlId)!.rmsIn > 300);
  await phone((p) => p.dtmf('7'));
  await wait('dtmf', () => double.leg(agent.callControlId)!.dtmf.includes('7'));
  await phone((p) => p.hold());
  await wait('held', () => double.leg(agent.callControlId)!.held);
  await phone((p) => p.unhold());
  await wait('unheld', () => !double.leg(agent.callControlId)!.held);
  await phone((p) => p.hangup());
  await wait('hangup', () => double.leg(far.callControlId)!.state === 'hangup');
  const { data } = await client.calls.dial({
    connection_id: 'c',
    to: 'sip:alice@sip.telnyx.com',
    from: '+15125550199',
    client_state: 'c3J2',
  });
  const agentIn = data!.call_control_id;
  await wait('a call to sip:alice answered by the SDK', () => double.leg(agentIn)!.answered);
  const lead = (await client.calls.dial({ connection_id: 'c', to: '5125550124', from: '+15125550000' })).data!;
  await wait('lead answered', () => !!double.leg(lead.call_control_id)?.answered);
  await client.calls.actions.bridge(lead.call_control_id, { call_control_id_to_bridge_with: agentIn });
  await wait('the lead hears the fake microphone', () => double.leg(lead.call_control_id)!.rmsIn > 300);
  await double.hangupFarEnd(lead.call_control_id);
  await wait('SDK hangup', async () =>
    (await events()).some((e) => e.direction === 'inbound' && e.state === 'destroy'),
  );
  const bad = await page.evaluate(() => (window as unknown as { phone: Phone }).phone.newCall('5125550199'));
  await wait('not-found ends', async () => (await events()).some((e) => e.id === bad && e.state === 'destroy'));
  const lines = (await events()).map((e) => `${e.what} ${e.direction ?? ''} ${e.state ?? ''} ${e.clientState ?? ''}`);
  console.log([...lines, ...hooks].join('\n'));
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await browser.close();
  await double.close();
  server.close();
}
process.exit(failed ? 1 : 0);
