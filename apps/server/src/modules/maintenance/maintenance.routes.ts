import {
  analysisInputSchema,
  analysisRecordSchema,
  analysisSavedMessage,
  analysisUpdatedMessage,
  baselineInputSchema,
  baselineRecordSchema,
  baselineSavedMessage,
  baselineUpdatedMessage,
  exchangeInputSchema,
  exchangeUpdateInputSchema,
  exchangeRecordSchema,
  exchangeSavedMessage,
  exchangeUpdatedMessage,
  maintenanceMonthOf,
  maintenanceNotesInputSchema,
  maintenanceNotesResponseSchema,
  maintenanceNotesSavedMessage,
  maintenanceTicketCheckInsSchema,
  ticketChannel,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { pageJson, pageQuerySchema } from '../../db/paginate.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { toFieldErrors, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { registerJob } from '../../plugins/jobs.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { moveUpload, removeUpload } from '../../plugins/storage.ts';
import { UploadedFile } from '../../plugins/uploads.ts';
import { attachmentExtension } from '../companies/tech-attachments.ts';
import { announceTicketChanged } from '../tickets/ticket-announce.ts';
import type { StoredTicketFile } from '../tickets/ticket-access.ts';
import {
  getAnalysis,
  getBaseline,
  getExchangeByTicket,
  getTicketCheckIns,
  listMaintenanceMonth,
  openMonthTickets,
  saveAnalysis,
  saveBaseline,
  saveExchange,
  updateExchange,
  type ExchangeFiles,
} from './maintenance.service.ts';
import { getMaintenanceNotes, saveMaintenanceNotes } from './maintenance-notes.service.ts';

const monthParams = z.object({
  month: z.coerce.number().int().min(1).max(12),
  year: z.coerce.number().int().min(2000).max(2100),
});
/** The pg-boss queue of the monthly run. */
export const maintenanceMonthJob = 'maintenance.open-month-tickets';
const maxFileBytes = 20 * 1024 * 1024;
// Above the 20 MB rule, so a file a little too large gets the field's message (422).
const exchangeUploads = { files: 20, fileSize: 25 * 1024 * 1024 };

/**
 * Scheduled Maintenance calls of spec 2 §7. Staff with the area's permission ('view chat', spec 1 §4 menu) only;
 * client accounts get 403 (decision 0049).
 */
export async function maintenanceRoutes(app: AppInstance): Promise<void> {
  const staff = { onRequest: [requireEmployee(), requirePermission('view chat')] };
  /** Spec 2 §7: a checklist save is pushed as BaselineUpdated on ticket_{id}, so every viewer reads it again. */
  const pushUpdated = (ticketId: number, kind: string, id: number, by: number) => {
    app.realtime.emitToStaff(ticketChannel(ticketId), 'BaselineUpdated', { ticket_id: ticketId, kind, id, by });
    announceTicketChanged(app, ticketId);
  };

  // Issue 19 part 1: at the start of each month (00:05 UTC on the 1st) every scheduled server gets its month's
  // ticket; running twice opens nothing more (one ticket per server and month).
  registerJob(app, maintenanceMonthJob, '5 0 1 * *', async (jobApp) => {
    const opened = await openMonthTickets(jobApp.db, maintenanceMonthOf(undefined, undefined));
    jobApp.log.info({ opened }, 'scheduled maintenance tickets opened');
  });

  app.get(
    '/companies/servers/:month/:year',
    { ...staff, schema: { params: monthParams, querystring: pageQuerySchema } },
    async (request, reply) => {
      const { rowsJson, rowCount, total } = await listMaintenanceMonth(app.db, request.params, request.query);
      return reply.type('application/json; charset=utf-8').send(pageJson(rowsJson, rowCount, total, request.query));
    },
  );

  app.get(
    '/schedule/main/ticket/:ticket_id',
    {
      ...staff,
      schema: {
        params: z.object({ ticket_id: z.string() }),
        response: { 200: z.object({ data: z.array(maintenanceTicketCheckInsSchema) }) },
      },
    },
    async (request) => ({ data: [await getTicketCheckIns(app.db, parsePathId(request.params.ticket_id))] }),
  );

  app.post('/maintenance/baseline', { ...staff, schema: { body: baselineInputSchema } }, async (request) => {
    const { id, created } = await saveBaseline(app.db, request.body, request.auth.user);
    pushUpdated(request.body.ticket_id, 'baseline', id, request.auth.user.id);
    return { message: created ? baselineSavedMessage : baselineUpdatedMessage, data: { id } };
  });

  app.get(
    '/maintenance/baseline/:id',
    {
      ...staff,
      schema: {
        params: z.object({ id: z.string() }),
        response: { 200: z.object({ data: z.array(baselineRecordSchema) }) },
      },
    },
    async (request) => ({ data: [await getBaseline(app.db, parsePathId(request.params.id))] }),
  );

  app.post('/maintenance/analysis', { ...staff, schema: { body: analysisInputSchema } }, async (request) => {
    const { id } = await saveAnalysis(app.db, request.body, request.auth.user, null);
    pushUpdated(request.body.ticket_id, 'analysis', id, request.auth.user.id);
    return { message: analysisSavedMessage, data: { id } };
  });

  putRoute(
    app,
    '/maintenance/analysis/:analysis',
    { ...staff, schema: { params: z.object({ analysis: z.string() }), body: analysisInputSchema } },
    async (request) => {
      const { id } = await saveAnalysis(app.db, request.body, request.auth.user, parsePathId(request.params.analysis));
      pushUpdated(request.body.ticket_id, 'analysis', id, request.auth.user.id);
      return { message: analysisUpdatedMessage, data: { id } };
    },
  );

  app.get(
    '/maintenance/analysis/:analysis',
    {
      ...staff,
      schema: {
        params: z.object({ analysis: z.string() }),
        response: { 200: z.object({ data: z.array(analysisRecordSchema) }) },
      },
    },
    async (request) => ({ data: [await getAnalysis(app.db, parsePathId(request.params.analysis))] }),
  );

  /** The multipart body's texts (checked by `schema`) and files: resolution_attachments[n] and notes_attachments[n]. */
  const readExchange = async <T extends z.ZodType>(schema: T, body: Record<string, unknown>) => {
    const parsed = schema.safeParse(body);
    const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error.issues);
    const uploads = { resolution: [] as UploadedFile[], notes: [] as UploadedFile[] };
    for (const [key, value] of Object.entries(body)) {
      const kind = /^(resolution|notes)_attachments(\[\d*\])?$/.exec(key)?.[1] as 'resolution' | 'notes' | undefined;
      if (!kind) continue;
      for (const file of Array.isArray(value) ? value : [value]) {
        if (!(file instanceof UploadedFile)) errors[key] = ['The attachment must be a file.'];
        else if (file.size > maxFileBytes) errors[key] = ['The attachment may not be greater than 20480 kilobytes.'];
        else uploads[kind].push(file);
      }
    }
    if (!parsed.success || Object.keys(errors).length > 0) throw unprocessable(errors);
    const store = async (file: UploadedFile): Promise<StoredTicketFile> => {
      const extension = attachmentExtension(file.filename);
      return {
        fileName: file.filename.slice(0, 255),
        path: await moveUpload(app.config.dataDir, 'ticket-files', file, extension),
        extension,
        size: file.size,
      };
    };
    const files: ExchangeFiles = {
      resolution: await Promise.all(uploads.resolution.map(store)),
      notes: await Promise.all(uploads.notes.map(store)),
    };
    return { input: parsed.data as z.output<T>, files };
  };

  /** Files stored for a save that then failed are removed again. */
  const withFiles = async <T>(files: ExchangeFiles, save: () => Promise<T>): Promise<T> => {
    try {
      return await save();
    } catch (error) {
      await Promise.all(
        [...files.resolution, ...files.notes].map((file) => removeUpload(app.config.dataDir, file.path)),
      );
      throw error;
    }
  };

  app.post('/maintenance/exchange', { ...staff, config: { uploads: exchangeUploads } }, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const { input, files } = await readExchange(exchangeInputSchema, body);
    const { id, ticketId } = await withFiles(files, () => saveExchange(app.db, input, files, request.auth.user));
    pushUpdated(ticketId, 'exchange', id, request.auth.user.id);
    return { message: exchangeSavedMessage, data: { id } };
  });

  putRoute(
    app,
    '/maintenance/exchange/:exchange_id',
    { ...staff, config: { uploads: exchangeUploads }, schema: { params: z.object({ exchange_id: z.string() }) } },
    async (request) => {
      const exchangeId = parsePathId(request.params.exchange_id);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const { input, files } = await readExchange(exchangeUpdateInputSchema, body);
      const { id, ticketId } = await withFiles(files, () =>
        updateExchange(app.db, exchangeId, input, files, request.auth.user),
      );
      pushUpdated(ticketId, 'exchange', id, request.auth.user.id);
      return { message: exchangeUpdatedMessage, data: { id } };
    },
  );

  // The notes flow (spec 2 §2 /maintenance/notes/...; decision 0062): the server's month notes and the earlier ones.
  app.get(
    '/maintenance/notes/:serverId/:month/:year',
    {
      ...staff,
      schema: {
        params: monthParams.extend({ serverId: z.string() }),
        response: { 200: maintenanceNotesResponseSchema },
      },
    },
    async (request) => ({
      data: await getMaintenanceNotes(app.db, parsePathId(request.params.serverId), request.params),
    }),
  );

  app.post('/maintenance/notes', { ...staff, schema: { body: maintenanceNotesInputSchema } }, async (request) => {
    const { id, ticketId, updatedAt } = await saveMaintenanceNotes(app.db, request.body, request.auth.user);
    pushUpdated(ticketId, 'notes', id, request.auth.user.id);
    return { message: maintenanceNotesSavedMessage, data: { id, updated_at: updatedAt } };
  });

  app.get(
    '/maintenance/exchange/:ticket_id',
    {
      ...staff,
      schema: {
        params: z.object({ ticket_id: z.string() }),
        response: { 200: z.object({ data: exchangeRecordSchema.nullable() }) },
      },
    },
    async (request) => ({ data: await getExchangeByTicket(app.db, parsePathId(request.params.ticket_id)) }),
  );
}
