import { Alert, Text } from '@mantine/core';
import { balanceSheetCompareLabels, balanceSheetCompares } from '@switchboard/shared/billing/reports-ledger';
import { LedgerReportFrame, StatementTable, useLedgerReportPage } from './components/ledger-report-parts.tsx';
import { DateFilter, SelectFilter } from './components/report-page.tsx';
import { money } from './format.ts';

// /billing/reports/balancesheet (designs/billing.md §5): assets, liabilities and equity by account with subtotals,
// current-year earnings computed (no closing entries), the A = L + E check and its tie to the trial balance; as of a
// date, compared to the prior month end or year end. Live on the billing channel.

const compareOptions = balanceSheetCompares
  .filter((value) => value !== 'none')
  .map((value) => ({ value, label: balanceSheetCompareLabels[value] }));

export function BalanceSheetPage() {
  const page = useLedgerReportPage('balancesheet');
  const data = page.data;
  return (
    <LedgerReportFrame
      name="balancesheet"
      filters={page.filters}
      title="Balance Sheet"
      pending={page.report.isPending}
      error={page.report.error}
      filterBar={
        <>
          <DateFilter page={page} field="as_of" label="As of" fallback={data?.as_of} />
          <SelectFilter
            page={page}
            field="compare"
            label="Compare to"
            placeholder="No comparison"
            data={compareOptions}
            w={200}
          />
        </>
      }
    >
      {data && (
        <>
          <StatementTable
            label="Balance sheet"
            columns={[data.as_of, ...(data.compare_as_of ? [data.compare_as_of] : [])]}
            sections={data.sections}
            figures={[
              {
                key: 'le',
                label: 'Total Liabilities and Equity',
                amount: data.totals.liabilities_and_equity,
                compare: data.totals.compare_liabilities_and_equity,
                after: 'equity',
              },
            ]}
          />
          <Alert color={data.check.balanced ? 'green' : 'red'} title={balanceTitle(data.check.difference)}>
            <Text size="sm">
              Assets {money(data.totals.assets)} = Liabilities and Equity {money(data.totals.liabilities_and_equity)}
              {data.check.compare_difference !== null &&
                ` (${data.compare_as_of}: difference ${money(data.check.compare_difference)})`}
              . Trial balance difference {money(data.tie.trial_balance_difference)}. Earnings since{' '}
              {data.fiscal_year_start} are current-year earnings.
            </Text>
          </Alert>
        </>
      )}
    </LedgerReportFrame>
  );
}

/** The check's title: balanced, or out by the difference. */
export function balanceTitle(difference: number): string {
  return difference === 0 ? 'Assets = Liabilities + Equity' : `Out of balance by ${money(difference)}`;
}
