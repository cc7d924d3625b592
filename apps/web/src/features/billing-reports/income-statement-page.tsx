import { Text } from '@mantine/core';
import { incomeStatementCompareLabels, incomeStatementCompares } from '@switchboard/shared/billing/reports-ledger';
import { CompanyFilter } from './components/company-filter.tsx';
import { LedgerReportFrame, StatementTable, useLedgerReportPage } from './components/ledger-report-parts.tsx';
import { DateFilter, SelectFilter, SwitchFilter } from './components/report-page.tsx';
import { money } from './format.ts';

// /billing/reports/incomestatement (designs/billing.md §5): income, cost of sales, gross margin, expenses and net
// income by account for a period; monthly columns; compared to the prior period or year; one company's P&L from the
// journal lines tagged with it. Live on the billing channel.

const compareOptions = incomeStatementCompares
  .filter((value) => value !== 'none')
  .map((value) => ({ value, label: incomeStatementCompareLabels[value] }));

const monthLabel = (month: string) =>
  new Date(`${month}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

export function IncomeStatementPage() {
  const page = useLedgerReportPage('incomestatement');
  const data = page.data;
  return (
    <LedgerReportFrame
      name="incomestatement"
      filters={page.filters}
      title="Income Statement"
      pending={page.report.isPending}
      error={page.report.error}
      filterBar={
        <>
          <DateFilter page={page} field="from" label="From" fallback={data?.from} />
          <DateFilter page={page} field="to" label="To" fallback={data?.to} />
          <SelectFilter
            page={page}
            field="compare"
            label="Compare to"
            placeholder="No comparison"
            data={compareOptions}
            w={180}
          />
          <CompanyFilter
            value={page.filters.company_id}
            name={data?.company?.name}
            onChange={(id) => page.setFilter('company_id', id)}
          />
          <SwitchFilter page={page} field="monthly" label="Monthly columns" />
        </>
      }
    >
      {data && (
        <>
          <StatementTable
            label="Income statement"
            columns={[
              ...data.months.map(monthLabel),
              data.months.length > 0 ? 'Total' : `${data.from} to ${data.to}`,
              ...(data.compare_from ? [`${data.compare_from} to ${data.compare_to}`] : []),
            ]}
            sections={data.sections}
            figures={[
              { key: 'gross', label: 'Gross margin', ...data.gross_margin, after: 'cost_of_sales' },
              { key: 'net', label: 'Net income', ...data.net_income, after: 'expenses' },
            ]}
          />
          <Text size="sm" c={data.tie.difference === 0 ? 'dimmed' : 'red'}>
            {data.company ? `${data.company.name}: lines tagged with the company. ` : ''}
            Net income from the ledger {money(data.tie.ledger_net_income)}, difference {money(data.tie.difference)}.
          </Text>
        </>
      )}
    </LedgerReportFrame>
  );
}
