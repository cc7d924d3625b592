// Media of the local Telnyx double (CRM design §3.4): G.711 µ-law, generated voices, an RMS meter and a werift peer
// bound to 127.0.0.1 that answers or offers PCMU + telephone-event (softphone spike FINDINGS, pitfalls 2, 3, 5, 6).
import {
  DtlsClient,
  MediaStreamTrack,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  RtpHeader,
  RtpPacket,
  type RTCDtlsTransport,
} from 'werift';
import { dtlsKeys } from './cert.ts';

export const FRAME_MS = 20;
export const FRAME_SAMPLES = 160;

const BIAS = 0x84;
const CLIP = 32635;

/** 16-bit linear sample to a G.711 µ-law byte. */
export function linearToUlaw(sample: number): number {
  let s = Math.max(-32768, Math.min(32767, Math.round(sample)));
  const sign = s < 0 ? 0x80 : 0;
  if (s < 0) s = -s;
  if (s > CLIP) s = CLIP;
  s += BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** G.711 µ-law byte to a 16-bit linear sample. */
export function ulawToLinear(u: number): number {
  const v = ~u & 0xff;
  const sign = v & 0x80;
  const exponent = (v >> 4) & 0x07;
  const mantissa = v & 0x0f;
  const s = (((mantissa << 3) + BIAS) << exponent) - BIAS;
  return sign ? -s : s;
}

export const SILENCE = Buffer.alloc(FRAME_SAMPLES, 0xff);

/** Mixes µ-law frames (sum of the linear samples, clipped). */
export function mixFrames(frames: Buffer[]): Buffer {
  if (frames.length === 1) return frames[0];
  const out = Buffer.alloc(FRAME_SAMPLES);
  for (let i = 0; i < FRAME_SAMPLES; i++) {
    let sum = 0;
    for (const f of frames) sum += ulawToLinear(f[i] ?? 0xff);
    out[i] = linearToUlaw(sum);
  }
  return out;
}

/** 20 ms µ-law frames of a sum of sines; `syllables` > 0 modulates the amplitude like speech. */
export class ToneSource {
  private n = 0;
  constructor(
    private readonly freqs: number[] = [440],
    private readonly amplitude = 8000,
    private readonly syllables = 0,
  ) {}

  frame(): Buffer {
    const out = Buffer.alloc(FRAME_SAMPLES);
    for (let i = 0; i < FRAME_SAMPLES; i++, this.n++) {
      let v = 0;
      for (const f of this.freqs) v += Math.sin((2 * Math.PI * f * this.n) / 8000);
      const envelope = this.syllables ? 0.55 + 0.45 * Math.sin((2 * Math.PI * this.syllables * this.n) / 8000) : 1;
      out[i] = linearToUlaw((v / this.freqs.length) * this.amplitude * envelope);
    }
    return out;
  }
}

/** RMS energy of decoded µ-law, in 16-bit units (full scale 32767). */
export class RmsMeter {
  packets = 0;
  private sumSq = 0;
  private samples = 0;

  add(payload: Buffer): void {
    this.packets++;
    for (const b of payload) {
      const s = ulawToLinear(b);
      this.sumSq += s * s;
    }
    this.samples += payload.length;
  }

  get rms(): number {
    return this.samples ? Math.sqrt(this.sumSq / this.samples) : 0;
  }
}

/** Keeps only ICE candidates on 127.0.0.1: the double never touches another address. */
export function loopbackOnly(sdp: string): string {
  return sdp
    .split(/\r?\n/)
    .filter((l) => !l.startsWith('a=candidate:') || / 127\.0\.0\.1 /.test(l))
    .join('\r\n');
}

/** Reads a WAV file (PCM 16-bit or µ-law, any rate, any channels) into 8 kHz µ-law; null when it cannot. */
export function decodeWavToUlaw(bytes: Buffer): Buffer | null {
  if (bytes.length < 44 || bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') {
    return null;
  }
  let offset = 12;
  let format = 0;
  let channels = 1;
  let rate = 8000;
  let bits = 16;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      format = bytes.readUInt16LE(body);
      channels = bytes.readUInt16LE(body + 2);
      rate = bytes.readUInt32LE(body + 4);
      bits = bytes.readUInt16LE(body + 14);
    } else if (id === 'data') {
      const data = bytes.subarray(body, Math.min(bytes.length, body + size));
      const bytesPerSample = bits / 8;
      const frameBytes = bytesPerSample * channels;
      if (!frameBytes || !rate) return null;
      const inFrames = Math.floor(data.length / frameBytes);
      const outLength = Math.floor((inFrames * 8000) / rate);
      const out = Buffer.alloc(outLength);
      for (let i = 0; i < outLength; i++) {
        const at = Math.min(inFrames - 1, Math.floor((i * rate) / 8000)) * frameBytes;
        if (format === 1 && bits === 16) out[i] = linearToUlaw(data.readInt16LE(at));
        else if (format === 7 && bits === 8) out[i] = data[at];
        else if (format === 1 && bits === 8) out[i] = linearToUlaw((data[at] - 128) << 8);
        else return null;
      }
      return out;
    }
    offset = body + size + (size % 2);
  }
  return null;
}

type WeriftDtlsKeys = NonNullable<
  NonNullable<NonNullable<ConstructorParameters<typeof RTCPeerConnection>[0]>['dtls']>['keys']
>;

export interface PeerOptions {
  /** called with each received PCMU payload */
  onFrame?: (payload: Buffer) => void;
  /** called when the ICE/DTLS connection is up */
  onConnected?: () => void;
}

/**
 * A werift peer restricted to 127.0.0.1 that negotiates PCMU (0) and telephone-event (126). The double paces what
 * it sends itself (`send`, one 20 ms frame at a time); `startTone` paces a generated tone from the wall clock, for
 * test peers standing in for a browser.
 */
export class WeriftPeer {
  readonly pc: RTCPeerConnection;
  readonly meter = new RmsMeter();
  readonly rfc4733: number[] = [];
  connectedAt: number | null = null;
  sentPackets = 0;
  private readonly track = new MediaStreamTrack({ kind: 'audio' });
  private pcmuPt = 0;
  private readonly tePts = new Set<number>();
  private seq = Math.floor(Math.random() * 65535);
  private ts = Math.floor(Math.random() * 0xffffffff);
  private readonly ssrc = Math.floor(Math.random() * 0xffffffff);
  private toneTimer: NodeJS.Timeout | null = null;
  private readonly guarded = new WeakSet<RTCDtlsTransport>();
  private closed = false;

  constructor(private readonly options: PeerOptions = {}) {
    this.pc = new RTCPeerConnection({
      codecs: {
        audio: [
          new RTCRtpCodecParameters({ mimeType: 'audio/PCMU', clockRate: 8000, channels: 1, payloadType: 0 }),
          new RTCRtpCodecParameters({
            mimeType: 'audio/telephone-event',
            clockRate: 8000,
            channels: 1,
            payloadType: 126,
          }),
        ],
        video: [],
      },
      iceServers: [],
      // werift's enums SignatureAlgorithm.ecdsa (3) and HashAlgorithm.sha256 (4) are not exported as types
      dtls: { keys: dtlsKeys() as WeriftDtlsKeys },
      iceUseIpv6: false,
      iceInterfaceAddresses: { udp4: '127.0.0.1' },
      iceAdditionalHostAddresses: ['127.0.0.1'],
      iceFilterCandidatePair: (pair) =>
        pair.localCandidate.host === '127.0.0.1' && pair.remoteCandidate.host === '127.0.0.1',
    });
    this.pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected' && !this.connectedAt) {
        this.connectedAt = Date.now();
        this.options.onConnected?.();
      }
    });
  }

  /**
   * werift 0.24.4's DTLS client fails the handshake when a HelloVerifyRequest arrives twice (the server answered the
   * ClientHello and its retransmission, which happens when a loaded machine delays the answer past 500 ms): Flight3
   * throws on the second one. Ignore the duplicate, as a DTLS client should (RFC 6347 §4.2.1).
   */
  private guardDtls(): void {
    for (const transport of this.pc.dtlsTransports as RTCDtlsTransport[]) {
      if (this.guarded.has(transport)) continue;
      this.guarded.add(transport);
      transport.onStateChange.subscribe((state) => {
        if (state !== 'connecting') return;
        queueMicrotask(() => {
          const client = transport.dtls;
          if (!(client instanceof DtlsClient)) return;
          const handle = client.onHandleHandshakes;
          client.onHandleHandshakes = (assembled) => {
            const fresh = assembled.filter((h) => !(h.msg_type === 3 && client.dtls.flight >= 3));
            return fresh.length ? handle(fresh) : Promise.resolve();
          };
        });
      });
    }
  }

  private addTransceiver(): void {
    const transceiver = this.pc.addTransceiver(this.track, { direction: 'sendrecv' });
    transceiver.onTrack.subscribe((remote) => remote.onReceiveRtp.subscribe((rtp) => this.onRtp(rtp)));
  }

  /** Answers an offer (non-trickle: waits for gathering). */
  async answer(offerSdp: string): Promise<string> {
    this.addTransceiver();
    await this.pc.setRemoteDescription({ type: 'offer', sdp: loopbackOnly(offerSdp) });
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    await this.waitGathering();
    this.readCodecs();
    this.guardDtls();
    return loopbackOnly(this.pc.localDescription?.sdp ?? '');
  }

  /** Makes an offer (calls placed towards a browser). */
  async offer(): Promise<string> {
    this.addTransceiver();
    await this.pc.setLocalDescription(await this.pc.createOffer());
    await this.waitGathering();
    return loopbackOnly(this.pc.localDescription?.sdp ?? '');
  }

  async acceptAnswer(answerSdp: string): Promise<void> {
    await this.pc.setRemoteDescription({ type: 'answer', sdp: loopbackOnly(answerSdp) });
    this.readCodecs();
    this.guardDtls();
  }

  private readCodecs(): void {
    const codecs = this.pc.getTransceivers()[0]?.codecs ?? [];
    this.pcmuPt = codecs.find((c) => c.mimeType.toLowerCase() === 'audio/pcmu')?.payloadType ?? 0;
    for (const c of codecs) if (c.mimeType.toLowerCase() === 'audio/telephone-event') this.tePts.add(c.payloadType);
  }

  private async waitGathering(): Promise<void> {
    if (this.pc.iceGatheringState === 'complete') return;
    await new Promise<void>((resolve) => {
      const { unSubscribe } = this.pc.iceGatheringStateChange.subscribe((s) => {
        if (s === 'complete') {
          unSubscribe();
          resolve();
        }
      });
    });
  }

  private onRtp(rtp: RtpPacket): void {
    const pt = rtp.header.payloadType;
    if (pt === this.pcmuPt) {
      this.meter.add(rtp.payload);
      this.options.onFrame?.(rtp.payload);
    } else if (this.tePts.has(pt) && rtp.payload.length >= 4 && rtp.payload[1] & 0x80) {
      this.rfc4733.push(rtp.payload[0]);
    }
  }

  /** Sends one 20 ms PCMU frame (only once connected). */
  send(frame: Buffer): void {
    if (!this.connectedAt || this.closed) {
      this.ts = (this.ts + FRAME_SAMPLES) >>> 0;
      return;
    }
    const header = new RtpHeader({
      payloadType: this.pcmuPt,
      sequenceNumber: this.seq,
      timestamp: this.ts,
      ssrc: this.ssrc,
      marker: this.sentPackets === 0,
    });
    this.track.writeRtp(new RtpPacket(header, frame));
    this.seq = (this.seq + 1) & 0xffff;
    this.ts = (this.ts + FRAME_SAMPLES) >>> 0;
    this.sentPackets++;
  }

  /** Sends a generated tone, paced from the wall clock (a timer alone drifts under load). */
  startTone(freqs: number[] = [440], amplitude = 8000): void {
    const tone = new ToneSource(freqs, amplitude);
    const t0 = Date.now();
    let frames = 0;
    this.toneTimer = setInterval(() => {
      const due = Math.floor((Date.now() - t0) / FRAME_MS) + 1;
      for (; frames < due; frames++) this.send(tone.frame());
    }, FRAME_MS);
  }

  /** Resolves when ICE and DTLS are connected. */
  connected(timeoutMs = 15_000): Promise<void> {
    if (this.connectedAt) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('werift peer not connected')), timeoutMs);
      const { unSubscribe } = this.pc.connectionStateChange.subscribe((s) => {
        if (s === 'connected') {
          clearTimeout(timer);
          unSubscribe();
          resolve();
        }
      });
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.toneTimer) clearInterval(this.toneTimer);
    await this.pc.close().catch(() => undefined);
  }
}
