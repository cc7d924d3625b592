import { createReadStream, promises as fs } from 'node:fs';
import { join } from 'node:path';
import {
  crmImportsQuerySchema,
  exportInputSchema,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importFieldsSchema,
  importMessages,
  type ImportFields,
} from '@switchboard/shared/crm-imports';
import { csvCell, parseCsv } from '@switchboard/shared/csv';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { notFound, toFieldErrors, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { queueJob, registerJob } from '../../plugins/jobs.ts';
import { moveUpload } from '../../plugins/storage.ts';
import { UploadedFile } from '../../plugins/uploads.ts';
import { campaigns } from '../reference/reference.table.ts';
import { users } from '../users/users.table.ts';
import { agentToday } from './crm-leads-read.ts';
import {
  createExport,
  exportCleanupJob,
  exportJob,
  findOwnExport,
  listOwnExports,
  presentExport,
  removeExpiredExports,
  runQueuedExports,
} from './crm-imports.export.ts';
import {
  createImport,
  decodeCsv,
  getImport,
  importErrorRows,
  importJob,
  listImports,
  previewImport,
  runQueuedImports,
} from './crm-imports.service.ts';

// Lead imports and exports (designs/crm-softphone.md §2.4, §5): imports need 'manage crm' (multipart on POST
// /crm/imports and /crm/imports/preview only); exports need 'view crm' and hold only the leads the user may see.
// Both are worked by jobs; a request queues one run at once, and the every-minute schedule picks up any left.

const idParams = z.object({ id: z.string() });
const manageCrm = [requireEmployee(), requirePermission('view crm', 'manage crm')];
const viewCrm = [requireEmployee(), requirePermission('view crm')];
const importUploads = { uploads: { files: 1, fileSize: IMPORT_MAX_BYTES, fieldBytes: 16 * 1024 } };

interface ReadUpload {
  fields: ImportFields;
  file: UploadedFile;
  rows: string[][];
}

export async function crmImportRoutes(app: AppInstance): Promise<void> {
  registerJob(app, importJob, '* * * * *', async (instance) => void (await runQueuedImports(instance)));
  registerJob(app, exportJob, '* * * * *', async (instance) => void (await runQueuedExports(instance)));
  registerJob(app, exportCleanupJob, '37 * * * *', async (instance) => void (await removeExpiredExports(instance)));

  /** Runs the job now in whichever process works the queue (nothing when jobs are off: tests run it themselves). */
  const kick = (name: string) => {
    if (!app.jobs.boss) return;
    queueJob(app, name).catch((error: Error) => app.log.warn({ job: name, message: error.message }, 'queue failed'));
  };

  /** The multipart body checked: fields, the file as CSV text within the row limit, names that exist. */
  const readImportUpload = async (body: Record<string, unknown>): Promise<ReadUpload> => {
    const errors: FieldErrors = {};
    const { file, ...rest } = body;
    const parsed = importFieldsSchema.safeParse(rest);
    if (!parsed.success) Object.assign(errors, toFieldErrors(parsed.error.issues));
    let rows: string[][] = [];
    if (!(file instanceof UploadedFile)) errors.file = [importMessages.fileRequired];
    else {
      const text = decodeCsv(await fs.readFile(file.tempPath));
      if (text === null) errors.file = [importMessages.fileType];
      else {
        rows = parseCsv(text);
        const dataRows = rows.length - (parsed.success && !parsed.data.has_header ? 0 : 1);
        if (dataRows > IMPORT_MAX_ROWS) errors.file = [importMessages.tooManyRows];
        else if (dataRows < 1) errors.file = [importMessages.noRows];
      }
    }
    if (parsed.success) {
      const { campaign_id: campaignId, manager_id: managerId } = parsed.data;
      if (campaignId !== null) {
        const [found] = await app.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId));
        if (!found) errors.campaign_id = ['The selected campaign id is invalid.'];
      }
      if (managerId !== null) {
        const [found] = await app.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, managerId), eq(users.type, 'Employee'), isNull(users.deletedAt)));
        if (!found) errors.manager_id = ['The selected manager id is invalid.'];
      }
    }
    if (Object.keys(errors).length > 0 || !parsed.success || !(file instanceof UploadedFile))
      throw unprocessable(errors);
    return { fields: parsed.data, file, rows };
  };

  app.get('/crm/imports', { onRequest: manageCrm, schema: { querystring: crmImportsQuerySchema } }, async (request) =>
    listImports(app.db, request.query),
  );

  // Multipart: `file` (CSV) and the wizard's fields; answers the first 10 rows mapped, with their errors.
  app.post('/crm/imports/preview', { onRequest: manageCrm, config: importUploads }, async (request) => {
    const { fields, rows } = await readImportUpload((request.body ?? {}) as Record<string, unknown>);
    return { data: await previewImport(app.db, rows, fields) };
  });

  app.post('/crm/imports', { onRequest: manageCrm, config: importUploads }, async (request, reply) => {
    const { fields, file, rows } = await readImportUpload((request.body ?? {}) as Record<string, unknown>);
    const storagePath = await moveUpload(app.config.dataDir, 'crm-imports', file, 'csv');
    const created = await createImport(
      app.db,
      {
        fields,
        fileName: file.filename || 'import.csv',
        storagePath,
        header: rows[0] ?? [],
        rowsTotal: rows.length - (fields.has_header ? 1 : 0),
      },
      request.auth.user.id,
    );
    kick(importJob);
    return reply.code(201).send({ message: importMessages.queued, data: created });
  });

  app.get('/crm/imports/:id', { onRequest: manageCrm, schema: { params: idParams } }, async (request) => {
    const found = await getImport(app.db, parsePathId(request.params.id));
    if (!found) throw notFound();
    return { data: found };
  });

  // The row errors as CSV: row number, message, then the row's own cells.
  app.get('/crm/imports/:id/errors', { onRequest: manageCrm, schema: { params: idParams } }, async (request, reply) => {
    const found = await getImport(app.db, parsePathId(request.params.id));
    if (!found) throw notFound();
    const lines = ['Row,Message'];
    for (const error of await importErrorRows(app.db, found.id))
      lines.push([error.rowNumber, error.message, ...error.raw].map((cell) => csvCell(cell)).join(','));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="crm-import-${found.id}-errors.csv"`)
      .send(`${lines.join('\r\n')}\r\n`);
  });

  app.post('/crm/exports', { onRequest: viewCrm, schema: { body: exportInputSchema } }, async (request, reply) => {
    const userId = request.auth.user.id;
    const created = await createExport(app.db, request.body, userId, await agentToday(app.db, userId));
    kick(exportJob);
    return reply.code(201).send({ message: importMessages.exportQueued, data: created });
  });

  app.get('/crm/exports', { onRequest: viewCrm }, async (request) => ({
    data: await listOwnExports(app.db, request.auth.user.id),
  }));

  app.get('/crm/exports/:id', { onRequest: viewCrm, schema: { params: idParams } }, async (request) => {
    const found = await findOwnExport(app.db, parsePathId(request.params.id), request.auth.user.id);
    if (!found) throw notFound();
    return { data: presentExport(found) };
  });

  // The file, for its owner only, while it is kept.
  app.get('/crm/exports/:id/file', { onRequest: viewCrm, schema: { params: idParams } }, async (request, reply) => {
    const found = await findOwnExport(app.db, parsePathId(request.params.id), request.auth.user.id);
    if (!found || found.status !== 'done' || !found.storagePath) throw notFound();
    const full = join(app.config.dataDir, found.storagePath);
    const stat = await fs.stat(full).catch(() => null);
    if (!stat) throw notFound();
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-length', String(stat.size))
      .header('content-disposition', `attachment; filename="${found.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(createReadStream(full));
  });
}
