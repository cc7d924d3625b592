import { quoteInputSchema, quoteSavedMessage, quoteSavedSchema, quoteSentMessage } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { companies } from '../companies/companies.table.ts';
import { saveQuote, sendQuote, type QuoteInput } from './quotes.service.ts';
import { quotes } from './quotes.table.ts';

// The first quote calls of designs/billing.md §6 (staff with 'view billing'): save a draft or a sent quote and send
// one (numbering it and making revision 00 of its PDF). The list, editor and mailing come with the billing issue.

const idParams = z.object({ id: z.string() });
const guard = [requireEmployee(), requirePermission('view billing')];

function toInput(body: z.output<typeof quoteInputSchema>): QuoteInput {
  return {
    companyId: body.company_id,
    title: body.title,
    quoteDate: body.quote_date,
    validUntil: body.valid_until ?? null,
    terms: body.terms,
    lines: body.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unit_price,
      optional: line.optional,
    })),
  };
}

export async function quoteRoutes(app: AppInstance): Promise<void> {
  const answer = async (id: number, revision: number | null, message: string) => {
    const [row] = await app.db
      .select({ id: quotes.id, number: quotes.number, status: quotes.status })
      .from(quotes)
      .where(eq(quotes.id, id));
    return { message, data: { ...row!, revision } };
  };
  const assertCompany = async (companyId: number) => {
    const [company] = await app.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
    if (!company) throw unprocessable({ company_id: ['Choose a company.'] });
  };

  app.post(
    '/billing/quotes',
    { onRequest: guard, schema: { body: quoteInputSchema, response: { 200: quoteSavedSchema } } },
    async (request) => {
      await assertCompany(request.body.company_id);
      const saved = await saveQuote(app.db, app.config.dataDir, toInput(request.body), request.auth.user.id);
      return answer(saved.id, saved.revision?.revision ?? null, quoteSavedMessage);
    },
  );

  putRoute(
    app,
    '/billing/quotes/:id',
    { onRequest: guard, schema: { params: idParams, body: quoteInputSchema, response: { 200: quoteSavedSchema } } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const [existing] = await app.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.id, id));
      if (!existing) throw notFound();
      await assertCompany(request.body.company_id);
      const saved = await saveQuote(app.db, app.config.dataDir, { ...toInput(request.body), id }, request.auth.user.id);
      return answer(saved.id, saved.revision?.revision ?? null, quoteSavedMessage);
    },
  );

  app.post(
    '/billing/quotes/:id/send',
    { onRequest: guard, schema: { params: idParams, response: { 200: quoteSavedSchema } } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const revision = await sendQuote(app.db, app.config.dataDir, id, request.auth.user.id);
      if (!revision) throw notFound();
      return answer(id, revision.revision, quoteSentMessage);
    },
  );
}
