import { approvalDecisionInputSchema, billingChannel, publicApprovalSchema } from '@switchboard/shared';
import type { QuoteUpdatedPayload } from '@switchboard/shared/billing/quotes';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import {
  answerApproval,
  readPublicApproval,
  readPublicApprovalPdf,
  throttleApprovalRequest,
} from './approvals.service.ts';
import { emitProjectEvent } from '../../plugins/project-channel.ts';

// The public approval page's calls (no sign-in; decision 0046). The token in the path is the only credential: it is
// matched by its hash, redacted from request logs (app.ts redactUrl), and every request counts against the caller's
// address first.

// Anything that is not a token answers as an unknown one (404), in the service.
const tokenParams = z.object({ token: z.string() });
const pdfParams = tokenParams.extend({ quoteId: z.coerce.number().int().positive().max(2_147_483_647) });

export async function approvalRoutes(app: AppInstance): Promise<void> {
  const publicRoute = { config: { public: true } } as const;

  app.get(
    '/public/approvals/:token',
    { ...publicRoute, schema: { params: tokenParams, response: { 200: z.object({ data: publicApprovalSchema }) } } },
    async (request, reply) => {
      await throttleApprovalRequest(app.db, request.ip);
      void reply.header('Cache-Control', 'no-store');
      return { data: await readPublicApproval(app.db, request.params.token) };
    },
  );

  app.get(
    '/public/approvals/:token/quotes/:quoteId',
    { ...publicRoute, schema: { params: pdfParams } },
    async (request, reply) => {
      await throttleApprovalRequest(app.db, request.ip);
      const file = await readPublicApprovalPdf(
        app.db,
        app.config.dataDir,
        request.params.token,
        request.params.quoteId,
      );
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `inline; filename="quote-${request.params.quoteId}.pdf"`)
        .type('application/pdf')
        .send(file);
    },
  );

  app.post(
    '/public/approvals/:token',
    { ...publicRoute, schema: { params: tokenParams, body: approvalDecisionInputSchema } },
    async (request) => {
      await throttleApprovalRequest(app.db, request.ip);
      const { projectId, message, quotes } = await answerApproval(app.db, request.params.token, request.body);
      if (projectId !== null) emitProjectEvent(app.realtime, projectId, 'ApprovalsUpdated', { by: null });
      // The quotes the answer accepted or declined: /billing/quotes follows the billing channel.
      for (const quote of quotes) {
        app.realtime.emitToStaff(billingChannel, 'QuoteUpdated', {
          id: quote.id,
          company_id: quote.companyId,
        } satisfies QuoteUpdatedPayload);
      }
      return { message };
    },
  );
}
