import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Drawer,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { isLargeChange, runMonthLabel } from '@switchboard/shared/billing/home';
import { runCompanyStatuses, type RunCompanyRow, type RunCompanyStatus } from '@switchboard/shared/billing/runs';
import { lazy, Suspense, useState } from 'react';
import { useApproveRun, useRunCompanies, useRunCompanyAction, type RunCompanyFilters } from '../api/billing-home.ts';
import { percentChange, usd } from '../format.ts';
import { notifyDone, notifyFailed } from '../notify.ts';
import { InvoiceLines } from './invoice-lines.tsx';
import { runStatusColors, runStatusLabels } from './run-card.tsx';

// The run's review panel (designs/billing.md §4 "Review, approve, post"): every company of the month with its status,
// invoices (total, change from last month, over 10 % highlighted), warnings; Refresh and Skip per company; select and
// Approve ('approve billing'). An invoice opens in the invoices feature's drawer, loaded when first opened.

const InvoiceDrawer = lazy(() =>
  import('../../billing-invoices/invoice-drawer.tsx').then((module) => ({ default: module.InvoiceDrawer })),
);

const refreshable: RunCompanyStatus[] = ['pending', 'drafted', 'failed', 'skipped'];
const skippable: RunCompanyStatus[] = ['pending', 'drafted', 'failed'];

interface RunReviewProps {
  month: string;
  opened: boolean;
  onClose: () => void;
  canApprove: boolean;
}

export function RunReview({ month, opened, onClose, canApprove }: RunReviewProps) {
  const [filters, setFilters] = useState<RunCompanyFilters>({ page: 1, status: '', warnings: '', search: '' });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [openInvoice, setOpenInvoice] = useState<number | null>(null);
  const companies = useRunCompanies(month, filters, opened);
  const approve = useApproveRun();
  const rows = companies.data?.data ?? [];
  const selectable = rows.filter((row) => row.status === 'drafted');
  const allSelected = selectable.length > 0 && selectable.every((row) => selected.has(row.company_id));

  const setFilter = (patch: Partial<RunCompanyFilters>) => {
    setFilters((current) => ({ ...current, page: 1, ...patch }));
    setSelected(new Set());
  };
  const toggle = (companyId: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(companyId);
      else next.delete(companyId);
      return next;
    });

  // The invoice drawer sits beside the review, not inside it: inside, its Escape would bubble (React's tree) to the
  // review and close both.
  return (
    <>
      <Drawer
        opened={opened}
        onClose={onClose}
        position="right"
        size="80rem"
        title={`Review the run of ${runMonthLabel(month)}`}
      >
        <Stack gap="sm">
          <Group gap="sm" align="flex-end">
            <Select
              label="Status"
              data={[
                { value: '', label: 'All' },
                ...runCompanyStatuses.map((status) => ({ value: status, label: runStatusLabels[status] })),
              ]}
              value={filters.status}
              onChange={(value) => setFilter({ status: (value ?? '') as RunCompanyFilters['status'] })}
              allowDeselect={false}
              w={150}
            />
            <Select
              label="Warnings"
              data={[
                { value: '', label: 'All' },
                { value: '1', label: 'With warnings' },
                { value: '0', label: 'Without warnings' },
              ]}
              value={filters.warnings}
              onChange={(value) => setFilter({ warnings: (value ?? '') as RunCompanyFilters['warnings'] })}
              allowDeselect={false}
              w={170}
            />
            <TextInput
              label="Company"
              placeholder="Search"
              value={filters.search}
              onChange={(event) => setFilter({ search: event.currentTarget.value })}
              w={220}
            />
            {canApprove && (
              <Button
                ml="auto"
                color="violet"
                disabled={selected.size === 0}
                loading={approve.isPending}
                onClick={() =>
                  approve.mutate(
                    { month, companyIds: [...selected] },
                    {
                      onSuccess: (answer) => {
                        setSelected(new Set());
                        notifyDone(answer, 'Approved.');
                      },
                      onError: notifyFailed,
                    },
                  )
                }
              >
                Approve selected ({selected.size})
              </Button>
            )}
          </Group>

          {companies.isError && <Alert color="red">The run's companies could not be loaded.</Alert>}
          <Table striped highlightOnHover aria-label="Companies of the run" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {canApprove && (
                  <Table.Th w={36}>
                    <Checkbox
                      aria-label="Select all drafted"
                      checked={allSelected}
                      disabled={selectable.length === 0}
                      onChange={(event) => {
                        const on = event.currentTarget.checked;
                        setSelected(on ? new Set(selectable.map((row) => row.company_id)) : new Set());
                      }}
                    />
                  </Table.Th>
                )}
                <Table.Th>Company</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Invoices</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Warnings</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <CompanyRow
                  key={row.company_id}
                  month={month}
                  row={row}
                  canApprove={canApprove}
                  selected={selected.has(row.company_id)}
                  onSelect={(on) => toggle(row.company_id, on)}
                  onOpenInvoice={setOpenInvoice}
                />
              ))}
              {rows.length === 0 && !companies.isPending && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text size="sm" c="dimmed">
                      No companies.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          {(companies.data?.last_page ?? 1) > 1 && (
            <Pagination
              total={companies.data!.last_page}
              value={filters.page}
              onChange={(page) => setFilters((current) => ({ ...current, page }))}
            />
          )}
        </Stack>
      </Drawer>
      {openInvoice !== null && (
        <Suspense fallback={null}>
          <InvoiceDrawer invoiceId={openInvoice} onClose={() => setOpenInvoice(null)} onOpen={setOpenInvoice} />
        </Suspense>
      )}
    </>
  );
}

interface CompanyRowProps {
  month: string;
  row: RunCompanyRow;
  canApprove: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onOpenInvoice: (invoiceId: number) => void;
}

function CompanyRow({ month, row, canApprove, selected, onSelect, onOpenInvoice }: CompanyRowProps) {
  const action = useRunCompanyAction();
  const [shown, setShown] = useState<Set<number>>(new Set());
  const toggleLines = (invoiceId: number) =>
    setShown((current) => {
      const next = new Set(current);
      if (!next.delete(invoiceId)) next.add(invoiceId);
      return next;
    });
  const act = (kind: 'refresh' | 'skip') =>
    action.mutate(
      { month, companyId: row.company_id, action: kind },
      {
        onSuccess: (answer) => notifyDone(answer, kind === 'refresh' ? 'Refreshed.' : 'Skipped.'),
        onError: notifyFailed,
      },
    );
  return (
    <Table.Tr aria-label={row.company_name}>
      {canApprove && (
        <Table.Td>
          <Checkbox
            aria-label={`Select ${row.company_name}`}
            checked={selected}
            disabled={row.status !== 'drafted'}
            onChange={(event) => onSelect(event.currentTarget.checked)}
          />
        </Table.Td>
      )}
      <Table.Td>{row.company_name}</Table.Td>
      <Table.Td>
        <Badge color={runStatusColors[row.status]} variant="light">
          {runStatusLabels[row.status]}
        </Badge>
        {row.error && (
          <Text size="xs" c="red">
            {row.error}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {row.invoices.map((invoice) => (
            <Stack key={invoice.id} gap={4}>
              <Group gap="xs" wrap="nowrap">
                <Anchor component="button" type="button" size="sm" onClick={() => onOpenInvoice(invoice.id)}>
                  {invoice.label}
                </Anchor>
                <Text size="sm">{usd(invoice.total)}</Text>
                {invoice.change_percent !== null && (
                  <Tooltip label={`Last month ${usd(invoice.previous_total ?? 0)}`}>
                    <Badge
                      size="sm"
                      variant={isLargeChange(invoice.change_percent) ? 'filled' : 'light'}
                      color={isLargeChange(invoice.change_percent) ? 'orange' : 'gray'}
                      aria-label={`Change ${percentChange(invoice.change_percent)}`}
                    >
                      {percentChange(invoice.change_percent)}
                    </Badge>
                  </Tooltip>
                )}
                <Button size="compact-xs" variant="subtle" onClick={() => toggleLines(invoice.id)}>
                  {shown.has(invoice.id) ? 'Hide lines' : 'Lines'}
                </Button>
              </Group>
              {shown.has(invoice.id) && <InvoiceLines invoiceId={invoice.id} />}
            </Stack>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td ta="right">{usd(row.total)}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          {row.warnings.map((warning) => (
            <Tooltip key={warning.code} label={warning.message}>
              <Badge size="sm" color="yellow" variant="light">
                {warning.message}
              </Badge>
            </Tooltip>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {refreshable.includes(row.status) && (
            <Button size="compact-xs" variant="default" loading={action.isPending} onClick={() => act('refresh')}>
              Refresh
            </Button>
          )}
          {skippable.includes(row.status) && (
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => act('skip')}>
              Skip
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
