import { notifications } from '@mantine/notifications';
import type { SessionResponse, ShadowStartResponse, ShadowUser } from '@switchboard/shared';
import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { api, isApiError } from './api-client.ts';
import { authStore } from './auth-store.ts';
import { queryClient } from './query-client.ts';

/**
 * Shadowing (spec 1 §2.4 shadow banner, §4, §6 'shadow clients'): an employee acts as another account. The session's
 * tokens are the shadowed account's; the re-auth code that ends the shadow is kept next to them in localStorage (the
 * tabs of this browser share the session), never in the URL, and forgotten when the session ends.
 */

export interface ShadowState {
  shadowing: boolean;
  /** Who is shadowing (the banner's "{shadow user}"). */
  shadowUser: ShadowUser | null;
  /** ISO time at which the server ends the shadow session. */
  expiresAt: string | null;
}

/** localStorage key of the re-auth code that ends (or extends) the shadow session. */
export const reAuthCodeStorageKey = 'shadow_re_auth_code';

/** Spec 1 §8: impersonation failure shows the server's response text in an error toast. */
export const shadowFailedFallbackMessage = 'An error occured.';

const notShadowing: ShadowState = { shadowing: false, shadowUser: null, expiresAt: null };
let state: ShadowState = notShadowing;
const listeners = new Set<() => void>();

function setState(next: ShadowState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function readReAuthCode(): string | null {
  try {
    return window.localStorage.getItem(reAuthCodeStorageKey);
  } catch {
    return null;
  }
}

function writeReAuthCode(code: string | null): void {
  try {
    if (code) window.localStorage.setItem(reAuthCodeStorageKey, code);
    else window.localStorage.removeItem(reAuthCodeStorageKey);
  } catch {
    // Private mode: End Shadowing then signs out instead (see the banner).
  }
}

export const shadowStore = {
  getState: (): ShadowState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** From GET /api/session (a reload, another tab's session): shadowing, shadow_user, re_auth_code.expires_at. */
  setFromSession(session: Pick<SessionResponse['data'], 'shadowing' | 'shadow_user' | 're_auth_code'>): void {
    if (!session.shadowing) {
      if (state.shadowing) setState(notShadowing);
      writeReAuthCode(null);
      return;
    }
    setState({
      shadowing: true,
      shadowUser: session.shadow_user ?? state.shadowUser,
      expiresAt: session.re_auth_code?.expires_at ?? null,
    });
  },

  /** POST /api/login/shadow { account } answered: the code to come back with and its expiry. */
  start(response: Pick<ShadowStartResponse, 're_auth_code' | 'shadow_user'>): void {
    writeReAuthCode(response.re_auth_code.code);
    setState({ shadowing: true, shadowUser: response.shadow_user, expiresAt: response.re_auth_code.expires_at });
  },

  /** Extend Shadow answered a new expiry. */
  setExpiresAt(expiresAt: string): void {
    if (state.shadowing) setState({ ...state, expiresAt });
  },

  /** The shadow session ended (End Shadowing, logout, the session expired). */
  clear(): void {
    writeReAuthCode(null);
    if (state.shadowing) setState(notShadowing);
  },
};

// The re-auth code belongs to the session: when the session ends (logout, refused refresh), it goes too.
authStore.subscribe(() => {
  if (!authStore.getState().accessToken && (state.shadowing || readReAuthCode() !== null)) shadowStore.clear();
});

export function useShadowState<T>(selector: (state: ShadowState) => T): T {
  return useSyncExternalStore(
    shadowStore.subscribe,
    () => selector(state),
    () => selector(state),
  );
}

export interface StartShadowOptions {
  /** Where to go once the session is the shadowed account's (e.g. react-router's navigate to '/dashboard'). */
  onStarted?: () => void;
}

/**
 * Starts shadowing an account (a client account or an employee, by user id): POST /api/login/shadow { account }, then
 * the session becomes that account's (tokens, user, permissions) and the banner shows. On failure the server's text
 * shows in an error toast (spec 1 §8) and the session stays as it was. Resolves to whether shadowing started.
 */
export async function startShadow(accountId: number, options: StartShadowOptions = {}): Promise<boolean> {
  let response: ShadowStartResponse;
  try {
    response = await api.post<ShadowStartResponse>('/api/login/shadow', { account: accountId });
  } catch (error) {
    notifications.show({
      color: 'red',
      title: 'Shadowing failed',
      message: isApiError(error) && error.hasServerMessage ? error.message : shadowFailedFallbackMessage,
    });
    return false;
  }
  // Nothing of the previous user may show for the shadowed account.
  queryClient.clear();
  authStore.signIn(response);
  shadowStore.start(response);
  options.onStarted?.();
  return true;
}

/** startShadow for a page: once shadowing, go to the dashboard (the list it was started from is not the account's). */
export function useStartShadow(): (accountId: number) => Promise<boolean> {
  const navigate = useNavigate();
  return useCallback(
    (accountId: number) => startShadow(accountId, { onStarted: () => void navigate('/dashboard') }),
    [navigate],
  );
}
