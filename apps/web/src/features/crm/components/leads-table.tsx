import { Checkbox, Table, Text, UnstyledButton } from '@mantine/core';
import { LEAD_LIST_COLUMNS, leadStatusLabels, type LeadListColumn, type LeadStatusCode } from '@switchboard/shared/crm';
import type { Lead } from '@switchboard/shared/crm-leads';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { isOverdue, sortColumnOf, type LeadFilters } from '../lead-filters.ts';
import { PhoneLink } from './phone-link.tsx';

export const noLeadsMessage = 'No leads match these filters.';

/** Spec 1 §3.4's 14 columns, each sortable, with row selection when bulk actions are offered. */
export function LeadsTable({
  rows,
  filters,
  today,
  selected,
  onSelect,
  onSort,
  onOpen,
}: {
  rows: readonly Lead[];
  filters: LeadFilters;
  today: string;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], on: boolean) => void;
  onSort: (column: LeadListColumn) => void;
  onOpen: (id: number) => void;
}) {
  const chosen = rows.filter((row) => selected.has(row.id)).length;
  return (
    <Table.ScrollContainer minWidth={1400}>
      <Table aria-label="Leads" striped highlightOnHover verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox
                aria-label="Select all leads on this page"
                checked={rows.length > 0 && chosen === rows.length}
                indeterminate={chosen > 0 && chosen < rows.length}
                onChange={(event) =>
                  onSelect(
                    rows.map((row) => row.id),
                    event.currentTarget.checked,
                  )
                }
              />
            </Table.Th>
            {LEAD_LIST_COLUMNS.map((column) => {
              const sorted = sortColumnOf(filters) === column.key;
              const Icon = sorted ? (filters.dir === 'asc' ? IconArrowUp : IconArrowDown) : IconSelector;
              return (
                <Table.Th
                  key={column.key}
                  aria-sort={sorted ? (filters.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  <UnstyledButton onClick={() => onSort(column.key)} fw={600} fz="sm">
                    {column.label} <Icon size={12} aria-hidden />
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? <EmptyTableRow colSpan={LEAD_LIST_COLUMNS.length + 1} message={noLeadsMessage} /> : null}
          {rows.map((row) => (
            <LeadRow
              key={row.id}
              row={row}
              today={today}
              checked={selected.has(row.id)}
              onCheck={(on) => onSelect([row.id], on)}
              onOpen={() => onOpen(row.id)}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function LeadRow({
  row,
  today,
  checked,
  onCheck,
  onOpen,
}: {
  row: Lead;
  today: string;
  checked: boolean;
  onCheck: (on: boolean) => void;
  onOpen: () => void;
}) {
  const overdue = isOverdue(row.next_touch, today);
  const cells: Record<LeadListColumn, ReactNode> = {
    company: (
      <UnstyledButton
        c="blue"
        fz="sm"
        onClick={(event) => {
          event.stopPropagation();
          onOpen();
        }}
      >
        {row.company_name}
      </UnstyledButton>
    ),
    contact: row.contact_name,
    phone: <PhoneLink number={row.phone} leadId={row.id} companyName={row.company_name} />,
    email: row.email,
    state: row.state,
    city: row.city,
    region: row.region_name,
    vertical: row.vertical_name,
    campaign: row.campaign_name,
    next_touch: row.next_touch ? (
      <Text span fz="sm" c={overdue ? 'red' : undefined} fw={overdue ? 600 : undefined} data-overdue={overdue}>
        {row.next_touch.slice(0, 10)}
      </Text>
    ) : null,
    status: leadStatusLabels[row.status as LeadStatusCode] ?? String(row.status),
    calls: row.calls_count,
    last_call: row.last_call_at ? <RelativeTime value={row.last_call_at} size="sm" /> : null,
    manager: row.manager_name,
  };
  return (
    <Table.Tr data-lead-id={row.id} style={{ cursor: 'pointer' }} onClick={onOpen}>
      <Table.Td onClick={(event) => event.stopPropagation()}>
        <Checkbox
          aria-label={`Select ${row.company_name}`}
          checked={checked}
          onChange={(event) => onCheck(event.currentTarget.checked)}
        />
      </Table.Td>
      {LEAD_LIST_COLUMNS.map((column) => (
        <Table.Td key={column.key} data-column={column.key}>
          {cells[column.key]}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}
