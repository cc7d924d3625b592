import { centsFromDollars, numericFromCents } from '@switchboard/shared/billing/money';
import {
  agedReceivablesQuerySchema,
  clientBalancesQuerySchema,
  invoiceLogQuerySchema,
  invoiceRegisterQuerySchema,
} from '@switchboard/shared/billing/reports';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { getAgedReceivables, getClientBalances } from './billing-report-aging.ts';
import { mapBatches, oneBatch, sendCsv } from './billing-report-csv.ts';
import {
  getInvoiceLog,
  getInvoiceRegister,
  invoiceLogRows,
  invoiceRegisterCsvHeader,
  invoiceRegisterCsvRows,
} from './billing-report-lists.ts';
import { billingToday, getBillingSettings } from './ledger.service.ts';

// Billing reports of part 1 (designs/billing.md §5, §7; issue 27 part 9): GET /api/billing/reports/{name} with the
// filters as query; `format=csv` answers the same report as a file (every row, streamed). 'view billing' reads them;
// client accounts get 403 like every /api/billing route (decision 0071).

const view = [requireEmployee(), requirePermission('view billing')];
/**
 * CSV amounts: two decimals, no separators; a negative one in parentheses, the accountant's form that spreadsheets
 * read as a negative number, where a leading '-' would be neutralised to text by csvCell (decision 0092).
 */
export function csvAmount(dollars: number): string {
  const cents = centsFromDollars(dollars) ?? 0;
  return cents < 0 ? `(${numericFromCents(-cents)})` : numericFromCents(cents);
}
const amount = csvAmount;

export async function billingReportRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/billing/reports/agedreceivables',
    { onRequest: view, schema: { querystring: agedReceivablesQuerySchema } },
    async (request, reply) => {
      const report = await getAgedReceivables(app.db, request.query, await billingToday(app.db));
      if (request.query.format !== 'csv') return report;
      const header = ['Company', ...report.buckets.map((b) => b.label), 'Unapplied credits', 'Total'];
      const rows = report.data.map((row) => [
        row.company_name,
        ...row.buckets.map(amount),
        amount(row.credits),
        amount(row.total),
      ]);
      rows.push([
        'Total',
        ...report.totals.buckets.map(amount),
        amount(report.totals.credits),
        amount(report.totals.total),
      ]);
      rows.push([
        `Accounts Receivable (1100) as of ${report.as_of}`,
        ...report.buckets.map(() => ''),
        '',
        amount(report.tie.ledger_balance),
      ]);
      rows.push(['Difference', ...report.buckets.map(() => ''), '', amount(report.tie.difference)]);
      return sendCsv(reply, `aged-receivables-${report.as_of}.csv`, header, oneBatch(rows));
    },
  );

  app.get(
    '/billing/reports/clientbalances',
    { onRequest: view, schema: { querystring: clientBalancesQuerySchema } },
    async (request, reply) => {
      const report = await getClientBalances(app.db, request.query, await billingToday(app.db));
      if (request.query.format !== 'csv') return report;
      const header = [
        'Company',
        'Invoiced',
        'Credited',
        'Received',
        'Open',
        'Overdue',
        'Unapplied credit',
        'Balance',
        'Last payment',
        'Last payment amount',
      ];
      const rows = report.data.map((row) => [
        row.company_name,
        amount(row.invoiced),
        amount(row.credited),
        amount(row.received),
        amount(row.open),
        amount(row.overdue),
        amount(row.unapplied_credit),
        amount(row.balance),
        row.last_payment_date,
        row.last_payment_amount === null ? null : amount(row.last_payment_amount),
      ]);
      const t = report.totals;
      rows.push([
        'Total',
        amount(t.invoiced),
        amount(t.credited),
        amount(t.received),
        amount(t.open),
        amount(t.overdue),
        amount(t.unapplied_credit),
        amount(t.balance),
        null,
        null,
      ]);
      return sendCsv(reply, `client-balances-${report.as_of}.csv`, header, oneBatch(rows));
    },
  );

  app.get(
    '/billing/reports/invoiceregister',
    { onRequest: view, schema: { querystring: invoiceRegisterQuerySchema } },
    async (request, reply) => {
      const today = await billingToday(app.db);
      if (request.query.format !== 'csv') return getInvoiceRegister(app.db, request.query, today);
      const rows = invoiceRegisterCsvRows(app.db, request.query, today);
      return sendCsv(reply, `invoice-register-${today}.csv`, invoiceRegisterCsvHeader, rows);
    },
  );

  app.get(
    '/billing/reports/invoicelog',
    { onRequest: view, schema: { querystring: invoiceLogQuerySchema } },
    async (request, reply) => {
      const settings = await getBillingSettings(app.db);
      if (request.query.format !== 'csv') return getInvoiceLog(app.db, request.query, settings.time_zone);
      const header = ['When', 'Event', 'Invoice', 'Company', 'User', 'Detail'];
      const rows = mapBatches(invoiceLogRows(app.db, request.query, settings.time_zone), (row) => [
        row.at,
        row.event,
        row.invoice_label,
        row.company_name,
        row.user_name,
        row.detail,
      ]);
      return sendCsv(reply, `invoice-log-${await billingToday(app.db)}.csv`, header, rows);
    },
  );
}
