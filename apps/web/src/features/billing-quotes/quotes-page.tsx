import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { quoteStatuses, quoteStatusLabels, type QuoteStatus } from '@switchboard/shared/billing/quotes';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { useCompanyOptions } from '../../lib/company-options.ts';
import { useLiveQuotes, useQuoteList, type QuoteFilters } from './api/quotes.ts';
import { dollars, statusColors } from './format.ts';
import { QuoteDrawer } from './quote-drawer.tsx';

// /billing/quotes (designs/billing.md §5, issue 27 part 5): Number, Date, Company, Project, Total, Status, Valid
// until; filters in the URL; the drawer at `?id=` (or `?id=new`) edits a draft, sends, records the client's answer
// and converts an accepted quote to a draft invoice. Live on the billing channel (QuoteUpdated).

const columns = [
  { label: 'Number', width: 112 },
  { label: 'Date', width: 104 },
  { label: 'Company' },
  { label: 'Project' },
  { label: 'Total', width: 112 },
  { label: 'Status', width: 112 },
  { label: 'Valid until', width: 112 },
];

const positive = (text: string | null) => (text && /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : undefined);
const isoDate = (text: string | null) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined);

function filtersFromParams(params: URLSearchParams): QuoteFilters {
  const status = params.get('status');
  return {
    status: (quoteStatuses as readonly string[]).includes(status ?? '') ? (status as QuoteStatus) : undefined,
    company_id: positive(params.get('company_id')),
    project_id: positive(params.get('project_id')),
    from: isoDate(params.get('from')),
    to: isoDate(params.get('to')),
    page: positive(params.get('page')) ?? 1,
    per_page: Math.min(500, positive(params.get('per_page')) ?? 50),
  };
}

export function QuotesPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const rawId = params.get('id');
  const openId: number | 'new' | null = rawId === 'new' ? 'new' : (positive(rawId) ?? null);
  const list = useQuoteList(filters);
  useLiveQuotes();
  const companies = useCompanyOptions();

  const update = (changes: Record<string, string | number | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const open = (id: number | 'new' | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('id');
      else next.set('id', String(id));
      return next;
    });

  const rows = list.data?.data ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Quotes</Title>
        <Button size="compact-md" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open('new')}>
          New quote
        </Button>
      </Group>
      <Group gap="xs" wrap="wrap" role="group" aria-label="Filters">
        <Select
          size="xs"
          w={150}
          label="Status"
          placeholder="Any"
          clearable
          data={quoteStatuses.map((status) => ({ value: status, label: quoteStatusLabels[status] }))}
          value={filters.status ?? null}
          onChange={(value) => update({ status: value ?? undefined })}
        />
        <Select
          size="xs"
          w={220}
          label="Company"
          placeholder="Any"
          clearable
          searchable
          data={(companies.data ?? []).map((company) => ({ value: String(company.id), label: company.name }))}
          value={filters.company_id ? String(filters.company_id) : null}
          onChange={(value) => update({ company_id: value ?? undefined, project_id: undefined })}
        />
        <TextInput
          size="xs"
          type="date"
          label="From"
          value={filters.from ?? ''}
          onChange={(event) => update({ from: event.currentTarget.value })}
        />
        <TextInput
          size="xs"
          type="date"
          label="To"
          value={filters.to ?? ''}
          onChange={(event) => update({ to: event.currentTarget.value })}
        />
      </Group>
      <DataTable
        label="Quotes"
        columns={columns}
        minWidth={860}
        query={list}
        errorMessage="The quotes could not be loaded."
        loadingText="Loading quotes…"
        emptyMessage="No quotes"
        rowCount={rows.length}
      >
        {rows.map((row) => {
          const label = row.number ?? `Draft ${row.id}`;
          return (
            <Table.Tr key={row.id} data-quote-id={row.id} style={{ cursor: 'pointer' }} onClick={() => open(row.id)}>
              <Table.Td>
                <Anchor
                  href={`?id=${row.id}`}
                  size="sm"
                  onClick={(event) => {
                    event.preventDefault();
                    event.stopPropagation();
                    open(row.id);
                  }}
                >
                  {label}
                </Anchor>
              </Table.Td>
              <Table.Td>{row.quote_date}</Table.Td>
              <Table.Td>
                <Text size="sm" truncate>
                  {row.company}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" truncate>
                  {row.project ?? ''}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{dollars(row.total)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={statusColors[row.status]}>
                  {quoteStatusLabels[row.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{row.valid_until ?? ''}</Table.Td>
            </Table.Tr>
          );
        })}
      </DataTable>
      {list.data ? (
        <Pagination
          meta={list.data}
          itemLabel="quotes"
          onPageChange={(page) => update({ page })}
          onPerPageChange={(perPage) => update({ per_page: perPage, page: 1 })}
        />
      ) : null}
      <QuoteDrawer quoteId={openId} onClose={() => open(null)} onOpen={(id) => open(id)} />
    </Stack>
  );
}
