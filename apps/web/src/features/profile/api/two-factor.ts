import type {
  TwoFactorConfirmInput,
  TwoFactorDisableInput,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from '@switchboard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const twoFactorQueryKey = ['profile', 'twofactor'] as const;

/** GET /api/profile/twofactor: whether two-factor is on (spec 1 §5: Enabled / Disabled). */
export const twoFactorStatusQueryOptions = queryOptions({
  queryKey: twoFactorQueryKey,
  queryFn: async () => (await api.get<TwoFactorStatusResponse>('/api/profile/twofactor')).data,
});

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions);
}

/** POST /api/profile/twofactor/setup: a new secret with its QR code, shown once. */
export function useSetupTwoFactor() {
  return useMutation({
    mutationFn: async () => (await api.post<TwoFactorSetupResponse>('/api/profile/twofactor/setup')).data,
  });
}

/** POST /api/profile/twofactor/confirm {code}: a valid code turns two-factor on. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorConfirmInput) =>
      api.post<{ message: string }>('/api/profile/twofactor/confirm', input),
    onSuccess: () => queryClient.setQueryData(twoFactorQueryKey, { enabled: true }),
  });
}

/** POST /api/profile/twofactor/disable {password}: the user's password turns two-factor off. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorDisableInput) =>
      api.post<{ message: string }>('/api/profile/twofactor/disable', input),
    onSuccess: () => queryClient.setQueryData(twoFactorQueryKey, { enabled: false }),
  });
}
