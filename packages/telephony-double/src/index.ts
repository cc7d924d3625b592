// The local Telnyx double (CRM design §3.4): Call Control REST under /_telephony/v2, signed webhooks, WebRTC
// signalling at /_telephony/rtc, werift media, scripted far ends, and a control API at /_telephony/control.
export { farEndScript, type FarEndScript } from './far-ends.ts';
export {
  createTelephonyDouble,
  type LegScript,
  type LegSnapshot,
  type TelephonyDouble,
  type TelephonyDoubleOptions,
  type WebhookRecord,
} from './double.ts';
export {
  decodeWavToUlaw,
  linearToUlaw,
  loopbackOnly,
  RmsMeter,
  ToneSource,
  ulawToLinear,
  WeriftPeer,
} from './media.ts';
