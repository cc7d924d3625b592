import { documentRevisionsResponseSchema, revisionLabel } from '@switchboard/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { notFound } from '../../plugins/errors.ts';
import { listRevisions, loadReadableDocument, readRevisionFile, renderDocument } from './documents.service.ts';

const documentParams = z.object({ type: z.string().max(40), id: z.string() });
const revisionParams = documentParams.extend({ revision: z.string() });

function sendPdf(reply: FastifyReply, file: Buffer, name: string, disposition: 'inline' | 'attachment', cache: string) {
  const safe = name.replace(/[^A-Za-z0-9._-]/g, '_');
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${disposition}; filename="${safe}"`)
    .header('cache-control', cache)
    .header('x-content-type-options', 'nosniff')
    .send(file);
}

/** Spec 1 §7.2 and spec 3 §7 Other: the revision list and the PDFs (decision 0038). */
export async function documentRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/revisions/:type/:id',
    { schema: { params: documentParams, response: { 200: documentRevisionsResponseSchema } } },
    async (request) => {
      const { type } = request.params;
      const id = parsePathId(request.params.id);
      const { loaded } = await loadReadableDocument(app.db, request.auth, type, id);
      return {
        data: await listRevisions(app.db, type, id),
        document: { type, id, title: loaded.title, file_name: `${loaded.fileName}.pdf` },
      };
    },
  );

  // The latest revision as a download; a record with none yet gets an unstored preview marked DRAFT.
  app.get('/pdf/:type/:id', { schema: { params: documentParams } }, async (request, reply) => {
    const { type } = request.params;
    const id = parsePathId(request.params.id);
    const { module, loaded } = await loadReadableDocument(app.db, request.auth, type, id);
    const latest = await readRevisionFile(app.db, app.config.dataDir, type, id);
    if (latest) {
      const name = `${loaded.fileName}-${revisionLabel(latest.revision)}.pdf`;
      return sendPdf(reply, latest.file, name, 'attachment', 'private, no-cache');
    }
    const preview = await renderDocument(app.db, app.config.dataDir, module, loaded, { draft: true });
    return sendPdf(reply, preview, `${loaded.fileName}-DRAFT.pdf`, 'attachment', 'private, no-store');
  });

  // One revision, inline for the viewer; a revision never changes, so the browser may keep it.
  app.get('/pdf/:type/:id/:revision', { schema: { params: revisionParams } }, async (request, reply) => {
    const { type } = request.params;
    const id = parsePathId(request.params.id);
    if (!/^\d{1,4}$/.test(request.params.revision)) throw notFound();
    const { loaded } = await loadReadableDocument(app.db, request.auth, type, id);
    const found = await readRevisionFile(app.db, app.config.dataDir, type, id, Number(request.params.revision));
    if (!found) throw notFound();
    const name = `${loaded.fileName}-${revisionLabel(found.revision)}.pdf`;
    return sendPdf(reply, found.file, name, 'inline', 'private, max-age=31536000, immutable');
  });
}
