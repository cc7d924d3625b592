import { createHash } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import {
  VOICEMAIL_MAX_BYTES,
  voicemailDeleteQuerySchema,
  voicemailMessages,
  voicemailUpdateSchema,
  voicemailUploadFieldsSchema,
  type VoicemailRow,
  type VoicemailUpdatedPayload,
} from '@switchboard/shared/crm-voicemails';
import { storeChannel } from '@switchboard/shared/realtime';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { toFieldErrors, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { UploadedFile } from '../../plugins/uploads.ts';
import { inspectVoicemailAudio } from './crm-voicemails-audio.ts';
import {
  createVoicemail,
  deleteVoicemail,
  findVoicemailAudio,
  getVoicemail,
  listVoicemails,
  updateVoicemail,
} from './crm-voicemails.service.ts';

// The voicemail drops (designs/crm-softphone.md §4.5, §5): 'view crm' lists and plays them, 'manage crm' uploads,
// renames, sets the default and deletes. Every change goes out as VoicemailUpdated on `store` (staff only), which
// also refreshes the static data's voicemail list in every open browser.

const idParams = z.object({ id: z.string() });
const view = [requireEmployee(), requirePermission('view crm')];
const manage = [requireEmployee(), requirePermission('manage crm')];
const voicemailUploads = { uploads: { files: 1, fileSize: VOICEMAIL_MAX_BYTES, fieldBytes: 8 * 1024 } };

/** The voicemail drops: list, upload, rename, default, delete, audio (designs/crm-softphone.md §4.5, §5). */
export async function crmVoicemailRoutes(app: AppInstance): Promise<void> {
  const changed = (payload: VoicemailUpdatedPayload) =>
    app.realtime.emitToStaff(storeChannel, 'VoicemailUpdated', payload);
  const changedRow = (voicemail: VoicemailRow) => changed({ voicemail });

  app.get('/crm/voicemails', { onRequest: view }, async () => ({ data: await listVoicemails(app.db) }));

  // Multipart on this route only: `name` and the recording as `file`, known by its bytes.
  app.post('/crm/voicemails', { onRequest: manage, config: voicemailUploads }, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const errors: FieldErrors = {};
    const fields = voicemailUploadFieldsSchema.safeParse({ name: body.name });
    if (!fields.success) Object.assign(errors, toFieldErrors(fields.error.issues));
    const file = body.file;
    if (!(file instanceof UploadedFile)) errors.file = [voicemailMessages.fileRequired];
    if (Object.keys(errors).length > 0 || !fields.success || !(file instanceof UploadedFile))
      throw unprocessable(errors);
    // At most 5 MB (the upload limit), so reading it whole is fine.
    const data = await fs.readFile(file.tempPath);
    const audio = inspectVoicemailAudio(data);
    if (!audio) throw unprocessable({ file: [voicemailMessages.fileType] });
    const row = await createVoicemail(
      app.db,
      app.config.dataDir,
      {
        name: fields.data.name,
        file,
        recording: audio,
        sha256: createHash('sha256').update(data).digest('hex'),
      },
      request.auth.user.id,
    );
    changedRow(row);
    return { message: voicemailMessages.uploaded, data: row };
  });

  putRoute(
    app,
    '/crm/voicemails/:id',
    { onRequest: manage, schema: { params: idParams, body: voicemailUpdateSchema } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const row = await updateVoicemail(app.db, id, request.body);
      // A new default changes the old default's row too: browsers reload the whole list on the event.
      changedRow(row);
      return { message: voicemailMessages.saved, data: row };
    },
  );

  app.delete(
    '/crm/voicemails/:id',
    { onRequest: manage, schema: { params: idParams, querystring: voicemailDeleteQuerySchema } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const newDefault = await deleteVoicemail(app.db, id, request.query);
      changed({ deleted_id: id });
      if (newDefault) changedRow(newDefault);
      return { message: voicemailMessages.deleted, data: { new_default: newDefault } };
    },
  );

  app.get('/crm/voicemails/:id/audio', { onRequest: view, schema: { params: idParams } }, async (request, reply) => {
    const audio = await findVoicemailAudio(app.db, app.config.dataDir, parsePathId(request.params.id));
    return reply
      .header('content-type', audio.mime)
      .header('content-length', String(audio.bytes))
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(createReadStream(audio.path));
  });

  // A single row, for a browser that heard of a change (and for tests).
  app.get('/crm/voicemails/:id', { onRequest: view, schema: { params: idParams } }, async (request) => ({
    data: await getVoicemail(app.db, parsePathId(request.params.id)),
  }));
}
