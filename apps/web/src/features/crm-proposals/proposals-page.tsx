import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { proposalStatuses, proposalStatusLabels, type ProposalStatus } from '@switchboard/shared/crm-proposals';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { useProposalList } from './api/proposals.ts';
import { ProposalEditor } from './components/proposal-editor.tsx';
import { dayOf, proposalStatusColors, usd } from './format.ts';

// /crm/proposals (designs/crm-softphone.md §4.7): lead, title, status, monthly, one-time, sent, valid until, agent;
// filters in the URL; the editor drawer opens at `?proposal={id}`, or `?new=1&lead={id}` from the lead drawer.

const columns = [
  { label: 'Lead' },
  { label: 'Title' },
  { label: 'Status', width: 104 },
  { label: 'Monthly', width: 112 },
  { label: 'One-time', width: 112 },
  { label: 'Sent', width: 104 },
  { label: 'Valid until', width: 104 },
  { label: 'Agent', width: 140 },
];

const positive = (text: string | null) => (text && /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : undefined);

export function ProposalsPage() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = (proposalStatuses as readonly string[]).includes(statusParam ?? '')
    ? (statusParam as ProposalStatus)
    : undefined;
  const search = params.get('search') ?? '';
  const page = positive(params.get('page')) ?? 1;
  const perPage = Math.min(500, positive(params.get('per_page')) ?? 50);
  const query = useMemo(() => {
    const next: Record<string, string | number> = { page, per_page: perPage };
    if (status) next.status = status;
    if (search.trim()) next.search = search.trim();
    return next;
  }, [page, perPage, status, search]);
  const list = useProposalList(query);
  const openId = positive(params.get('proposal')) ?? null;
  const creating = params.get('new') === '1';
  const presetLead = positive(params.get('lead')) ?? null;

  const update = (changes: Record<string, string | number | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );
  const open = (id: number | null) => update({ proposal: id ?? undefined, new: undefined, lead: undefined });

  const rows = list.data?.data ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Proposals</Title>
        <Button
          size="compact-md"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => update({ new: 1, proposal: undefined })}
        >
          New proposal
        </Button>
      </Group>
      <Group gap="xs" wrap="wrap" role="group" aria-label="Filters">
        <Select
          size="xs"
          w={150}
          label="Status"
          placeholder="Any"
          clearable
          data={proposalStatuses.map((value) => ({ value, label: proposalStatusLabels[value] }))}
          value={status ?? null}
          onChange={(value) => update({ status: value ?? undefined, page: undefined })}
        />
        <TextInput
          size="xs"
          w={240}
          label="Search"
          placeholder="Title or company"
          value={search}
          onChange={(event) => update({ search: event.currentTarget.value, page: undefined })}
        />
      </Group>
      <DataTable
        label="Proposals"
        columns={columns}
        minWidth={900}
        query={list}
        errorMessage="The proposals could not be loaded."
        loadingText="Loading proposals…"
        emptyMessage="No proposals"
        rowCount={rows.length}
      >
        {rows.map((row) => (
          <Table.Tr key={row.id} data-proposal-id={row.id} style={{ cursor: 'pointer' }} onClick={() => open(row.id)}>
            <Table.Td>{row.lead.company_name}</Table.Td>
            <Table.Td>
              <Anchor
                href={`?proposal=${row.id}`}
                size="sm"
                onClick={(event) => {
                  event.preventDefault();
                  event.stopPropagation();
                  open(row.id);
                }}
              >
                {row.title}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Badge color={proposalStatusColors[row.status]} variant="light">
                {proposalStatusLabels[row.status]}
              </Badge>
            </Table.Td>
            <Table.Td ta="right">{usd(row.monthly_total)}</Table.Td>
            <Table.Td ta="right">{usd(row.one_time_total)}</Table.Td>
            <Table.Td>{dayOf(row.sent_at)}</Table.Td>
            <Table.Td>{row.valid_until ?? ''}</Table.Td>
            <Table.Td>
              <Text size="sm" truncate>
                {row.agent?.name ?? ''}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {list.data ? (
        <Pagination
          meta={list.data}
          onPageChange={(next) => update({ page: next })}
          onPerPageChange={(next) => update({ per_page: next, page: undefined })}
        />
      ) : null}
      {openId !== null || creating ? (
        <ProposalEditor
          key={openId ?? `new-${presetLead ?? ''}`}
          id={openId}
          presetLeadId={presetLead}
          onClose={() => open(null)}
          onCreated={(id) => open(id)}
        />
      ) : null}
    </Stack>
  );
}
