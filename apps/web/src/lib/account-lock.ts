import type { LockedResponse } from '@switchboard/shared';
import { useSyncExternalStore } from 'react';
import { authStore } from './auth-store.ts';

/**
 * The lock state of the session (spec 1 §2.4 lock screen, §3.7 `locked`, §4). Set by Ctrl+L, by any 423 answer of the
 * API (the server refuses a locked session everywhere but locked_login and logout), by another tab of this browser
 * (the storage event below) and by the 'AccountLocked' realtime event; cleared by a successful locked login or logout.
 */

/** Who the lock screen shows (the 423 answer of GET /api/session, or the signed-in user). */
export type LockScreenUser = NonNullable<LockedResponse['user']>;

export interface LockState {
  locked: boolean;
  /** Null when the lock screen should show the signed-in user (authStore) instead. */
  user: LockScreenUser | null;
}

/** localStorage key holding the token id of a locked session, so that other tabs of this browser lock too. */
export const lockedSessionStorageKey = 'locked_token_id';

let state: LockState = { locked: false, user: null };
const listeners = new Set<() => void>();

function setState(next: LockState): void {
  state = next;
  for (const listener of listeners) listener();
}

function writeLockedTokenId(tokenId: string | null): void {
  try {
    if (tokenId) window.localStorage.setItem(lockedSessionStorageKey, tokenId);
    else window.localStorage.removeItem(lockedSessionStorageKey);
  } catch {
    // Not stored: other tabs learn of the lock from their next API call (423).
  }
}

function readLockedTokenId(): string | null {
  try {
    return window.localStorage.getItem(lockedSessionStorageKey);
  } catch {
    return null;
  }
}

export const lockStore = {
  getState: (): LockState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Shows the lock screen; `user` (from a 423 answer) replaces the one shown, when given. */
  lock(user?: LockScreenUser | null): void {
    const tokenId = authStore.getState().tokenId;
    if (tokenId && readLockedTokenId() !== tokenId) writeLockedTokenId(tokenId);
    if (state.locked && (!user || user === state.user)) return;
    setState({ locked: true, user: user ?? state.user });
  },

  /** After new tokens (locked login) or when the session ends. */
  unlock(): void {
    if (readLockedTokenId() !== null) writeLockedTokenId(null);
    if (!state.locked && state.user === null) return;
    setState({ locked: false, user: null });
  },

  /**
   * Another tab of this browser locked or unlocked the same session (a `storage` event): follow it. Returns true when
   * the event was about the lock.
   */
  syncFromStorage(event: Pick<StorageEvent, 'key' | 'newValue'>): boolean {
    if (event.key !== lockedSessionStorageKey && event.key !== null) return false;
    const tokenId = authStore.getState().tokenId;
    const lockedTokenId = event.key === null ? null : event.newValue;
    if (lockedTokenId && tokenId && lockedTokenId === tokenId) {
      if (!state.locked) setState({ locked: true, user: state.user });
    } else if (state.locked && lockedTokenId === null) {
      setState({ locked: false, user: null });
    }
    return true;
  },
};

/** The body of a 423 answer: `{ message: 'Account Locked', locked: true, user? }`. */
export function isLockedBody(body: unknown): body is LockedResponse {
  return Boolean(body && typeof body === 'object' && (body as { locked?: unknown }).locked === true);
}

// A session that ends (logout here or in another tab, refresh refused) takes its lock with it.
authStore.subscribe(() => {
  if (!authStore.getState().accessToken && (state.locked || readLockedTokenId() !== null)) lockStore.unlock();
});

export function useLockState<T>(selector: (state: LockState) => T): T {
  return useSyncExternalStore(
    lockStore.subscribe,
    () => selector(state),
    () => selector(state),
  );
}
