// Browser side of scripts/sdk-check.ts: the real @telnyx/webrtc SDK driven through window.phone.
import { TelnyxRTC } from '@telnyx/webrtc';

export interface PageEvent {
  what: 'ready' | 'error' | 'call';
  id?: string;
  state?: string;
  direction?: string;
  clientState?: string;
  error?: string;
}

interface SdkCall {
  id: string;
  state: string;
  direction: string;
  options: { clientState?: string };
  peer?: { instance?: RTCPeerConnection };
  answer(): void;
  hangup(): void;
  dtmf(digit: string): void;
  hold(): Promise<unknown>;
  unhold(): Promise<unknown>;
}

const events: PageEvent[] = [];
let client: TelnyxRTC | null = null;
let current: SdkCall | null = null;

const phone = {
  events,
  start(host: string, token: string) {
    const options = { login_token: token, host, iceServers: [], enableCallReports: false, autoReconnect: false };
    client = new TelnyxRTC(options as ConstructorParameters<typeof TelnyxRTC>[0]);
    client.remoteElement = 'remote';
    client.on('telnyx.ready', () => events.push({ what: 'ready' }));
    client.on('telnyx.error', (e: { error?: { message?: string } }) =>
      events.push({ what: 'error', error: String(e?.error?.message ?? JSON.stringify(e)) }),
    );
    client.on('telnyx.notification', (n: { type: string; call: SdkCall }) => {
      if (n.type !== 'callUpdate') return;
      const c = n.call;
      events.push({
        what: 'call',
        id: c.id,
        state: c.state,
        direction: c.direction,
        clientState: c.options?.clientState,
      });
      if (c.state === 'ringing' && c.direction === 'inbound') {
        current = c;
        setTimeout(() => c.answer(), 200);
      }
    });
    client.connect();
  },
  newCall(to: string): string {
    const call = client!.newCall({
      destinationNumber: to,
      callerNumber: '+15125550000',
      clientState: btoa('cs-sdk'),
    }) as unknown as SdkCall;
    current = call;
    return call.id;
  },
  dtmf: (d: string) => current?.dtmf(d),
  hold: () => current?.hold(),
  unhold: () => current?.unhold(),
  hangup: () => current?.hangup(),
  async energy(): Promise<number> {
    const pc = current?.peer?.instance;
    if (!pc) return 0;
    let energy = 0;
    (await pc.getStats()).forEach((s: { type: string; kind?: string; totalAudioEnergy?: number }) => {
      if (s.type === 'inbound-rtp' && s.kind === 'audio') energy = s.totalAudioEnergy ?? 0;
    });
    return energy;
  },
};
export type Phone = typeof phone;
(window as unknown as { phone: Phone }).phone = phone;
