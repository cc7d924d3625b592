import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  invoiceTypeLabels,
  type BulkInvoiceResult,
  type InvoiceRow,
  type bulkActions,
} from '@switchboard/shared/billing/invoices';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { usePermissions } from '../../lib/auth-store.ts';
import { useCompanyOptions } from '../../lib/company-options.ts';
import { downloadInvoicesCsv, invoicesCsvUrl, openToPrintPdf, useMarkPrinted } from './api/invoice-sources.ts';
import { useBulkInvoices, useInvoiceList, useLiveInvoiceList } from './api/invoices.ts';
import { dollars, errorText } from './format.ts';
import {
  deliveryFilterLabels,
  deliveryFilters,
  filtersFromParams,
  invoiceStatusFilters,
  invoiceTypes,
  paramsWithFilters,
  stateColors,
  statusFilterLabels,
  type InvoiceFilterKey,
  type InvoiceFilters,
} from './invoice-filters.ts';
import { InvoiceDrawer } from './invoice-drawer.tsx';
import { NewInvoiceModal } from './new-invoice-modal.tsx';

// /billing/invoices (designs/billing.md §5, issue 27 part 4): invoices and credit notes with every filter in the URL,
// the spec's paginator, selection with bulk Approve / Post / Send (failures per invoice), the drawer at `?id=` and
// New invoice. Live on the billing channel (InvoiceUpdated, PaymentUpdated).

export { InvoiceDrawer } from './invoice-drawer.tsx';

type BulkAction = (typeof bulkActions)[number];

const columns = [
  { label: '', width: 36 },
  { label: 'Number', width: 112 },
  { label: 'Date', width: 96 },
  { label: 'Company' },
  { label: 'Type', width: 104 },
  { label: 'Total', width: 104 },
  { label: 'Balance', width: 104 },
  { label: 'Due', width: 96 },
  { label: 'Status', width: 120 },
  { label: 'Sent', width: 72 },
];

const sentLabels: Record<InvoiceRow['delivery'], string> = {
  none: '',
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
};

export function InvoicesPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const rawId = params.get('id');
  const openId = rawId && /^[1-9][0-9]{0,9}$/.test(rawId) ? Number(rawId) : null;
  const list = useInvoiceList(filters);
  useLiveInvoiceList();
  const permissions = usePermissions();
  const canApprove = permissions.includes('approve billing');
  const canView = permissions.includes('view billing');
  const phone = useMediaQuery('(max-width: 40em)');
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const bulk = useBulkInvoices();
  const [outcome, setOutcome] = useState<{ action: BulkAction; result: BulkInvoiceResult } | null>(null);
  const [bulkError, setBulkError] = useState<string | null>(null);

  const update = (changes: Partial<Record<InvoiceFilterKey | 'page' | 'per_page', string | number>>) =>
    setParams((current) => paramsWithFilters(current, changes), { replace: true });
  const openInvoice = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('id');
      else next.set('id', String(id));
      return next;
    });

  const rows = list.data?.data ?? [];
  const labels = new Map(rows.map((row) => [row.id, row.label]));
  const toggle = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const runBulk = (action: BulkAction) => {
    setOutcome(null);
    setBulkError(null);
    bulk.mutate(
      { action, ids: [...selected] },
      {
        onSuccess: (result) => {
          setOutcome({ action, result });
          setSelected(new Set(result.failed.map((failure) => failure.id)));
        },
        onError: (error) => setBulkError(errorText(error)),
      },
    );
  };
  const meta = list.data
    ? {
        ...list.data,
        from: list.data.from ?? (list.data.total === 0 ? null : (list.data.current_page - 1) * list.data.per_page + 1),
        to:
          list.data.to ??
          (list.data.total === 0 ? null : (list.data.current_page - 1) * list.data.per_page + rows.length),
      }
    : null;

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Invoices</Title>
        {canView ? (
          <Button size="compact-md" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            New invoice
          </Button>
        ) : null}
      </Group>
      <InvoiceFiltersBar filters={filters} onChange={update} />
      <ListTools filters={filters} rows={rows} selected={selected} />
      {selected.size > 0 ? (
        <Group gap="xs" wrap="wrap" role="group" aria-label="Bulk actions">
          <Text size="sm">{selected.size} selected</Text>
          {canApprove ? (
            <>
              <Button
                size="xs"
                loading={bulk.isPending && bulk.variables?.action === 'approve'}
                onClick={() => runBulk('approve')}
              >
                Approve
              </Button>
              <Button
                size="xs"
                loading={bulk.isPending && bulk.variables?.action === 'post'}
                onClick={() => runBulk('post')}
              >
                Post
              </Button>
            </>
          ) : null}
          <Button
            size="xs"
            variant="default"
            loading={bulk.isPending && bulk.variables?.action === 'send'}
            onClick={() => runBulk('send')}
          >
            Send
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </Group>
      ) : null}
      {bulkError ? (
        <Alert color="red" role="alert">
          {bulkError}
        </Alert>
      ) : null}
      {outcome ? <BulkOutcome outcome={outcome} labels={labels} onClose={() => setOutcome(null)} /> : null}
      {phone ? (
        <PhoneList rows={rows} loading={list.isLoading} selected={selected} onToggle={toggle} onOpen={openInvoice} />
      ) : (
        <DataTable
          label="Invoices"
          columns={columns}
          minWidth={960}
          query={list}
          errorMessage="The invoices could not be loaded."
          loadingText="Loading invoices…"
          emptyMessage="No invoices"
          rowCount={rows.length}
          header={
            <Table.Tr>
              <Table.Th w={36}>
                <Checkbox
                  size="xs"
                  aria-label="Select all on this page"
                  checked={rows.length > 0 && rows.every((row) => selected.has(row.id))}
                  indeterminate={rows.some((row) => selected.has(row.id)) && !rows.every((row) => selected.has(row.id))}
                  onChange={(event) =>
                    toggle(
                      rows.map((row) => row.id),
                      event.currentTarget.checked,
                    )
                  }
                />
              </Table.Th>
              {columns.slice(1).map((column) => (
                <Table.Th key={column.label} w={column.width}>
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          }
        >
          {rows.map((row) => (
            <InvoiceTableRow
              key={row.id}
              row={row}
              selected={selected.has(row.id)}
              onToggle={(on) => toggle([row.id], on)}
              onOpen={() => openInvoice(row.id)}
            />
          ))}
        </DataTable>
      )}
      {phone && list.isError ? <Alert color="red">The invoices could not be loaded.</Alert> : null}
      {meta ? (
        <Pagination
          meta={meta}
          itemLabel="invoices"
          onPageChange={(page) => update({ page })}
          onPerPageChange={(perPage) => update({ per_page: perPage, page: 1 })}
        />
      ) : null}
      <InvoiceDrawer invoiceId={openId} onClose={() => openInvoice(null)} onOpen={(id) => openInvoice(id)} />
      {canView ? (
        <NewInvoiceModal
          opened={creating}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            openInvoice(id);
          }}
        />
      ) : null}
    </Stack>
  );
}

const bulkDone: Record<BulkAction, string> = {
  approve: 'Approved',
  unapprove: 'Back to draft',
  post: 'Posted',
  send: 'Sent',
};

function BulkOutcome(props: {
  outcome: { action: BulkAction; result: BulkInvoiceResult };
  labels: Map<number, string>;
  onClose: () => void;
}) {
  const { outcome, labels, onClose } = props;
  const { done, failed } = outcome.result;
  return (
    <Alert
      color={failed.length > 0 ? 'orange' : 'green'}
      withCloseButton
      onClose={onClose}
      title={`${bulkDone[outcome.action]}: ${done.length}. Failed: ${failed.length}.`}
      aria-label="Bulk result"
    >
      {failed.length > 0 ? (
        <Stack gap={2}>
          {failed.map((failure) => (
            <Text size="sm" key={failure.id}>
              {labels.get(failure.id) ?? `Invoice ${failure.id}`}: {failure.message}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Alert>
  );
}

const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

function InvoiceTableRow(props: {
  row: InvoiceRow;
  selected: boolean;
  onToggle: (on: boolean) => void;
  onOpen: () => void;
}) {
  const { row, selected, onToggle, onOpen } = props;
  const click = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a, button, input, label')) return;
    onOpen();
  };
  return (
    <Table.Tr data-invoice-id={row.id} onClick={click} style={{ cursor: 'pointer' }}>
      <Table.Td>
        <Checkbox
          size="xs"
          aria-label={`Select ${row.label}`}
          checked={selected}
          onChange={(event) => onToggle(event.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td style={ellipsis}>
        <Anchor
          href={`?id=${row.id}`}
          size="sm"
          title={row.label}
          onClick={(event) => {
            event.preventDefault();
            onOpen();
          }}
        >
          {row.label}
        </Anchor>
      </Table.Td>
      <Table.Td>{row.invoice_date ?? ''}</Table.Td>
      <Table.Td style={ellipsis} title={row.company_name}>
        {row.company_name}
      </Table.Td>
      <Table.Td style={ellipsis} title={invoiceTypeLabels[row.type]}>
        {invoiceTypeLabels[row.type]}
      </Table.Td>
      <Table.Td ta="right">{dollars(row.total)}</Table.Td>
      <Table.Td ta="right">{dollars(row.balance)}</Table.Td>
      <Table.Td>{row.due_date ?? ''}</Table.Td>
      <Table.Td>
        <Badge size="sm" color={stateColors[row.state]}>
          {row.state}
        </Badge>
      </Table.Td>
      <Table.Td>{sentLabels[row.delivery]}</Table.Td>
    </Table.Tr>
  );
}

/** Below 40em (decision 0064) each invoice is a card: label, state and total, then company, date and due. */
function PhoneList(props: {
  rows: InvoiceRow[];
  loading: boolean;
  selected: Set<number>;
  onToggle: (ids: number[], on: boolean) => void;
  onOpen: (id: number) => void;
}) {
  const { rows, loading, selected, onToggle, onOpen } = props;
  if (loading) return <Text c="dimmed">Loading invoices…</Text>;
  if (rows.length === 0) return <Text c="dimmed">No invoices</Text>;
  return (
    <Stack gap="xs" role="list" aria-label="Invoices">
      {rows.map((row) => (
        <Paper key={row.id} withBorder p="xs" role="listitem" data-invoice-id={row.id}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Checkbox
              size="xs"
              mt={4}
              aria-label={`Select ${row.label}`}
              checked={selected.has(row.id)}
              onChange={(event) => onToggle([row.id], event.currentTarget.checked)}
            />
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Anchor component="button" type="button" size="sm" fw={600} onClick={() => onOpen(row.id)}>
                  {row.label}
                </Anchor>
                <Badge size="sm" color={stateColors[row.state]}>
                  {row.state}
                </Badge>
              </Group>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {row.company_name} · {invoiceTypeLabels[row.type]}
              </Text>
              <Text size="xs" c="dimmed">
                {row.invoice_date ?? 'Draft'} · due {row.due_date ?? '-'} · {dollars(row.total)} · balance{' '}
                {dollars(row.balance)}
                {row.delivery !== 'none' ? ` · ${sentLabels[row.delivery]}` : ''}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

const grow = { flex: '1 1 140px', minWidth: 0 } as const;

/**
 * Export CSV of the filtered rows (every page), and with the "To print" filter on, the batch: Print batch opens the
 * merged PDF of every invoice waiting to print, Mark printed takes the selected rows (or all listed) off the batch.
 */
function ListTools(props: { filters: InvoiceFilters; rows: InvoiceRow[]; selected: Set<number> }) {
  const { filters, rows, selected } = props;
  const mark = useMarkPrinted();
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const [notice, setNotice] = useState<{ color: string; text: string } | null>(null);
  const toPrint = filters.to_print === '1';
  const chosen = rows.filter((row) => selected.has(row.id)).map((row) => row.id);
  const ids = chosen.length > 0 ? chosen : rows.map((row) => row.id);
  const run = (kind: 'csv' | 'pdf', work: () => Promise<void>) => {
    setBusy(kind);
    setNotice(null);
    work()
      .catch((error: unknown) => setNotice({ color: 'red', text: errorText(error) }))
      .finally(() => setBusy(null));
  };
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Button
          size="xs"
          variant="default"
          component="a"
          href={invoicesCsvUrl(filters)}
          loading={busy === 'csv'}
          onClick={(event: MouseEvent<HTMLAnchorElement>) => {
            event.preventDefault();
            run('csv', () => downloadInvoicesCsv(filters));
          }}
        >
          Export CSV
        </Button>
        {toPrint ? (
          <>
            <Button size="xs" loading={busy === 'pdf'} onClick={() => run('pdf', openToPrintPdf)}>
              Print batch
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={ids.length === 0}
              loading={mark.isPending}
              onClick={() => {
                setNotice(null);
                mark.mutate(ids, {
                  onSuccess: (answer) => setNotice({ color: 'green', text: answer.message }),
                  onError: (error) => setNotice({ color: 'red', text: errorText(error) }),
                });
              }}
            >
              {chosen.length > 0
                ? `Mark printed (${chosen.length} selected)`
                : `Mark printed (all ${ids.length} listed)`}
            </Button>
          </>
        ) : null}
      </Group>
      {notice ? (
        <Alert color={notice.color} role={notice.color === 'red' ? 'alert' : 'status'} aria-label="To print">
          {notice.text}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The filters wrap onto more lines on narrow screens instead of widening the page (decision 0064). */
function InvoiceFiltersBar(props: {
  filters: InvoiceFilters;
  onChange: (changes: Partial<Record<InvoiceFilterKey, string>>) => void;
}) {
  const { filters, onChange } = props;
  const companies = useCompanyOptions();
  const select = (
    label: string,
    key: InvoiceFilterKey,
    data: { value: string; label: string }[],
    searchable = false,
  ) => (
    <Select
      size="xs"
      style={grow}
      label={label}
      placeholder="Any"
      clearable
      searchable={searchable}
      data={data}
      value={filters[key] || null}
      onChange={(value) => onChange({ [key]: value ?? '' })}
    />
  );
  const date = (label: string, key: InvoiceFilterKey, type: 'date' | 'month' = 'date') => (
    <TextInput
      size="xs"
      style={grow}
      type={type}
      label={label}
      value={filters[key]}
      onChange={(event) => onChange({ [key]: event.currentTarget.value })}
    />
  );
  return (
    <Group gap={6} wrap="wrap" align="flex-end" role="group" aria-label="Invoice filters">
      <NumberSearch value={filters.number} onChange={(number) => onChange({ number })} />
      {select(
        'Status',
        'status',
        invoiceStatusFilters.map((value) => ({ value, label: statusFilterLabels[value] })),
      )}
      {select(
        'Type',
        'type',
        invoiceTypes.map((value) => ({ value, label: invoiceTypeLabels[value] })),
      )}
      {select(
        'Company',
        'company_id',
        (companies.data ?? []).map((company) => ({ value: String(company.id), label: company.name })),
        true,
      )}
      {date('From', 'from')}
      {date('To', 'to')}
      {date('Due from', 'due_from')}
      {date('Due to', 'due_to')}
      {date('Run month', 'run_month', 'month')}
      {select(
        'Delivery',
        'delivery',
        deliveryFilters.map((value) => ({ value, label: deliveryFilterLabels[value] })),
      )}
      <Switch
        size="sm"
        mb={6}
        label="To print"
        checked={filters.to_print === '1'}
        onChange={(event) => onChange({ to_print: event.currentTarget.checked ? '1' : '' })}
      />
    </Group>
  );
}

/** The number search, written to the URL 300 ms after typing stops; the URL leads (Back, a reload). */
function NumberSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [debounced] = useDebouncedValue(draft, 300);
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (debounced !== value) onChange(debounced.trim());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return (
    <TextInput
      size="xs"
      style={grow}
      label="Number"
      placeholder="INV-000123 or draft id"
      value={draft}
      maxLength={40}
      onChange={(event) => setDraft(event.currentTarget.value)}
    />
  );
}
