import { Anchor, Badge, Button, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { QUEUE_COUNT_CAP, type EmployeeListItem, type TicketRow } from '@switchboard/shared';
import { IconArrowDown, IconArrowUp, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { defaultPerPage } from '../../components/page-window.ts';
import { Pagination } from '../../components/pagination.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { api } from '../../lib/api-client.ts';
import { useAuth, useCurrentUser } from '../../lib/auth-store.ts';
import { useCompanyOptions, useSiteOptions } from '../../lib/company-options.ts';
import { useChannel, useUserEvent } from '../../lib/socket.ts';
import { useStaticData } from '../../lib/static-data.ts';
import { ticketsKey, useTicketQueue, type TicketQueueFilters } from './api/tickets.ts';

const blankFilters: TicketQueueFilters = { status: 'open', company_id: '', site_id: '', employee_id: '', triage_id: '', location: '', escalated: '', search: '', sort: 'updated_at', direction: 'desc' };

/** Filters are kept per user (and per queue) in this browser. */
function useStoredFilters(key: string): [TicketQueueFilters, (next: TicketQueueFilters) => void] {
  const [filters, setFilters] = useState<TicketQueueFilters>(() => {
    try {
      return { ...blankFilters, ...(JSON.parse(localStorage.getItem(key) ?? '{}') as Partial<TicketQueueFilters>) };
    } catch {
      return blankFilters;
    }
  });
  return [
    filters,
    (next) => {
      setFilters(next);
      localStorage.setItem(key, JSON.stringify(next));
    },
  ];
}

const columns: { label: string; sort?: string }[] = [
  { label: '#', sort: 'id' },
  { label: 'Subject', sort: 'subject' },
  { label: 'Company', sort: 'company' },
  { label: 'Site', sort: 'site' },
  { label: 'Technician', sort: 'technician' },
  { label: 'Status', sort: 'status' },
  { label: 'Triage', sort: 'triage' },
  { label: 'Age', sort: 'created_at' },
  { label: 'Last Update', sort: 'updated_at' },
];

/**
 * The ticket queue (spec 3 shows no content; decision 0023): /tickets, and /escalation for escalated tickets. Filters,
 * sortable columns, paging, live refresh when any ticket changes, and the ticket_new_window setting.
 */
export function TicketsQueuePage({ escalation = false }: { escalation?: boolean }) {
  const user = useCurrentUser();
  const staff = user?.type === 'Employee';
  const settings = useAuth((state) => state.user?.settings);
  const [filters, setFilters] = useStoredFilters(`ticket-queue:${escalation ? 'escalation' : 'tickets'}:${user?.id ?? 0}`);
  const [search, setSearch] = useState(filters.search);
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(defaultPerPage);
  const effective = useMemo(() => ({ ...filters, search: debounced, ...(escalation ? { escalated: '1' } : {}) }), [filters, debounced, escalation]);
  const queue = useTicketQueue(effective, page, perPage);
  const queryClient = useQueryClient();
  // Any ticket change refreshes the page shown: employees hear the store channel, client accounts their own
  // channel (for their company's tickets).
  const refreshQueue = () => void queryClient.invalidateQueries({ queryKey: [...ticketsKey, 'queue'] });
  useChannel(staff ? 'store' : null, { TicketUpdated: refreshQueue });
  useUserEvent('TicketUpdated', () => {
    if (!staff) refreshQueue();
  });

  useEffect(() => {
    if (debounced !== filters.search) {
      setFilters({ ...filters, search: debounced });
      setPage(1);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const set = (changes: Partial<TicketQueueFilters>) => {
    setFilters({ ...filters, ...changes });
    setPage(1);
  };
  const sortBy = (column: string) => set({ sort: column, direction: filters.sort === column && filters.direction === 'desc' ? 'asc' : 'desc' });
  const subjectLength = settings?.ticket_subject_length ?? 60;
  const newWindow = settings?.ticket_new_window ?? false;
  const rows = queue.data?.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {escalation ? 'Escalation' : 'Tickets'}
        </Title>
        <Button component={Link} to="/tickets/create" leftSection={<IconPlus size={16} aria-hidden />}>
          Create Ticket
        </Button>
      </Group>
      <QueueFilters filters={filters} staff={staff} escalation={escalation} onChange={set} search={search} onSearch={setSearch} onReset={() => { setFilters(blankFilters); setSearch(''); setPage(1); }} />
      <DataTable
        label={escalation ? 'Escalated tickets' : 'Tickets'}
        columns={columns.map((column) => column.label)}
        minWidth={1000}
        query={queue}
        errorMessage="The tickets could not be loaded."
        loadingText="Loading tickets…"
        emptyMessage="No Tickets Found"
        rowCount={rows.length}
        header={
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label}>
                <UnstyledButton onClick={() => column.sort && sortBy(column.sort)} aria-label={`Sort by ${column.label}`} fw={600} fz="sm">
                  <Group gap={4} wrap="nowrap">
                    {column.label}
                    {filters.sort === column.sort ? filters.direction === 'asc' ? <IconArrowUp size={14} aria-hidden /> : <IconArrowDown size={14} aria-hidden /> : null}
                  </Group>
                </UnstyledButton>
              </Table.Th>
            ))}
          </Table.Tr>
        }
      >
        {rows.map((row) => (
          <QueueRow key={row.id} row={row} subjectLength={subjectLength} newWindow={newWindow} />
        ))}
      </DataTable>
      {(queue.data?.total ?? 0) >= QUEUE_COUNT_CAP ? (
        <Text size="sm" c="dimmed">
          More than {QUEUE_COUNT_CAP.toLocaleString('en-US')} tickets match: narrow the filters to reach the rest.
        </Text>
      ) : null}
      {queue.data ? (
        <Pagination
          meta={queue.data}
          itemLabel="tickets"
          onPageChange={setPage}
          onPerPageChange={(next) => {
            setPerPage(next);
            setPage(1);
          }}
        />
      ) : null}
    </Stack>
  );
}

function QueueRow({ row, subjectLength, newWindow }: { row: TicketRow; subjectLength: number; newWindow: boolean }) {
  const subject = row.subject.length > subjectLength ? `${row.subject.slice(0, subjectLength)}…` : row.subject;
  const link = { component: Link, to: `/ticket/${row.id}`, ...(newWindow ? { target: '_blank', rel: 'noopener' } : {}) } as const;
  return (
    <Table.Tr data-ticket-id={row.id}>
      <Table.Td>
        <Anchor {...link}>{row.id}</Anchor>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Anchor {...link} title={row.subject}>
            {subject}
          </Anchor>
          {row.escalated ? <Badge color="red" size="xs">Escalated</Badge> : null}
        </Group>
      </Table.Td>
      <Table.Td>{row.company.name}</Table.Td>
      <Table.Td>{row.site?.name ?? ''}</Table.Td>
      <Table.Td>{row.technician?.name ?? <Text c="dimmed" size="sm">Unassigned</Text>}</Table.Td>
      <Table.Td>{row.status.name}</Table.Td>
      <Table.Td>
        <Badge color={row.triage.color} variant="light">
          {row.triage.name}
        </Badge>
      </Table.Td>
      <Table.Td>
        <RelativeTime value={row.created_at} size="sm" />
      </Table.Td>
      <Table.Td>
        <RelativeTime value={row.updated_at} size="sm" />
      </Table.Td>
    </Table.Tr>
  );
}

interface QueueFiltersProps {
  filters: TicketQueueFilters;
  staff: boolean;
  escalation: boolean;
  search: string;
  onSearch: (value: string) => void;
  onChange: (changes: Partial<TicketQueueFilters>) => void;
  onReset: () => void;
}

function QueueFilters({ filters, staff, escalation, search, onSearch, onChange, onReset }: QueueFiltersProps) {
  const data = useStaticData().data;
  const companies = useCompanyOptions();
  const sites = useSiteOptions(filters.company_id ? Number(filters.company_id) : null);
  const technicians = useQuery({
    queryKey: ['employees', 'options'] as const,
    queryFn: async ({ signal }) => (await api.get<{ data: EmployeeListItem[] }>('/api/users/employee.list', { signal })).data,
    enabled: staff,
    staleTime: 60_000,
  });
  const options = (list: { id: number; name: string }[] | undefined) => (list ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }));
  const select = (label: string, field: keyof TicketQueueFilters, values: { value: string; label: string }[]) => (
    <Select label={label} clearable searchable data={values} value={filters[field] || null} onChange={(value) => onChange({ [field]: value ?? '', ...(field === 'company_id' ? { site_id: '' } : {}) })} />
  );
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 8 }} role="group" aria-label="Ticket filters">
      <TextInput label="Search" placeholder="Subject or #" leftSection={<IconSearch size={14} aria-hidden />} value={search} onChange={(event) => onSearch(event.currentTarget.value)} />
      <Select
        label="Status"
        data={[{ value: 'open', label: 'All open' }, { value: 'all', label: 'All' }, ...options(data?.ticket_statuses)]}
        value={filters.status || 'open'}
        onChange={(value) => onChange({ status: value ?? 'open' })}
      />
      {staff ? select('Company', 'company_id', options(companies.data)) : null}
      {staff ? select('Site', 'site_id', options(sites.data)) : null}
      {staff ? select('Technician', 'employee_id', (technicians.data ?? []).map((tech) => ({ value: String(tech.user_id), label: tech.user.name }))) : null}
      {staff ? select('Triage', 'triage_id', options(data?.triage)) : null}
      {staff ? select('Ticket Type', 'location', options(data?.ticket_type)) : null}
      {staff && !escalation ? select('Escalated', 'escalated', [{ value: '1', label: 'Escalated' }, { value: '0', label: 'Not escalated' }]) : null}
      <Button variant="subtle" mt={24} onClick={onReset}>
        Reset Filters
      </Button>
    </SimpleGrid>
  );
}

/** /tickets. */
export function TicketsPage() {
  return <TicketsQueuePage />;
}

/** /escalation: the same queue, escalated tickets only. */
export function EscalationQueuePage() {
  return <TicketsQueuePage escalation />;
}
