import {
  billingChannel,
  defaultApprovalMessage,
  laborApprovalInputSchema,
  quoteSavedMessage,
  quoteSentMessage,
  quotePurchaseOrdersMessage,
  type InvoiceUpdatedPayload,
  type PurchaseOrderUpdatedPayload,
  type QuotePurchaseOrdersResult,
} from '@switchboard/shared';
import {
  billingQuoteInputSchema,
  quoteAcceptedMessage,
  quoteAnswerMessage,
  quoteConvertedMessage,
  quoteConvertInputSchema,
  quoteDeclinedMessage,
  quoteDeletedMessage,
  defaultQuoteLinkMessage,
  quoteListQuerySchema,
  quoteOnlyDraftMessage,
  quoteSendInputSchema,
  quoteUnknownProjectMessage,
  type QuoteDetail,
  type QuoteUpdatedPayload,
} from '@switchboard/shared/billing/quotes';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { emitProjectEvent } from '../../plugins/project-channel.ts';
import { companies } from '../companies/companies.table.ts';
import { sendApprovalRequest, sendQuoteApprovalRequest } from '../projects/approvals.service.ts';
import { projects } from '../projects/projects.table.ts';
import {
  answerQuote,
  deleteDraftQuote,
  getQuoteDetail,
  listQuotes,
  saveQuote,
  sendQuote,
  type QuoteInput,
} from '../quotes/quotes.service.ts';
import { quotes } from '../quotes/quotes.table.ts';
import { companyTax } from './invoice-drafts.ts';
import { createPurchaseOrdersFromQuote } from './purchase-orders-from-quote.ts';
import { getPurchaseOrderDetail } from './purchase-orders.service.ts';
import { convertQuote } from './quote-convert.ts';

// /billing/quotes (designs/billing.md §5, §6; issue 27 part 5): list, editor, send, the staff's record of the
// client's answer and conversion to a draft invoice. 'view billing' for every call (decision 0071); client accounts
// get 403 (they read sent quotes through the project panel and the PDF viewer). Billing holds these routes because
// the tax (the company's rate) and the conversion are billing's; quotes keep the tables and the saving.

const idParams = z.object({ id: z.string() });
const view = [requireEmployee(), requirePermission('view billing')];
// The link's recipients and message, checked as a project's Labor Quote Approval checks them.
const quoteLinkInputSchema = z.object({
  to: laborApprovalInputSchema.shape.to,
  message: laborApprovalInputSchema.shape.message,
});

type QuoteBody = z.output<typeof billingQuoteInputSchema>;

function toInput(body: QuoteBody): QuoteInput {
  return {
    companyId: body.company_id,
    projectId: body.project_id ?? null,
    title: body.title,
    quoteDate: body.quote_date,
    validUntil: body.valid_until ?? null,
    terms: body.terms,
    lines: body.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unit_price,
      optional: line.optional,
      selected: line.selected,
      taxable: line.taxable,
      itemId: line.item_id,
    })),
  };
}

export async function billingQuoteRoutes(app: AppInstance): Promise<void> {
  const announce = (quote: { id: number; companyId: number }) =>
    app.realtime.emitToStaff(billingChannel, 'QuoteUpdated', {
      id: quote.id,
      company_id: quote.companyId,
    } satisfies QuoteUpdatedPayload);

  /** The detail with its project's title; 404 when the quote does not exist. */
  const detail = async (id: number): Promise<QuoteDetail> => {
    const data = await getQuoteDetail(app.db, id);
    if (!data) throw notFound();
    if (data.project_id !== null) {
      const [project] = await app.db
        .select({ title: projects.title })
        .from(projects)
        .where(eq(projects.id, data.project_id));
      data.project = project?.title ?? null;
    }
    return data;
  };

  /** The company must exist and the project, when named, must be that company's (422 otherwise). */
  const checkParties = async (body: QuoteBody) => {
    const [company] = await app.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, body.company_id));
    if (!company) throw unprocessable({ company_id: ['Choose a company.'] });
    if (body.project_id != null) {
      const [project] = await app.db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, body.project_id), eq(projects.companyId, body.company_id)));
      if (!project) throw unprocessable({ project_id: [quoteUnknownProjectMessage] });
    }
  };

  const save = async (body: QuoteBody, actorId: number, id?: number) => {
    await checkParties(body);
    const tax = await companyTax(app.db, body.company_id);
    return saveQuote(app.db, app.config.dataDir, { ...toInput(body), id }, actorId, tax);
  };

  const savedAnswer = (data: QuoteDetail, revision: number | null, message: string) => ({
    message,
    data: { ...data, revision },
  });

  app.get('/billing/quotes', { onRequest: view, schema: { querystring: quoteListQuerySchema } }, async (request) => {
    const page = await listQuotes(app.db, request.query);
    const projectIds = [...new Set(page.data.flatMap((row) => (row.project_id === null ? [] : [row.project_id])))];
    if (projectIds.length > 0) {
      const titles = await app.db
        .select({ id: projects.id, title: projects.title })
        .from(projects)
        .where(inArray(projects.id, projectIds));
      const byId = new Map(titles.map((row) => [row.id, row.title]));
      for (const row of page.data) row.project = row.project_id === null ? null : (byId.get(row.project_id) ?? null);
    }
    return page;
  });

  app.post('/billing/quotes', { onRequest: view, schema: { body: billingQuoteInputSchema } }, async (request) => {
    const saved = await save(request.body, request.auth.user.id);
    const data = await detail(saved.id);
    announce({ id: data.id, companyId: data.company_id });
    return savedAnswer(data, saved.revision?.revision ?? null, quoteSavedMessage);
  });

  app.get('/billing/quotes/:id', { onRequest: view, schema: { params: idParams } }, async (request) => ({
    data: await detail(parsePathId(request.params.id)),
  }));

  putRoute(
    app,
    '/billing/quotes/:id',
    { onRequest: view, schema: { params: idParams, body: billingQuoteInputSchema } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const [existing] = await app.db
        .select({ status: quotes.status, companyId: quotes.companyId })
        .from(quotes)
        .where(eq(quotes.id, id));
      if (!existing) throw notFound();
      // A sent quote may still change: saveQuote keeps the sent PDF and makes the next revision when what it shows
      // changed (designs/billing.md §5); an answered or converted quote is settled.
      if (existing.status !== 'draft' && existing.status !== 'sent') {
        throw unprocessable({ status: [quoteOnlyDraftMessage] });
      }
      const saved = await save(request.body, request.auth.user.id, id);
      const data = await detail(saved.id);
      announce({ id, companyId: existing.companyId });
      if (existing.companyId !== data.company_id) announce({ id, companyId: data.company_id });
      return savedAnswer(data, saved.revision?.revision ?? null, quoteSavedMessage);
    },
  );

  app.delete('/billing/quotes/:id', { onRequest: view, schema: { params: idParams } }, async (request) => {
    const id = parsePathId(request.params.id);
    const { companyId } = await deleteDraftQuote(app.db, id);
    announce({ id, companyId });
    return { message: quoteDeletedMessage };
  });

  app.post(
    '/billing/quotes/:id/send',
    { onRequest: view, schema: { params: idParams, body: quoteSendInputSchema } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const [existing] = await app.db
        .select({ status: quotes.status, projectId: quotes.projectId, title: quotes.title })
        .from(quotes)
        .where(eq(quotes.id, id));
      if (!existing) throw notFound();
      // Sending again re-sends a sent quote; an answered or converted one keeps its status.
      if (existing.status !== 'draft' && existing.status !== 'sent')
        throw unprocessable({ status: [quoteAnswerMessage] });
      const to = request.body?.to ?? [];
      if (to.length > 0) {
        // The accept link is decision 0046's approval link: a project's Labor Quote Approval of this quote, or for a
        // quote without a project the same link naming the quote (decision 0097).
        const [project] =
          existing.projectId === null
            ? []
            : await app.db.select({ title: projects.title }).from(projects).where(eq(projects.id, existing.projectId));
        const message =
          request.body?.message?.trim() ||
          (project ? defaultApprovalMessage('labor', project.title) : defaultQuoteLinkMessage(existing.title));
        const parsed = quoteLinkInputSchema.safeParse({ to, message });
        if (!parsed.success) {
          const errors: Record<string, string[]> = {};
          for (const issue of parsed.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
          throw unprocessable(errors);
        }
        // Recipients are checked (the company's client accounts, addresses) before anything is numbered or mailed.
        const context = { db: app.db, config: app.config, log: request.log };
        if (existing.projectId === null) {
          await sendQuoteApprovalRequest(context, id, parsed.data, request.auth.user);
        } else {
          const labor = { ...parsed.data, documents: [id], project_id: existing.projectId, ticket_id: null };
          await sendApprovalRequest(context, 'labor', labor, request.auth.user);
          emitProjectEvent(app.realtime, existing.projectId, 'ApprovalsUpdated', { by: request.auth.user.id });
        }
      }
      const revision = await sendQuote(app.db, app.config.dataDir, id, request.auth.user.id);
      const data = await detail(id);
      announce({ id, companyId: data.company_id });
      return savedAnswer(data, revision?.revision ?? null, quoteSentMessage);
    },
  );

  for (const decision of ['accept', 'decline'] as const) {
    app.post(`/billing/quotes/:id/${decision}`, { onRequest: view, schema: { params: idParams } }, async (request) => {
      const id = parsePathId(request.params.id);
      await answerQuote(app.db, id, decision, { userId: request.auth.user.id, email: null });
      const data = await detail(id);
      announce({ id, companyId: data.company_id });
      return { message: decision === 'accept' ? quoteAcceptedMessage : quoteDeclinedMessage, data };
    });
  }

  app.post(
    '/billing/quotes/:id/convert',
    { onRequest: view, schema: { params: idParams, body: quoteConvertInputSchema } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const converted = await convertQuote(app.db, id, request.body, request.auth.user.id);
      const data = await detail(id);
      announce({ id, companyId: data.company_id });
      app.realtime.emitToStaff(billingChannel, 'InvoiceUpdated', {
        id: converted.invoiceId,
        company_id: converted.companyId,
      } satisfies InvoiceUpdatedPayload);
      if (converted.projectId !== null)
        emitProjectEvent(app.realtime, converted.projectId, 'InvoicesUpdated', { invoice_id: converted.invoiceId });
      return { message: quoteConvertedMessage, data: { ...data, invoice_id: converted.invoiceId } };
    },
  );

  // "Create purchase orders" (designs/billing.md §3.5; the purchasing helper's call, decision 0109): one draft PO per
  // preferred vendor of the quote's product lines; the lines left out are answered back.
  app.post(
    '/billing/quotes/:id/purchase-orders',
    { onRequest: view, schema: { params: idParams } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const made = await createPurchaseOrdersFromQuote(app.db, app.config.dataDir, id, request.auth.user.id);
      for (const order of made.orders) {
        const data = await getPurchaseOrderDetail(app.db, order.id);
        if (data)
          app.realtime.emitToStaff(billingChannel, 'PurchaseOrderUpdated', data satisfies PurchaseOrderUpdatedPayload);
      }
      return {
        message: quotePurchaseOrdersMessage(made.orders.length),
        data: {
          purchase_orders: made.orders.map((order) => ({
            id: order.id,
            label: order.label,
            vendor_id: order.vendorId,
            vendor_name: order.vendorName,
            lines: order.lines,
          })),
          skipped_lines: made.skipped.map((line) => ({ line_no: line.lineNo, description: line.description })),
        },
      } satisfies QuotePurchaseOrdersResult;
    },
  );
}
