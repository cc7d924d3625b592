import type { UpdateUserSettingsInput, UserSettings } from '@switchboard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { authStore } from '../../../lib/auth-store.ts';

export const settingsQueryKey = ['profile', 'settings'] as const;

/** GET /api/profile/settings (spec 1 §3.2): the user's settings, defaults merged in. */
export const settingsQueryOptions = queryOptions({
  queryKey: settingsQueryKey,
  queryFn: async () => (await api.get<{ data: UserSettings }>('/api/profile/settings')).data,
});

export function useSettings() {
  return useQuery(settingsQueryOptions);
}

/** PUT /api/profile/settings: any subset; answers { message: 'Settings Updated', data }. */
export function putSettings(input: UpdateUserSettingsInput): Promise<{ message: string; data: UserSettings }> {
  return api.put<{ message: string; data: UserSettings }>('/api/profile/settings', input);
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putSettings,
    onSuccess: (response) => {
      queryClient.setQueryData(settingsQueryKey, response.data);
      // The signed-in user carries the settings too (what the shell applies: dark mode, font size, sidebar).
      const { user, permissions, notifications, agentSettings, tokenId } = authStore.getState();
      if (user && agentSettings && tokenId) {
        authStore.setSession({
          user: { ...user, settings: response.data },
          permissions: [...permissions],
          notifications: [...notifications],
          agent_settings: agentSettings,
          token_id: tokenId,
          shadowing: false,
        });
      }
    },
  });
}
