import { downloadInputSchema } from '@switchboard/shared';
import type { AppInstance } from '../../app-instance.ts';
import { sendAttachment } from '../../http/attachment.ts';
import { notFound } from '../../plugins/errors.ts';
import { readUpload } from '../../plugins/storage.ts';
import { findDownload } from './download.service.ts';

/**
 * Spec 1 §7: POST /api/download {file, name, disk} answers the stored file as a blob. Only files some record
 * points to can be fetched, and only by users who may see that record; anything else is a 404.
 */
export async function downloadRoutes(app: AppInstance): Promise<void> {
  app.post('/download', { schema: { body: downloadInputSchema } }, async (request, reply) => {
    const found = await findDownload(app.db, request.body.file, request.auth.user);
    if (!found) throw notFound();
    const data = await readUpload(app.config.dataDir, request.body.file);
    if (!data) throw notFound();
    return sendAttachment(reply, request.body.name?.trim() || found.fileName, data);
  });
}
