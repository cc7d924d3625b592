import type { LoginInput, LoginResponse, SessionResponse } from '@switchboard/shared';
import { api } from './api-client.ts';
import { authStore } from './auth-store.ts';
import { queryClient } from './query-client.ts';
import { shadowStore } from './shadow.ts';

export function postLogin(input: LoginInput): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/login', input, { auth: false });
}

let sessionRequest: Promise<void> | null = null;

/** Loads user and permissions for the stored token (GET /api/session), once even when asked twice. */
export function loadSession(): Promise<void> {
  sessionRequest ??= api
    .get<SessionResponse>('/api/session')
    .then((response) => {
      authStore.setSession(response.data);
      shadowStore.setFromSession(response.data);
    })
    .finally(() => {
      sessionRequest = null;
    });
  return sessionRequest;
}

/**
 * Ends the session (spec 1 §2.3, §4): forgets it here first, so that requests still on their way cannot start a
 * refresh or a "session expired" redirect, then revokes it on the server (POST /api/logout); a failure there changes
 * nothing for the user.
 */
export async function logout(): Promise<void> {
  const accessToken = authStore.getState().accessToken;
  authStore.clear();
  queryClient.clear();
  if (!accessToken) return;
  try {
    await api.post('/api/logout', undefined, { auth: false, headers: { Authorization: `Bearer ${accessToken}` } });
  } catch {
    // Already revoked, expired or the server unreachable: the local logout above stands.
  }
}
