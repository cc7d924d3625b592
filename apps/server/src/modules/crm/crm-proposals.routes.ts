import {
  proposalAnswerInputSchema,
  proposalDetailSchema,
  proposalInputSchema,
  proposalListQuerySchema,
  proposalMessages,
  proposalRowSchema,
  proposalSendInputSchema,
  publicProposalSchema,
} from '@switchboard/shared/crm-proposals';
import { crmLeadChannel } from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { pageSchema } from '../../db/paginate.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { putRoute } from '../../plugins/method-override.ts';
import {
  answerProposal,
  createProposal,
  deleteProposal,
  getProposal,
  listProposals,
  proposalRowById,
  readPublicProposal,
  readPublicProposalPdf,
  sendProposal,
  throttleProposalRequest,
  updateProposal,
} from './crm-proposals.service.ts';

// CRM proposals (designs/crm-softphone.md §4.7, §5): 'view crm' and the lead's visibility for every call; the PDF is
// the documents module's /api/pdf/proposal/{id}. The public routes answer a mailed link with no sign-in: the token in
// the path is the only credential, matched by its hash, redacted from request logs, every request counted first.

const idParams = z.object({ id: z.string() });
const tokenParams = z.object({ token: z.string() });
const view = [requireEmployee(), requirePermission('view crm')];
const detailResponse = z.object({ data: proposalDetailSchema });
const savedResponse = z.object({ message: z.string(), data: proposalDetailSchema });

export async function crmProposalRoutes(app: AppInstance): Promise<void> {
  // A proposal sent or answered is an entry of its lead's timeline (decision 0146): pushed after the commit.
  const proposalUpdated = async (id: number) => {
    const row = await proposalRowById(app.db, id);
    if (row) app.realtime.emitToChannel(crmLeadChannel(row.lead.id), 'LeadProposalUpdated', row);
  };

  app.get(
    '/crm/proposals',
    {
      onRequest: view,
      schema: { querystring: proposalListQuerySchema, response: { 200: pageSchema(proposalRowSchema) } },
    },
    async (request) => listProposals(app.db, request.auth, request.query),
  );

  app.post(
    '/crm/proposals',
    { onRequest: view, schema: { body: proposalInputSchema, response: { 200: savedResponse } } },
    async (request) => {
      const id = await createProposal(app.db, request.auth, request.body);
      return { message: proposalMessages.created, data: await getProposal(app.db, request.auth, id) };
    },
  );

  app.get(
    '/crm/proposals/:id',
    { onRequest: view, schema: { params: idParams, response: { 200: detailResponse } } },
    async (request) => ({ data: await getProposal(app.db, request.auth, parsePathId(request.params.id)) }),
  );

  putRoute(
    app,
    '/crm/proposals/:id',
    { onRequest: view, schema: { params: idParams, body: proposalInputSchema, response: { 200: savedResponse } } },
    async (request) => {
      const id = parsePathId(request.params.id);
      await updateProposal(app.db, app.config.dataDir, request.auth, id, request.body);
      return { message: proposalMessages.saved, data: await getProposal(app.db, request.auth, id) };
    },
  );

  app.delete('/crm/proposals/:id', { onRequest: view, schema: { params: idParams } }, async (request) => {
    await deleteProposal(app.db, request.auth, parsePathId(request.params.id));
    return { message: proposalMessages.deleted };
  });

  app.post(
    '/crm/proposals/:id/send',
    { onRequest: view, schema: { params: idParams, body: proposalSendInputSchema, response: { 200: savedResponse } } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const context = { db: app.db, config: app.config, log: request.log };
      await sendProposal(context, request.auth, id, request.body);
      await proposalUpdated(id);
      return { message: proposalMessages.sent, data: await getProposal(app.db, request.auth, id) };
    },
  );

  // ---- the public acceptance page's calls ----
  const publicRoute = { config: { public: true } } as const;

  app.get(
    '/public/proposals/:token',
    { ...publicRoute, schema: { params: tokenParams, response: { 200: z.object({ data: publicProposalSchema }) } } },
    async (request, reply) => {
      await throttleProposalRequest(app.db, request.ip);
      void reply.header('Cache-Control', 'no-store');
      return { data: await readPublicProposal(app.db, request.params.token) };
    },
  );

  app.get(
    '/public/proposals/:token/pdf',
    { ...publicRoute, schema: { params: tokenParams } },
    async (request, reply) => {
      await throttleProposalRequest(app.db, request.ip);
      const pdf = await readPublicProposalPdf(app.db, app.config.dataDir, request.params.token);
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `inline; filename="proposal-${pdf.id}.pdf"`)
        .header('x-content-type-options', 'nosniff')
        .type('application/pdf')
        .send(pdf.file);
    },
  );

  app.post(
    '/public/proposals/:token',
    { ...publicRoute, schema: { params: tokenParams, body: proposalAnswerInputSchema } },
    async (request) => {
      await throttleProposalRequest(app.db, request.ip);
      const answered = await answerProposal(app.db, request.params.token, request.body);
      await proposalUpdated(answered.id);
      return { message: answered.message };
    },
  );
}
