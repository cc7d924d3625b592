import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { QUEUE_COUNT_CAP } from '@switchboard/shared';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { Pagination } from '../../components/pagination.tsx';
import { useAuth, useCurrentUser } from '../../lib/auth-store.ts';
import { useCompanyOptions, useSiteOptions } from '../../lib/company-options.ts';
import { useChannel, useUserEvent } from '../../lib/socket.ts';
import { useStaticData } from '../../lib/static-data.ts';
import { ticketsKey, useTechnicianOptions, useTicketQueue, type TicketQueueFilters } from './api/tickets.ts';
import { BulkBar } from './components/bulk-bar.tsx';
import { QueueTable } from './components/queue-table.tsx';
import { QueueViews } from './components/queue-views.tsx';
import { changedFilters, useQueueFilters } from './components/use-queue-filters.ts';

export { prefetchQueue } from './queue-prefetch.ts';

interface TicketQueueProps {
  /** /escalation: escalated tickets only. */
  escalation?: boolean;
  /** The company page's Tickets tab: the queue of one company, without its Company filter and column. */
  companyId?: number;
}

/**
 * The ticket queue (spec 3 shows no content; decisions 0023, 0033): /tickets, /escalation and the company page's
 * Tickets tab. One line per ticket, filters on one row and in the URL, My tickets and saved views, bulk changes,
 * keyboard navigation, paging and a live refresh when any ticket changes.
 */
export function TicketQueue({ escalation = false, companyId }: TicketQueueProps) {
  const user = useCurrentUser();
  const staff = user?.type === 'Employee';
  const settings = useAuth((state) => state.user?.settings);
  const scope = companyId ? `company-${companyId}` : escalation ? 'escalation' : 'tickets';
  const { filters, page, perPage, change, apply, setPage, setPerPage } = useQueueFilters(
    `ticket-queue:${scope}:${user?.id ?? 0}`,
  );
  const [search, setSearch] = useState(filters.search);
  const [debounced] = useDebouncedValue(search, 300);
  const searchInput = useRef<HTMLInputElement>(null);
  const fixed = useMemo(
    () => ({ ...(escalation ? { escalated: '1' } : {}), ...(companyId ? { company_id: String(companyId) } : {}) }),
    [escalation, companyId],
  );
  const queue = useTicketQueue({ ...filters, ...fixed }, page, perPage);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const queryClient = useQueryClient();
  // Any ticket change refreshes the page shown: employees hear the store channel, client accounts their own
  // channel (for their company's tickets).
  const refreshQueue = () => void queryClient.invalidateQueries({ queryKey: [...ticketsKey, 'queue'] });
  useChannel(staff ? 'store' : null, { TicketUpdated: refreshQueue });
  useUserEvent('TicketUpdated', () => {
    if (!staff) refreshQueue();
  });

  // The URL leads: a view applied, Back or a reload puts its search in the box.
  useEffect(() => setSearch(filters.search), [filters.search]);
  useEffect(() => {
    if (debounced !== filters.search) change({ search: debounced }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const rows = queue.data?.data ?? [];
  const selectedIds = rows.filter((row) => selected.has(row.id)).map((row) => row.id);
  const select = (ids: number[], checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids)
        if (checked) next.add(id);
        else next.delete(id);
      return next;
    });
  const sortBy = (column: string) =>
    change({ sort: column, direction: filters.sort === column && filters.direction === 'desc' ? 'asc' : 'desc' });

  return (
    <Stack gap={8}>
      {/* One line on a desktop; on a phone the views and Create Ticket wrap below the title (decision 0064). */}
      <Group justify="space-between" gap="md" mih={30}>
        <Group gap="md">
          {companyId ? null : (
            <Title order={1} size="h3">
              {escalation ? 'Escalation' : 'Tickets'}
            </Title>
          )}
          {selectedIds.length > 0 ? (
            <BulkBar ids={selectedIds} onDone={() => setSelected(new Set())} />
          ) : user && !companyId ? (
            <QueueViews userId={user.id} staff={staff} current={changedFilters(filters)} onApply={apply} />
          ) : null}
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Text size="xs" c="dimmed" visibleFrom="md">
            Press ? for keys
          </Text>
          <Button
            size="compact-md"
            component={Link}
            to="/tickets/create"
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Create Ticket
          </Button>
        </Group>
      </Group>
      <QueueFilters
        filters={filters}
        staff={staff}
        escalation={escalation}
        fixedCompany={companyId !== undefined}
        onChange={change}
        search={search}
        onSearch={setSearch}
        searchRef={searchInput}
        onReset={() => apply({})}
      />
      <QueueTable
        label={escalation ? 'Escalated tickets' : 'Tickets'}
        rows={rows}
        query={queue}
        sort={filters.sort}
        direction={filters.direction}
        onSort={sortBy}
        hideCompany={companyId !== undefined}
        subjectLength={settings?.ticket_subject_length ?? 60}
        newWindow={settings?.ticket_new_window ?? false}
        selectable={staff}
        selected={selected}
        onSelect={select}
        onSearchKey={() => searchInput.current?.focus()}
      />
      {(queue.data?.total ?? 0) >= QUEUE_COUNT_CAP ? (
        <Text size="sm" c="dimmed">
          More than {QUEUE_COUNT_CAP.toLocaleString('en-US')} tickets match: narrow the filters to reach the rest.
        </Text>
      ) : null}
      {queue.data ? (
        <Pagination meta={queue.data} itemLabel="tickets" onPageChange={setPage} onPerPageChange={setPerPage} />
      ) : null}
    </Stack>
  );
}

interface QueueFiltersProps {
  filters: TicketQueueFilters;
  staff: boolean;
  escalation: boolean;
  fixedCompany: boolean;
  search: string;
  searchRef: RefObject<HTMLInputElement | null>;
  onSearch: (value: string) => void;
  onChange: (changes: Partial<TicketQueueFilters>) => void;
  onReset: () => void;
}

// Each filter keeps a readable width; on a narrow screen they wrap to a second row instead of widening the page.
const grow = { flex: '1 1 0', minWidth: 96 } as const;

/** The filters on one row, without labels above them (each says what it is inside and to screen readers). */
function QueueFilters({
  filters,
  staff,
  escalation,
  fixedCompany,
  search,
  searchRef,
  onSearch,
  onChange,
  onReset,
}: QueueFiltersProps) {
  const data = useStaticData().data;
  const companies = useCompanyOptions();
  const sites = useSiteOptions(filters.company_id ? Number(filters.company_id) : null);
  const technicians = useTechnicianOptions(staff);
  const options = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }));
  const select = (label: string, field: keyof TicketQueueFilters, values: { value: string; label: string }[]) => (
    <Select
      size="xs"
      style={grow}
      aria-label={label}
      placeholder={label}
      clearable
      searchable
      data={values}
      value={filters[field] || null}
      onChange={(value) => onChange({ [field]: value ?? '', ...(field === 'company_id' ? { site_id: '' } : {}) })}
    />
  );
  return (
    <Group gap={6} role="group" aria-label="Ticket filters">
      <TextInput
        ref={searchRef}
        size="xs"
        style={{ ...grow, flexGrow: 1.6, minWidth: 140 }}
        aria-label="Search"
        placeholder="Search subject or #"
        leftSection={<IconSearch size={14} aria-hidden />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        onKeyDown={(event) => event.key === 'Escape' && event.currentTarget.blur()}
      />
      <Select
        size="xs"
        style={grow}
        aria-label="Status"
        data={[{ value: 'open', label: 'All open' }, { value: 'all', label: 'All' }, ...options(data?.ticket_statuses)]}
        value={filters.status || 'open'}
        onChange={(value) => onChange({ status: value ?? 'open' })}
      />
      {staff && !fixedCompany ? select('Company', 'company_id', options(companies.data)) : null}
      {staff && !fixedCompany ? select('Site', 'site_id', options(sites.data)) : null}
      {staff ? select('Technician', 'employee_id', technicians.data ?? []) : null}
      {staff ? select('Triage', 'triage_id', options(data?.triage)) : null}
      {staff ? select('Ticket Type', 'location', options(data?.ticket_type)) : null}
      {staff && !escalation
        ? select('Escalated', 'escalated', [
            { value: '1', label: 'Escalated' },
            { value: '0', label: 'Not escalated' },
          ])
        : null}
      <Button size="compact-sm" variant="subtle" onClick={onReset} style={{ flexShrink: 0 }}>
        Reset Filters
      </Button>
    </Group>
  );
}

/** /tickets. */
export function TicketsPage() {
  return <TicketQueue />;
}

/** /escalation: the same queue, escalated tickets only. */
export function EscalationQueuePage() {
  return <TicketQueue escalation />;
}
