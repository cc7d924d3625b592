import type { LockedLoginInput, TokenResponse } from '@switchboard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/login/lock (spec 1 §7.1, Ctrl+L): the server refuses the session until the password is given again. */
export function postLock(): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/login/lock');
}

/**
 * GET /api/session of a locked session answers 423 with who the lock screen is for (for a shadow session: the one
 * shadowing); the API client hands that to the lock store. Any other answer is ignored here.
 */
export async function refreshLockScreenUser(): Promise<void> {
  await api.get('/api/session').catch(() => undefined);
}

/** POST /api/login/locked_login (spec 1 §3.7 lock-screen form): the password unlocks and renews the tokens. */
export function postLockedLogin(input: LockedLoginInput): Promise<TokenResponse> {
  return api.post<TokenResponse>('/api/login/locked_login', input, { auth: false });
}

export function useLockedLogin() {
  return useMutation({ mutationFn: postLockedLogin });
}
