import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  taxBases,
  taxBasisLabels,
  type DorTaxesResponse,
  type DorTaxFigures,
  type DorTaxRow,
} from '@switchboard/shared/billing/reports-sales';
import { SelectFilter } from './components/report-page.tsx';
import { ReportTable, type Column } from './components/report-table.tsx';
import { SalesReportFrame, useSalesReportPage } from './components/sales-report-frame.tsx';
import { dollars, money } from './format.ts';

// /billing/reports/dortaxes (designs/billing.md §5; decision 0107): per tax rate, laid out for the state return (state,
// DOR code), gross, non-taxable, exempt, taxable, tax, the credit notes' adjustments and the net; a subtotal per state;
// month or quarter, accrual or cash basis, state. On accrual the net tax shows its tie to account 2100.

/** The periods offered: this year's and last year's quarters and months, newest first. */
export function taxPeriodOptions(today: string): { value: string; label: string }[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const options: { value: string; label: string }[] = [];
  for (const y of [year, year - 1]) {
    for (let q = 4; q >= 1; q -= 1)
      if (y < year || (q - 1) * 3 + 1 <= month) options.push({ value: `${y}-Q${q}`, label: `Q${q} ${y}` });
    for (let m = 12; m >= 1; m -= 1)
      if (y < year || m <= month) {
        const value = `${y}-${String(m).padStart(2, '0')}`;
        options.push({ value, label: value });
      }
  }
  return options;
}

/** The state filter: two letters go to the URL (upper case); an empty box clears it. */
export function StateFilter({ value, onChange }: { value?: string; onChange: (state: string | null) => void }) {
  const [text, setText] = useState(value ?? '');
  return (
    <TextInput
      label="State"
      placeholder="All"
      maxLength={2}
      w={80}
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value.toUpperCase();
        setText(next);
        if (next.length === 0 || /^[A-Z]{2}$/.test(next)) onChange(next || null);
      }}
    />
  );
}

const figureColumns = <T extends DorTaxFigures>(): Column<T>[] => [
  { key: 'gross', label: 'Gross sales', numeric: true, render: (row) => money(row.gross) },
  { key: 'non_taxable', label: 'Non-taxable', numeric: true, render: (row) => money(row.non_taxable) },
  { key: 'exempt', label: 'Exempt', numeric: true, render: (row) => money(row.exempt) },
  { key: 'taxable', label: 'Taxable sales', numeric: true, render: (row) => money(row.taxable) },
  { key: 'tax', label: 'Tax', numeric: true, render: (row) => money(row.tax) },
  { key: 'credit_taxable', label: 'Credits taxable', numeric: true, render: (row) => money(row.credit_taxable) },
  { key: 'credit_tax', label: 'Credits tax', numeric: true, render: (row) => money(row.credit_tax) },
  { key: 'net_taxable', label: 'Net taxable', numeric: true, render: (row) => money(row.net_taxable) },
  { key: 'net_tax', label: 'Net tax', numeric: true, render: (row) => money(row.net_tax) },
];

const columns: Column<DorTaxRow>[] = [
  { key: 'state', label: 'State', render: (row) => row.jurisdiction || '—' },
  { key: 'dor_code', label: 'DOR code', render: (row) => row.dor_code },
  {
    key: 'rate',
    label: 'Rate',
    render: (row) => (row.percent === null ? row.rate_name : `${row.rate_name} ${row.percent}%`),
  },
  ...figureColumns<DorTaxRow>(),
  {
    key: 'ledger',
    label: 'Ledger',
    numeric: true,
    render: (row) => (row.ledger_tax === null ? '' : money(row.ledger_tax)),
  },
];

/** The line under the table: the net tax against account 2100 (accrual), or why there is none (cash). */
export function dorTieLine(report: DorTaxesResponse): string {
  if (!report.tie) return 'Cash basis: tax as payments came in; the ledger (accrual) has no figure to tie to.';
  const { account_number, ledger_balance, difference } = report.tie;
  return `Sales Tax Payable (${account_number}) ${report.from} to ${report.to}: ${dollars(ledger_balance)}; difference ${dollars(difference)}`;
}

export function DorTaxesPage() {
  const page = useSalesReportPage('dortaxes');
  const today = new Date().toISOString().slice(0, 10);
  return (
    <SalesReportFrame
      page={page}
      title="DOR Taxes"
      filterBar={
        <>
          <SelectFilter
            page={page}
            field="period"
            label="Period"
            placeholder={page.data?.label ?? 'This quarter'}
            data={taxPeriodOptions(today)}
            w={150}
          />
          <SelectFilter
            page={page}
            field="basis"
            label="Basis"
            placeholder={taxBasisLabels.accrual}
            data={taxBases.map((basis) => ({ value: basis, label: taxBasisLabels[basis] }))}
            w={200}
          />
          <StateFilter value={page.filters.state} onChange={(state) => page.setFilter('state', state)} />
        </>
      }
      label="DOR taxes"
      columns={columns}
      rows={(data) => data.data}
      rowKey={(row) => row.tax_rate_id ?? 'none'}
      empty="No sales in the period."
      totals={({ totals }) => [
        'Total',
        '',
        '',
        ...figureColumns<DorTaxFigures>().map((column) => column.render(totals)),
        '',
      ]}
      before={(data) => (
        <Text size="sm" c="dimmed">
          {data.label}, {taxBasisLabels[data.basis].toLowerCase()}
          {data.state ? `, ${data.state}` : ''}
        </Text>
      )}
    >
      {(data) => (
        <>
          {data.states.length > 0 && <StateTotals states={data.states} />}
          <Text size="sm" aria-label="Tie to the ledger">
            {dorTieLine(data)}
          </Text>
        </>
      )}
    </SalesReportFrame>
  );
}

type StateRow = DorTaxesResponse['states'][number];
const stateColumns: Column<StateRow>[] = [
  { key: 'state', label: 'State', render: (row) => row.jurisdiction || 'No state' },
  ...figureColumns<StateRow>(),
];

function StateTotals({ states }: { states: StateRow[] }) {
  return (
    <ReportTable
      label="Totals by state"
      columns={stateColumns}
      rows={states}
      rowKey={(row) => row.jurisdiction || 'none'}
    />
  );
}
