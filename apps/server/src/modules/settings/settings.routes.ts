import {
  settingsUpdatedMessage,
  updateUserSettingsInputSchema,
  updateUserSettingsResponseSchema,
  userSettingsResponseSchema,
  type SettingsUpdatedPayload,
} from '@switchboard/shared';
import type { AppInstance } from '../../app-instance.ts';
import { getSettings, updateSettings } from './settings.service.ts';

/** Per-user settings of spec 1 §3.2, edited in the profile. Every signed-in user has their own. */
export async function settingsRoutes(app: AppInstance): Promise<void> {
  app.get('/profile/settings', { schema: { response: { 200: userSettingsResponseSchema } } }, async (request) => ({
    data: await getSettings(app.db, request.auth.user.id),
  }));

  app.put(
    '/profile/settings',
    { schema: { body: updateUserSettingsInputSchema, response: { 200: updateUserSettingsResponseSchema } } },
    async (request) => {
      const settings = await updateSettings(app.db, request.auth.user.id, request.body);
      // The user's other tabs apply the change at once.
      app.realtime.emitToUser(request.auth.user.id, 'SettingsUpdated', { settings } satisfies SettingsUpdatedPayload);
      return { message: settingsUpdatedMessage, data: settings };
    },
  );
}
