import type { SignedInResponse, TwoFactorLoginInput } from '@switchboard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/login/twofactor (spec 1 §7.1): the challenge of the password step and the six digits → signed in. */
export function postTwoFactorLogin(input: TwoFactorLoginInput): Promise<SignedInResponse> {
  return api.post<SignedInResponse>('/api/login/twofactor', input, { auth: false });
}

export function useTwoFactorLogin() {
  return useMutation({ mutationFn: postTwoFactorLogin });
}
