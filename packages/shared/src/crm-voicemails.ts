import { z } from 'zod';

// The voicemail drops (designs/crm-softphone.md §4.5, §5): recordings an agent's call leaves on an answering machine.
// One contract for GET/POST /api/crm/voicemails, PUT/DELETE /{id} and the web page's checks, which mirror the server's.

/** The largest recording accepted, in bytes (5 MB). */
export const VOICEMAIL_MAX_BYTES = 5 * 1024 * 1024;
/** The longest recording accepted, in milliseconds (120 s). */
export const VOICEMAIL_MAX_DURATION_MS = 120_000;
export const VOICEMAIL_NAME_MAX = 100;

/** The two kinds of recording, known on the server by their bytes; the browser checks name and type first. */
export const voicemailAudioKinds = [
  { ext: 'wav', mime: 'audio/wav', browserTypes: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'] },
  { ext: 'mp3', mime: 'audio/mpeg', browserTypes: ['audio/mpeg', 'audio/mp3', 'audio/mpeg3', 'audio/x-mpeg-3'] },
] as const;
export type VoicemailAudioExt = (typeof voicemailAudioKinds)[number]['ext'];

export const voicemailMessages = {
  nameRequired: 'The name field is required.',
  nameTooLong: `The name may not be greater than ${VOICEMAIL_NAME_MAX} characters.`,
  fileRequired: 'The file field is required.',
  fileType: 'The file must be an MP3 or WAV recording.',
  fileTooLarge: 'The file may not be greater than 5 MB.',
  fileTooLong: 'The recording may not be longer than 120 seconds.',
  fileEmpty: 'The recording has no sound.',
  defaultRequired: 'There must be a default voicemail: set another voicemail as the default instead.',
  deleteDefault: 'The default voicemail cannot be deleted: choose another voicemail as the new default.',
  newDefaultInvalid: 'The new default must be another voicemail that has not been deleted.',
  nothingToChange: 'Send a name or is_default.',
  uploaded: 'Voicemail uploaded.',
  saved: 'Voicemail saved.',
  deleted: 'Voicemail deleted.',
} as const;

const nameSchema = z
  .string({ error: voicemailMessages.nameRequired })
  .trim()
  .min(1, voicemailMessages.nameRequired)
  .max(VOICEMAIL_NAME_MAX, voicemailMessages.nameTooLong);

/** The text fields of POST /api/crm/voicemails (multipart; the recording is the `file` field). */
export const voicemailUploadFieldsSchema = z.object({ name: nameSchema });
export type VoicemailUploadFields = z.infer<typeof voicemailUploadFieldsSchema>;

/** PUT /api/crm/voicemails/{id}: rename and/or make it the default (a default is replaced by making another one). */
export const voicemailUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    is_default: z.boolean({ error: 'The is default field must be true or false.' }).optional(),
  })
  .refine((value) => value.name !== undefined || value.is_default !== undefined, {
    message: voicemailMessages.nothingToChange,
    path: ['name'],
  });
export type VoicemailUpdateInput = z.infer<typeof voicemailUpdateSchema>;

/** DELETE /api/crm/voicemails/{id}?new_default_id=: the new default, required when deleting the default. */
export const voicemailDeleteQuerySchema = z.object({
  new_default_id: z.coerce
    .number({ error: voicemailMessages.newDefaultInvalid })
    .int(voicemailMessages.newDefaultInvalid)
    .positive(voicemailMessages.newDefaultInvalid)
    .max(2_147_483_647, voicemailMessages.newDefaultInvalid)
    .optional(),
});
export type VoicemailDeleteQuery = z.infer<typeof voicemailDeleteQuerySchema>;

/** A row of GET /api/crm/voicemails, also the VoicemailUpdated payload's `voicemail`. */
export const voicemailRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_default: z.boolean(),
  /** Null while no recording exists yet. */
  duration_ms: z.number().int().nullable(),
  mime: z.string().nullable(),
  bytes: z.number().int().nullable(),
  has_audio: z.boolean(),
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Calls that left (or tried to leave) this voicemail. */
  times_used: z.number().int(),
});
export type VoicemailRow = z.infer<typeof voicemailRowSchema>;

/** VoicemailUpdated on `store`: the changed row, or the id of a deleted one. */
export type VoicemailUpdatedPayload = { voicemail: VoicemailRow } | { deleted_id: number };

/** The browser's check of a chosen file before upload: null when fine, else the server's message. */
export function voicemailFileProblem(file: { name: string; type: string; size: number }): string | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const kind = voicemailAudioKinds.find((candidate) => candidate.ext === ext);
  const type = file.type.toLowerCase();
  if (!kind || (type !== '' && !(kind.browserTypes as readonly string[]).includes(type)))
    return voicemailMessages.fileType;
  if (file.size === 0) return voicemailMessages.fileEmpty;
  if (file.size > VOICEMAIL_MAX_BYTES) return voicemailMessages.fileTooLarge;
  return null;
}

/** A recording's length as m:ss ('—' when there is none). */
export function formatVoicemailLength(durationMs: number | null): string {
  if (durationMs === null) return '—';
  const seconds = Math.round(durationMs / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A name for an upload that has none: the file's name without its extension. */
export function voicemailNameFromFile(fileName: string): string {
  return fileName
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, VOICEMAIL_NAME_MAX);
}
