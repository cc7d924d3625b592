import { Anchor, Badge, Checkbox, Group, Kbd, Table, Text, UnstyledButton } from '@mantine/core';
import { Modal } from '../../../components/deferred-overlays.tsx';
import type { TicketRow } from '@switchboard/shared';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import classes from './queue-table.module.css';

interface Column {
  label: string;
  sort?: string;
  width?: number;
}

const allColumns: Column[] = [
  { label: '#', sort: 'id', width: 64 },
  { label: 'Subject', sort: 'subject' },
  { label: 'Company', sort: 'company', width: 160 },
  { label: 'Site', sort: 'site', width: 110 },
  { label: 'Technician', sort: 'technician', width: 120 },
  { label: 'Status', sort: 'status', width: 124 },
  { label: 'Triage', sort: 'triage', width: 92 },
  { label: 'Age', sort: 'created_at', width: 96 },
  { label: 'Last Update', sort: 'updated_at', width: 116 },
];

export const queueKeys: [string[], string][] = [
  [['j', '↓'], 'Next ticket'],
  [['k', '↑'], 'Previous ticket'],
  [['Enter'], 'Open the ticket'],
  [['x'], 'Select or unselect the ticket'],
  [['/'], 'Search'],
  [['?'], 'This list of keys'],
];

interface QueueTableProps {
  label: string;
  rows: TicketRow[];
  query: { isLoading: boolean; isFetching: boolean; isError: boolean };
  sort: string;
  direction: 'asc' | 'desc';
  onSort: (column: string) => void;
  /** The company page's Tickets tab leaves the Company column out. */
  hideCompany: boolean;
  subjectLength: number;
  newWindow: boolean;
  /** Staff select tickets for a bulk change; client accounts have no checkboxes. */
  selectable: boolean;
  selected: Set<number>;
  onSelect: (ids: number[], selected: boolean) => void;
  onSearchKey: () => void;
}

/** Typing in a field, or a key meant for a focused link or button, is not a queue shortcut. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.matches('input, textarea, select, [role="combobox"]'))
  );
}

/**
 * The queue's rows, one line each (the full text on hover), a click anywhere on a row opens it, and the keys of
 * queueKeys move, open and select (issue 15 part 5).
 */
export function QueueTable(props: QueueTableProps) {
  const { rows, selectable, selected, onSelect, newWindow } = props;
  const navigate = useNavigate();
  const [active, setActive] = useState(-1);
  const [helpOpen, setHelpOpen] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  const columns = allColumns.filter((column) => !(props.hideCompany && column.label === 'Company'));

  const open = (ticketId: number, inNewTab = newWindow) => {
    if (inNewTab) window.open(`/ticket/${ticketId}`, '_blank', 'noopener');
    else void navigate(`/ticket/${ticketId}`);
  };

  useEffect(() => {
    setActive((current) => Math.min(current, rows.length - 1));
  }, [rows.length]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        event.ctrlKey ||
        event.metaKey ||
        event.altKey ||
        isTyping(event.target) ||
        document.querySelector('[role="dialog"]')
      )
        return;
      const move = (step: number) => {
        event.preventDefault();
        setActive((current) => Math.max(0, Math.min(rows.length - 1, current + step)));
      };
      if (event.key === 'j' || event.key === 'ArrowDown') move(1);
      else if (event.key === 'k' || event.key === 'ArrowUp') move(-1);
      else if (event.key === '/') {
        // On the queue '/' searches the queue, not the whole app (the top bar's search listens on window).
        event.preventDefault();
        event.stopPropagation();
        props.onSearchKey();
      } else if (event.key === '?') setHelpOpen(true);
      else if (event.key === 'Enter' && rows[active] && !(event.target as HTMLElement).matches?.('a, button'))
        open(rows[active].id);
      else if (event.key === 'x' && selectable && rows[active])
        onSelect([rows[active].id], !selected.has(rows[active].id));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  useEffect(() => {
    body.current?.querySelector('[data-active="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, ticketId: number, index: number) => {
    // Links, checkboxes and buttons in the row do their own thing.
    if ((event.target as HTMLElement).closest('a, button, input, label')) return;
    setActive(index);
    open(ticketId, newWindow || event.ctrlKey || event.metaKey);
  };
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const someSelected = rows.some((row) => selected.has(row.id));

  return (
    <div ref={body}>
      <DataTable
        label={props.label}
        columns={[...(selectable ? [''] : []), ...columns.map((column) => column.label)]}
        minWidth={1000}
        query={props.query}
        errorMessage="The tickets could not be loaded."
        loadingText="Loading tickets…"
        emptyMessage="No Tickets Found"
        rowCount={rows.length}
        tableProps={{ className: classes.table, striped: false, verticalSpacing: 3 }}
        header={
          <Table.Tr>
            {selectable ? (
              <Table.Th w={36}>
                <Checkbox
                  size="xs"
                  aria-label="Select all tickets on this page"
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={(event) =>
                    onSelect(
                      rows.map((row) => row.id),
                      event.currentTarget.checked,
                    )
                  }
                />
              </Table.Th>
            ) : null}
            {columns.map((column) => (
              <Table.Th key={column.label} w={column.width}>
                <UnstyledButton
                  onClick={() => column.sort && props.onSort(column.sort)}
                  aria-label={`Sort by ${column.label}`}
                  fw={600}
                  fz="sm"
                >
                  <Group gap={4} wrap="nowrap">
                    {column.label}
                    {props.sort === column.sort ? (
                      props.direction === 'asc' ? (
                        <IconArrowUp size={14} aria-hidden />
                      ) : (
                        <IconArrowDown size={14} aria-hidden />
                      )
                    ) : null}
                  </Group>
                </UnstyledButton>
              </Table.Th>
            ))}
          </Table.Tr>
        }
      >
        {rows.map((row, index) => (
          <QueueRow
            key={row.id}
            row={row}
            active={index === active}
            hideCompany={props.hideCompany}
            subjectLength={props.subjectLength}
            newWindow={newWindow}
            selectable={selectable}
            selected={selected.has(row.id)}
            onSelect={(checked) => onSelect([row.id], checked)}
            onClick={(event) => onRowClick(event, row.id, index)}
          />
        ))}
      </DataTable>
      <Modal opened={helpOpen} onClose={() => setHelpOpen(false)} title="Keyboard shortcuts" size="sm">
        <Table aria-label="Keyboard shortcuts">
          <Table.Tbody>
            {queueKeys.map(([keys, meaning]) => (
              <Table.Tr key={meaning}>
                <Table.Td>
                  {keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 ? ' or ' : null}
                      <Kbd>{key}</Kbd>
                    </span>
                  ))}
                </Table.Td>
                <Table.Td>{meaning}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </div>
  );
}

interface QueueRowProps {
  row: TicketRow;
  active: boolean;
  hideCompany: boolean;
  subjectLength: number;
  newWindow: boolean;
  selectable: boolean;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onClick: (event: MouseEvent<HTMLTableRowElement>) => void;
}

/** A cell of one line: what does not fit ends in an ellipsis, the whole text shows on hover. */
function LineCell({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <Table.Td title={text}>
      <div className={classes.line}>{children ?? text}</div>
    </Table.Td>
  );
}

function QueueRow({
  row,
  active,
  hideCompany,
  subjectLength,
  newWindow,
  selectable,
  selected,
  onSelect,
  onClick,
}: QueueRowProps) {
  // The ticket_subject_length setting (spec 1 §3.2) still cuts long subjects; the cell cuts what does not fit.
  const subject = row.subject.length > subjectLength ? `${row.subject.slice(0, subjectLength)}…` : row.subject;
  const link = {
    component: Link,
    to: `/ticket/${row.id}`,
    ...(newWindow ? { target: '_blank', rel: 'noopener' } : {}),
  } as const;
  return (
    <Table.Tr
      data-ticket-id={row.id}
      data-active={active}
      aria-selected={selected}
      className={classes.row}
      onClick={onClick}
    >
      {selectable ? (
        <Table.Td>
          <Checkbox
            size="xs"
            aria-label={`Select ticket ${row.id}`}
            checked={selected}
            onChange={(event) => onSelect(event.currentTarget.checked)}
          />
        </Table.Td>
      ) : null}
      <Table.Td>
        <Anchor {...link} fz="inherit">
          {row.id}
        </Anchor>
      </Table.Td>
      <Table.Td title={row.subject}>
        <div className={classes.subject}>
          <Anchor {...link} fz="inherit" className={classes.line}>
            {subject}
          </Anchor>
          {row.escalated ? (
            <Badge color="red" size="xs" className={classes.badge}>
              Escalated
            </Badge>
          ) : null}
        </div>
      </Table.Td>
      {hideCompany ? null : <LineCell text={row.company.name} />}
      <LineCell text={row.site?.name ?? ''} />
      <LineCell text={row.technician?.name ?? 'Unassigned'}>
        {row.technician?.name ?? (
          <Text span c="dimmed" fz="inherit">
            Unassigned
          </Text>
        )}
      </LineCell>
      <LineCell text={row.status.name} />
      <Table.Td>
        <Badge color={row.triage.color} variant="light" size="sm" className={classes.badge}>
          {row.triage.name}
        </Badge>
      </Table.Td>
      <Table.Td>
        <div className={classes.line}>
          <RelativeTime value={row.created_at} fz="inherit" />
        </div>
      </Table.Td>
      <Table.Td>
        <div className={classes.line}>
          <RelativeTime value={row.updated_at} fz="inherit" />
        </div>
      </Table.Td>
    </Table.Tr>
  );
}
