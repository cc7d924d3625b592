import { z } from 'zod';
import { FONT_SIZE_MAX, FONT_SIZE_MIN } from './font-size.ts';

export { FONT_SIZE_MAX, FONT_SIZE_MIN, FONT_SIZE_SCALE, rootFontSizeRem } from './font-size.ts';

/**
 * Per-user settings of spec 1 §3.2 and §9. Stored per user (only the keys the user changed); every answer
 * carries the defaults merged in, so clients always see the full object.
 */

/** Lead status codes a CRM list may load with (spec 1 §3.4): 0 None, 1 Prospect, 2 All, 3 Appointment Set, 5 Current Client, 9 Win Back. */
export const crmLoadStatuses = [0, 1, 2, 3, 5, 9] as const;

export const TICKET_SUBJECT_LENGTH_MIN = 10;
export const TICKET_SUBJECT_LENGTH_MAX = 250;

const flag = (label: string) => z.boolean({ error: `The ${label} field must be true or false.` });
const wholeNumberBetween = (label: string, min: number, max: number) =>
  z
    .number({ error: `The ${label} must be a number.` })
    .int({ error: `The ${label} must be an integer.` })
    .min(min, { error: `The ${label} must be between ${min} and ${max}.` })
    .max(max, { error: `The ${label} must be between ${min} and ${max}.` });

export const userSettingsSchema = z.object({
  pdf_tab: flag('pdf tab'),
  dark_mode: flag('dark mode'),
  ticket_new_window: flag('ticket new window'),
  return_to_queue: flag('return to queue'),
  highlight_color: z
    .string({ error: 'The highlight color must be a colour such as #fff3bf.' })
    .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { error: 'The highlight color must be a colour such as #fff3bf.' }),
  crm_load_status: z.union(
    crmLoadStatuses.map((code) => z.literal(code)),
    { error: 'The selected crm load status is invalid.' },
  ),
  // A path inside the app: starts with one '/', so '//host' (another site) and 'https://...' are refused.
  default_login_url: z
    .string({ error: 'The default login url must be a path starting with /.' })
    .max(255, { error: 'The default login url may not be greater than 255 characters.' })
    .regex(/^\/(?![/\\])[^\s\\]*$/, { error: 'The default login url must be a path starting with /.' }),
  expand_sidebar: flag('expand sidebar'),
  // A voicemail id (CRM voicemails, spec 1 §3.4) or null for none.
  default_voicemail: z
    .number({ error: 'The default voicemail must be a voicemail id or null.' })
    .int({ error: 'The default voicemail must be a voicemail id or null.' })
    .positive({ error: 'The default voicemail must be a voicemail id or null.' })
    .max(2_147_483_647, { error: 'The default voicemail must be a voicemail id or null.' })
    .nullable(),
  font_size: wholeNumberBetween('font size', FONT_SIZE_MIN, FONT_SIZE_MAX),
  ticket_subject_length: wholeNumberBetween(
    'ticket subject length',
    TICKET_SUBJECT_LENGTH_MIN,
    TICKET_SUBJECT_LENGTH_MAX,
  ),
  pagination_scroll: flag('pagination scroll'),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const defaultUserSettings: UserSettings = {
  pdf_tab: false,
  dark_mode: false,
  ticket_new_window: false,
  return_to_queue: false,
  highlight_color: '#fff3bf',
  // Prospect: the working set of leads an agent calls.
  crm_load_status: 1,
  default_login_url: '/dashboard',
  expand_sidebar: true,
  default_voicemail: null,
  font_size: 100,
  ticket_subject_length: 60,
  pagination_scroll: false,
};

/** PUT /api/profile/settings: any subset of the settings; keys not listed are ignored. */
export const updateUserSettingsInputSchema = userSettingsSchema.partial();
export type UpdateUserSettingsInput = z.infer<typeof updateUserSettingsInputSchema>;

export const userSettingsResponseSchema = z.object({ data: userSettingsSchema });
export const updateUserSettingsResponseSchema = z.object({ message: z.string(), data: userSettingsSchema });

export const settingsUpdatedMessage = 'Settings Updated';

/**
 * Defaults merged with what was stored. A stored value that no longer passes the schema (a rule tightened
 * later) falls back to its default instead of breaking the whole object.
 */
export function mergeUserSettings(stored: unknown): UserSettings {
  const merged: Record<string, unknown> = { ...defaultUserSettings };
  if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
    const shape = userSettingsSchema.shape;
    for (const key of Object.keys(shape) as (keyof UserSettings)[]) {
      if (!Object.hasOwn(stored, key)) continue;
      const parsed = shape[key].safeParse((stored as Record<string, unknown>)[key]);
      if (parsed.success) merged[key] = parsed.data;
    }
  }
  return merged as UserSettings;
}

/** Payload of the 'SettingsUpdated' event on `user.{id}`. */
export interface SettingsUpdatedPayload {
  settings: UserSettings;
}
