import type { ShadowExtendResponse, SignedInResponse } from '@switchboard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/login/shadow { re_auth_code, extend: true } (Extend Shadow): a new expiry. */
export function postExtendShadow(reAuthCode: string): Promise<ShadowExtendResponse> {
  return api.post<ShadowExtendResponse>('/api/login/shadow', { re_auth_code: reAuthCode, extend: true });
}

/** POST /api/login/shadow { re_auth_code } (End Shadowing): the original user's tokens, user and permissions. */
export function postEndShadow(reAuthCode: string): Promise<SignedInResponse> {
  return api.post<SignedInResponse>('/api/login/shadow', { re_auth_code: reAuthCode });
}

export function useExtendShadow() {
  return useMutation({ mutationFn: postExtendShadow });
}

export function useEndShadow() {
  return useMutation({ mutationFn: postEndShadow });
}
