import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import {
  CRM_DOCUMENT_MAX_BYTES,
  crmDocumentListQuerySchema,
  crmDocumentMessages,
  crmDocumentUpdateSchema,
  crmDocumentUploadFieldsSchema,
  crmEmailTemplateInputSchema,
  crmTemplateMessages,
  leadEmailInputSchema,
  leadEmailMessages,
} from '@switchboard/shared/crm-documents';
import { crmLeadChannel } from '@switchboard/shared/realtime';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { sendAttachment } from '../../http/attachment.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { notFound, toFieldErrors, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { UploadedFile } from '../../plugins/uploads.ts';
import { sniffDocumentFile } from './crm-documents-files.ts';
import {
  createDocument,
  deleteDocument,
  deleteTemplate,
  findDocumentFiles,
  getDocument,
  getTemplate,
  listDocuments,
  listTemplates,
  saveTemplate,
  updateDocument,
} from './crm-documents.service.ts';
import { listLeadEmails, sendLeadEmail } from './crm-lead-email.ts';
import { findVisibleLead } from './crm-leads-read.ts';
import { readCrmSettings } from './lead-access.ts';

// The sales library, the e-mail templates and e-mail from a lead (designs/crm-softphone.md §4.2, §4.6, §4.9, §5):
// 'view crm' reads and downloads documents, reads templates and e-mails a lead it may see (404 otherwise); 'manage
// crm' uploads, edits and deletes documents and templates. A sent e-mail goes out as LeadEmailSent on crm_lead_{id}.

const idParams = z.object({ id: z.string() });
const view = [requireEmployee(), requirePermission('view crm')];
const manage = [requireEmployee(), requirePermission('manage crm')];
const documentUploads = { uploads: { files: 1, fileSize: CRM_DOCUMENT_MAX_BYTES, fieldBytes: 8 * 1024 } };

/** /api/crm/documents, /api/crm/email_templates, /api/crm/leads/{id}/email(s). */
export async function crmDocumentRoutes(app: AppInstance): Promise<void> {
  app.get('/crm/documents', { onRequest: view, schema: { querystring: crmDocumentListQuerySchema } }, async (request) =>
    listDocuments(app.db, request.query),
  );

  // Multipart on this route only: the file as `file`, with name, category and description; known by its bytes.
  app.post('/crm/documents', { onRequest: manage, config: documentUploads }, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const errors: FieldErrors = {};
    const fields = crmDocumentUploadFieldsSchema.safeParse({
      name: body.name,
      category: body.category,
      description: body.description,
    });
    if (!fields.success) Object.assign(errors, toFieldErrors(fields.error.issues));
    const file = body.file;
    if (!(file instanceof UploadedFile)) errors.file = [crmDocumentMessages.fileRequired];
    else if (file.size === 0) errors.file = [crmDocumentMessages.fileEmpty];
    if (Object.keys(errors).length > 0 || !fields.success || !(file instanceof UploadedFile))
      throw unprocessable(errors);
    const kind = await sniffDocumentFile(file.tempPath, file.filename);
    if (!kind) throw unprocessable({ file: [crmDocumentMessages.fileType] });
    const sha256 = createHash('sha256')
      .update(await fs.readFile(file.tempPath))
      .digest('hex');
    const row = await createDocument(
      app.db,
      app.config.dataDir,
      { ...fields.data, file, kind, sha256 },
      request.auth.user.id,
    );
    return { message: crmDocumentMessages.uploaded, data: row };
  });

  putRoute(
    app,
    '/crm/documents/:id',
    { onRequest: manage, schema: { params: idParams, body: crmDocumentUpdateSchema } },
    async (request) => ({
      message: crmDocumentMessages.saved,
      data: await updateDocument(app.db, parsePathId(request.params.id), request.body),
    }),
  );

  app.delete('/crm/documents/:id', { onRequest: manage, schema: { params: idParams } }, async (request) => {
    await deleteDocument(app.db, parsePathId(request.params.id));
    return { message: crmDocumentMessages.deleted };
  });

  app.get('/crm/documents/:id', { onRequest: view, schema: { params: idParams } }, async (request) => ({
    data: await getDocument(app.db, parsePathId(request.params.id)),
  }));

  app.get('/crm/documents/:id/file', { onRequest: view, schema: { params: idParams } }, async (request, reply) => {
    const [file] = await findDocumentFiles(app.db, app.config.dataDir, [parsePathId(request.params.id)]);
    // At most 25 MB (the upload limit), read whole as the other attachment routes do.
    const data = await fs.readFile(file!.path).catch(() => null);
    if (!data) throw notFound();
    return sendAttachment(reply, file!.downloadName, data);
  });

  // ---- e-mail templates ----

  app.get('/crm/email_templates', { onRequest: view }, async () => ({ data: await listTemplates(app.db) }));

  app.get('/crm/email_templates/:id', { onRequest: view, schema: { params: idParams } }, async (request) => ({
    data: await getTemplate(app.db, parsePathId(request.params.id)),
  }));

  app.post(
    '/crm/email_templates',
    { onRequest: manage, schema: { body: crmEmailTemplateInputSchema } },
    async (request) => ({
      message: crmTemplateMessages.saved,
      data: await saveTemplate(app.db, null, request.body),
    }),
  );

  putRoute(
    app,
    '/crm/email_templates/:id',
    { onRequest: manage, schema: { params: idParams, body: crmEmailTemplateInputSchema } },
    async (request) => ({
      message: crmTemplateMessages.saved,
      data: await saveTemplate(app.db, parsePathId(request.params.id), request.body),
    }),
  );

  app.delete('/crm/email_templates/:id', { onRequest: manage, schema: { params: idParams } }, async (request) => {
    await deleteTemplate(app.db, parsePathId(request.params.id));
    return { message: crmTemplateMessages.deleted };
  });

  // ---- e-mail from a lead ----

  const visibleLead = async (request: { auth: Parameters<typeof findVisibleLead>[1] }, rawId: string) => {
    const lead = await findVisibleLead(app.db, request.auth, await readCrmSettings(app.db), parsePathId(rawId));
    if (!lead) throw notFound();
    return lead;
  };

  app.get('/crm/leads/:id/emails', { onRequest: view, schema: { params: idParams } }, async (request) => {
    const lead = await visibleLead(request, request.params.id);
    return { data: await listLeadEmails(app.db, lead.id) };
  });

  app.post(
    '/crm/leads/:id/email',
    { onRequest: view, schema: { params: idParams, body: leadEmailInputSchema } },
    async (request) => {
      const lead = await visibleLead(request, request.params.id);
      const email = await sendLeadEmail(
        { db: app.db, config: app.config, log: request.log, dataDir: app.config.dataDir },
        lead,
        request.body,
        request.auth,
      );
      app.realtime.emitToChannel(crmLeadChannel(lead.id), 'LeadEmailSent', email);
      return { message: email.delivered === 'smtp' ? leadEmailMessages.sent : leadEmailMessages.queued, data: email };
    },
  );
}
