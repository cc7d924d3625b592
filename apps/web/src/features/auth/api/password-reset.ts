import type { ForgotPasswordInput, ResetPasswordInput } from '@switchboard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

interface MessageResponse {
  message: string;
}

/** POST /api/forgotpassword (spec 1 §7.1): always the same success text, whether or not the account exists. */
export function postForgotPassword(input: ForgotPasswordInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/forgotpassword', input, { auth: false });
}

/** POST /api/resetpassword (spec 1 §7.1): the new password with the token of the mailed link. */
export function postResetPassword(input: ResetPasswordInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/resetpassword', input, { auth: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: postForgotPassword });
}

export function useResetPassword() {
  return useMutation({ mutationFn: postResetPassword });
}
