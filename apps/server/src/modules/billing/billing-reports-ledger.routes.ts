import {
  balanceSheetQuerySchema,
  clientOverviewQuerySchema,
  incomeStatementQuerySchema,
  verifyTransactionsQuerySchema,
  type StatementSection,
} from '@switchboard/shared/billing/reports-ledger';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { oneBatch, sendCsv, type CsvValue } from './billing-report-csv.ts';
import { getClientOverview } from './billing-report-client-overview.ts';
import { getBalanceSheet, getIncomeStatement } from './billing-report-statements.ts';
import { csvAmount } from './billing-reports.routes.ts';
import { registerBillingVerifyJob } from './billing-verify.job.ts';
import { verifyTransactions } from './billing-verify.ts';
import { billingToday, getBillingSettings } from './ledger.service.ts';

// The ledger reports of billing part 2 (designs/billing.md §5; issue 28 part 6): Balance Sheet, Income Statement and
// Verify Transactions under GET /api/billing/reports/{name}, 'view billing' like every report (clients get 403);
// `format=csv` answers the same figures as a file through csvCell. The nightly verification job registers here.

const view = [requireEmployee(), requirePermission('view billing')];
const amount = (value: number | null): CsvValue => (value === null ? null : csvAmount(value));

function sectionRows(section: StatementSection, withCompare: boolean, extra: (index: number) => CsvValue[] = () => []) {
  const rows: CsvValue[][] = [[section.label]];
  section.rows.forEach((row, index) => {
    rows.push([
      row.number ? `${row.number} ${row.name}` : row.name,
      ...extra(index),
      amount(row.amount),
      ...(withCompare ? [amount(row.compare)] : []),
    ]);
  });
  return rows;
}

export async function ledgerReportRoutes(app: AppInstance): Promise<void> {
  registerBillingVerifyJob(app);

  app.get(
    '/billing/reports/balancesheet',
    { onRequest: view, schema: { querystring: balanceSheetQuerySchema } },
    async (request, reply) => {
      const report = await getBalanceSheet(app.db, request.query, await billingToday(app.db));
      if (request.query.format !== 'csv') return report;
      const withCompare = report.compare_as_of !== null;
      const header = ['Account', report.as_of, ...(withCompare ? [report.compare_as_of!] : [])];
      const rows: CsvValue[][] = [];
      for (const section of report.sections) {
        rows.push(...sectionRows(section, withCompare));
        rows.push([
          `Total ${section.label}`,
          amount(section.total),
          ...(withCompare ? [amount(section.compare_total)] : []),
        ]);
      }
      const t = report.totals;
      rows.push([
        'Total Liabilities and Equity',
        amount(t.liabilities_and_equity),
        ...(withCompare ? [amount(t.compare_liabilities_and_equity)] : []),
      ]);
      rows.push([
        'Assets − (Liabilities + Equity)',
        amount(report.check.difference),
        ...(withCompare ? [amount(report.check.compare_difference)] : []),
      ]);
      return sendCsv(reply, `balance-sheet-${report.as_of}.csv`, header, oneBatch(rows));
    },
  );

  app.get(
    '/billing/reports/incomestatement',
    { onRequest: view, schema: { querystring: incomeStatementQuerySchema } },
    async (request, reply) => {
      const report = await getIncomeStatement(app.db, request.query, await billingToday(app.db));
      if (request.query.format !== 'csv') return report;
      const withCompare = report.compare_from !== null;
      const header = [
        'Account',
        ...report.months.map((m) => m.slice(0, 7)),
        `${report.from} to ${report.to}`,
        ...(withCompare ? [`${report.compare_from} to ${report.compare_to}`] : []),
      ];
      const rows: CsvValue[][] = [];
      const figureRow = (label: string, f: { amount: number; compare: number | null; monthly: number[] }) => [
        label,
        ...f.monthly.map(amount),
        amount(f.amount),
        ...(withCompare ? [amount(f.compare)] : []),
      ];
      for (const [index, section] of report.sections.entries()) {
        rows.push(...sectionRows(section, withCompare, (i) => section.rows[i]!.monthly.map(amount)));
        rows.push(
          figureRow(`Total ${section.label}`, {
            amount: section.total,
            compare: section.compare_total,
            monthly: section.monthly_totals,
          }),
        );
        if (index === 1) rows.push(figureRow('Gross margin', report.gross_margin));
      }
      rows.push(figureRow('Net income', report.net_income));
      const name = report.company ? `income-statement-${report.company.id}` : 'income-statement';
      return sendCsv(reply, `${name}-${report.from}-${report.to}.csv`, header, oneBatch(rows));
    },
  );

  app.get(
    '/billing/reports/clientoverview',
    { onRequest: view, schema: { querystring: clientOverviewQuerySchema } },
    async (request, reply) => {
      const settings = await getBillingSettings(app.db);
      const today = await billingToday(app.db);
      if (request.query.format !== 'csv') return getClientOverview(app.db, request.query, today, settings.time_zone);
      // The file holds every company: one page of the whole list.
      const report = await getClientOverview(
        app.db,
        { ...request.query, page: 1, per_page: 1_000_000 },
        today,
        settings.time_zone,
      );
      const header = [
        'Company',
        'Contract',
        'MRR',
        'Revenue T12M',
        'Billable hours T12M',
        'Effective hourly rate',
        'Average days to pay',
        'Balance',
      ];
      const rows = report.data.map((row) => [
        row.company_name,
        row.contract ? `${row.contract.start_date} to ${row.contract.end_date}` : null,
        amount(row.mrr),
        amount(row.revenue_t12m),
        row.billable_hours_t12m.toFixed(2),
        amount(row.effective_rate),
        row.average_days_to_pay === null ? null : String(row.average_days_to_pay),
        amount(row.balance),
      ]);
      return sendCsv(reply, `client-overview-${report.period_to}.csv`, header, oneBatch(rows));
    },
  );

  app.get(
    '/billing/reports/verifytransactions',
    { onRequest: view, schema: { querystring: verifyTransactionsQuerySchema } },
    async (request, reply) => {
      const today = await billingToday(app.db);
      const { time_zone: timeZone } = await getBillingSettings(app.db);
      const report = await verifyTransactions(app.db, request.query.as_of ?? today, today, new Date(), timeZone);
      if (request.query.format !== 'csv') return report;
      const header = ['Check', 'Result', 'Detail', 'Finding', 'Expected', 'Actual', 'Difference'];
      const rows: CsvValue[][] = [];
      for (const c of report.checks) {
        rows.push([c.label, c.passed ? 'Pass' : 'Fail', c.detail, null, null, null, null]);
        for (const p of c.problems)
          rows.push([c.label, 'Fail', null, p.label, amount(p.expected), amount(p.actual), amount(p.difference)]);
      }
      return sendCsv(reply, `verify-transactions-${report.as_of}.csv`, header, oneBatch(rows));
    },
  );
}
