import { useSyncExternalStore } from 'react';

/**
 * The softphone's small store, light enough for any page to import (the SDK loads only with the panel): whether the
 * floating panel is open and the call a page asked for (a lead's number clicked), which the panel takes and places.
 */
export interface PlaceCallInput {
  number: string;
  leadId: number | null;
  companyName?: string | null;
  /** Auto voicemail with this recording (the power dialer's drop), whatever the panel's own toggle says. */
  voicemailId?: number | null;
}

/** What pages that follow the call (the power dialer) see of the panel's phone; null while no tab here holds it. */
export interface PhoneView {
  ready: boolean;
  statusText: string;
  /** The live call's record, number and lead; null between calls. */
  call: { recordId: number | null; leadId: number | null; activeSince: number | null } | null;
  playingRecording: boolean;
}

export interface CallRequest extends PlaceCallInput {
  /** Distinguishes two clicks on the same number. */
  requestId: number;
}

export interface SoftphoneUiState {
  open: boolean;
  request: CallRequest | null;
  phone: PhoneView | null;
}

let state: SoftphoneUiState = { open: false, request: null, phone: null };
let hangupCurrent: (() => void) | null = null;
let nextRequestId = 1;
const listeners = new Set<() => void>();

function setState(patch: Partial<SoftphoneUiState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const softphoneStore = {
  getState: (): SoftphoneUiState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setOpen(open: boolean): void {
    if (open !== state.open) setState({ open });
  },
  toggle(): void {
    setState({ open: !state.open });
  },
  /** The panel takes the pending request once; a later click makes a new one. */
  takeRequest(requestId: number): CallRequest | null {
    const request = state.request;
    if (!request || request.requestId !== requestId) return null;
    setState({ request: null });
    return request;
  },
  /** The panel publishes its phone here (and how to hang up), so a page can follow and end the call. */
  publishPhone(phone: PhoneView | null, hangup: (() => void) | null): void {
    hangupCurrent = hangup;
    if (JSON.stringify(phone) !== JSON.stringify(state.phone)) setState({ phone });
  },
  hangup(): void {
    hangupCurrent?.();
  },
};

/** Opens the softphone with the number and places the call (the panel dials once the phone is ready). */
export function placeCall(input: PlaceCallInput): void {
  setState({
    open: true,
    request: {
      number: input.number,
      leadId: input.leadId,
      companyName: input.companyName ?? null,
      voicemailId: input.voicemailId ?? null,
      requestId: nextRequestId++,
    },
  });
}

export function useSoftphoneUi<T>(selector: (state: SoftphoneUiState) => T): T {
  return useSyncExternalStore(
    softphoneStore.subscribe,
    () => selector(state),
    () => selector(state),
  );
}
