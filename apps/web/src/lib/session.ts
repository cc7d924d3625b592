import type { LoginInput, LoginResponse, SessionResponse } from '@switchboard/shared';
import { api } from './api-client.ts';
import { authStore } from './auth-store.ts';
import { queryClient } from './query-client.ts';

export function postLogin(input: LoginInput): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/login', input, { auth: false });
}

let sessionRequest: Promise<void> | null = null;

/** Loads user and permissions for the stored token (GET /api/session), once even when asked twice. */
export function loadSession(): Promise<void> {
  sessionRequest ??= api
    .get<SessionResponse>('/api/session')
    .then((response) => authStore.setSession(response.data))
    .finally(() => {
      sessionRequest = null;
    });
  return sessionRequest;
}

/** Ends the session on the server (POST /api/logout) and, whatever the answer, forgets it here (spec 1 §2.3, §4). */
export async function logout(): Promise<void> {
  try {
    if (authStore.getState().accessToken) await api.post('/api/logout');
  } catch {
    // The token may already be revoked or the server unreachable: the local logout below still happens.
  } finally {
    authStore.clear();
    queryClient.clear();
  }
}
