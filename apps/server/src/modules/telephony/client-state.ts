import { createHmac, timingSafeEqual } from 'node:crypto';

// client_state (designs/crm-softphone.md §3.3): base64url of {call_id, leg, sig}, sig an HMAC-SHA256 under a server
// key, so a browser (which passes it with newCall) cannot point a leg at another agent's record.

/** far: the lead's leg placed by the server; agent: the agent's SIP leg; sdk: both legs of a browser-placed call
 * (told apart by direction); conf: a participant dialled into a conference. */
export const clientStateLegs = ['far', 'agent', 'sdk', 'conf'] as const;
export type ClientStateLeg = (typeof clientStateLegs)[number];

export interface ClientState {
  call_id: number;
  leg: ClientStateLeg;
}

function signature(key: Buffer, callId: number, leg: string): string {
  return createHmac('sha256', key).update(`crm-call:${callId}:${leg}`).digest('base64url').slice(0, 32);
}

export function encodeClientState(key: Buffer, state: ClientState): string {
  const body = { call_id: state.call_id, leg: state.leg, sig: signature(key, state.call_id, state.leg) };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

/** The state when it is ours and intact; null for anything else (absent, malformed, forged). */
export function decodeClientState(key: Buffer, text: unknown): ClientState | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > 1000) return null;
  let parsed: unknown;
  try {
    // Telnyx hands back what it was given; base64 and base64url both decode here.
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { call_id: callId, leg, sig } = parsed as Record<string, unknown>;
  if (typeof callId !== 'number' || !Number.isSafeInteger(callId) || callId < 1) return null;
  if (typeof leg !== 'string' || !(clientStateLegs as readonly string[]).includes(leg)) return null;
  if (typeof sig !== 'string') return null;
  const want = Buffer.from(signature(key, callId, leg));
  const given = Buffer.from(sig);
  if (want.length !== given.length || !timingSafeEqual(want, given)) return null;
  return { call_id: callId, leg: leg as ClientStateLeg };
}
