import {
  clientReceivedQuerySchema,
  dorInvoicesQuerySchema,
  dorTaxesQuerySchema,
  invoiceTotalsQuerySchema,
  outgoingSearchQuerySchema,
  servicesQuerySchema,
  type InvoiceTotalsResponse,
} from '@switchboard/shared/billing/reports-sales';
import { numericFromCents } from '@switchboard/shared/billing/money';
import { sql } from 'drizzle-orm';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { csvNumeric, oneBatch, sendCsv, type CsvValue } from './billing-report-csv.ts';
import {
  dorInvoicesCsvHeader,
  dorInvoicesCsvRows,
  dorInvoiceSums,
  dorTaxesCsvHeader,
  dorTaxesCsvRows,
  getDorInvoices,
  getDorTaxes,
} from './billing-report-dor.ts';
import {
  clientReceivedCsv,
  getClientReceived,
  getInvoiceTotals,
  getOutgoingSearch,
  getServices,
  outgoingCsvHeader,
  outgoingCsvRows,
  servicesCsvHeader,
  servicesCsvRows,
} from './billing-report-sales.ts';
import { cachedByBillingVersion, cachedBySalesTaxVersion } from './billing-cache.ts';
import { billingToday } from './ledger.service.ts';

// The sales reports of billing part 2 (designs/billing.md §5, §6; issue 28 part 6): GET /api/billing/reports/{name}
// with the filters as query; `format=csv` answers the same report as a file (paged ones every row, from a cursor).
// 'view billing' reads them; client accounts get 403 like every /api/billing route (decision 0071). The small answers
// (DOR Taxes, Invoice Totals, Client Received) are kept per process until the billing version moves (decision 0099).

const view = [requireEmployee(), requirePermission('view billing')];
const amount = (dollars: number) => csvNumeric(numericFromCents(Math.round(dollars * 100)));

function invoiceTotalsCsv(report: InvoiceTotalsResponse): CsvValue[][] {
  const rows: CsvValue[][] = report.data.map((row) => [
    row.label,
    row.count,
    amount(row.subtotal),
    amount(row.tax),
    amount(row.total),
    row.credit_count,
    amount(row.credits),
    amount(row.net),
  ]);
  const t = report.totals;
  rows.push([
    'Total',
    t.count,
    amount(t.subtotal),
    amount(t.tax),
    amount(t.total),
    t.credit_count,
    amount(t.credits),
    amount(t.net),
  ]);
  return rows;
}

export async function salesReportRoutes(app: AppInstance): Promise<void> {
  // Tax rates do not move the billing version: their last change is part of the DOR keys (names, states, DOR codes).
  const ratesChanged = async () =>
    (
      await app.db.execute<{ changed: string }>(
        sql`select coalesce(max(updated_at)::text, '') || '/' || count(*) as changed from tax_rates`,
      )
    ).rows[0]!.changed;

  app.get(
    '/billing/reports/dortaxes',
    { onRequest: view, schema: { querystring: dorTaxesQuerySchema } },
    async (request, reply) => {
      const today = await billingToday(app.db);
      // Kept under the sales-tax version (migration 0071), which rate changes move too: other billing writes leave it.
      const key = `dortaxes\n${today}\n${JSON.stringify(request.query)}`;
      const report = await cachedBySalesTaxVersion(app.db, key, (tx) => getDorTaxes(tx, request.query, today));
      if (request.query.format !== 'csv') return report;
      return sendCsv(reply, `dor-taxes-${report.period}.csv`, dorTaxesCsvHeader, oneBatch(dorTaxesCsvRows(report)));
    },
  );

  app.get(
    '/billing/reports/dorinvoices',
    { onRequest: view, schema: { querystring: dorInvoicesQuerySchema } },
    async (request, reply) => {
      const today = await billingToday(app.db);
      if (request.query.format !== 'csv') {
        const { page: _page, per_page: _perPage, ...filters } = request.query;
        const key = `dorinvoices-sums\n${today}\n${await ratesChanged()}\n${JSON.stringify(filters)}`;
        return getDorInvoices(app.db, request.query, today, () =>
          cachedByBillingVersion(app.db, key, (tx) => dorInvoiceSums(tx, request.query, today)),
        );
      }
      const rows = dorInvoicesCsvRows(app.db, request.query, today);
      return sendCsv(reply, `dor-invoices-${request.query.period ?? today}.csv`, dorInvoicesCsvHeader, rows);
    },
  );

  app.get(
    '/billing/reports/invoicetotals',
    { onRequest: view, schema: { querystring: invoiceTotalsQuerySchema } },
    async (request, reply) => {
      const today = await billingToday(app.db);
      const key = `invoicetotals\n${today}\n${JSON.stringify(request.query)}`;
      const report = await cachedByBillingVersion(app.db, key, (tx) => getInvoiceTotals(tx, request.query, today));
      if (request.query.format !== 'csv') return report;
      const header = ['Period', 'Invoices', 'Subtotal', 'Tax', 'Total', 'Credit notes', 'Credits', 'Net'];
      return sendCsv(
        reply,
        `invoice-totals-${report.from}-${report.to}.csv`,
        header,
        oneBatch(invoiceTotalsCsv(report)),
      );
    },
  );

  app.get(
    '/billing/reports/clientreceived',
    { onRequest: view, schema: { querystring: clientReceivedQuerySchema } },
    async (request, reply) => {
      const today = await billingToday(app.db);
      const key = `clientreceived\n${today}\n${JSON.stringify(request.query)}`;
      const report = await cachedByBillingVersion(app.db, key, (tx) => getClientReceived(tx, request.query, today));
      if (request.query.format !== 'csv') return report;
      const { header, rows } = clientReceivedCsv(report);
      return sendCsv(reply, `client-received-${report.from}-${report.to}.csv`, header, oneBatch(rows));
    },
  );

  app.get(
    '/billing/reports/outgoingsearch',
    { onRequest: view, schema: { querystring: outgoingSearchQuerySchema } },
    async (request, reply) => {
      if (request.query.format !== 'csv') return getOutgoingSearch(app.db, request.query);
      const today = await billingToday(app.db);
      return sendCsv(reply, `outgoing-${today}.csv`, outgoingCsvHeader, outgoingCsvRows(app.db, request.query));
    },
  );

  app.get(
    '/billing/reports/services',
    { onRequest: view, schema: { querystring: servicesQuerySchema } },
    async (request, reply) => {
      const today = await billingToday(app.db);
      if (request.query.format !== 'csv') return getServices(app.db, request.query, today);
      return sendCsv(reply, `services-${today}.csv`, servicesCsvHeader, servicesCsvRows(app.db, request.query, today));
    },
  );
}
