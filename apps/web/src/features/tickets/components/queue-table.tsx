import { Anchor, Badge, Checkbox, Group, Kbd, Table, Text, UnstyledButton } from '@mantine/core';
import { Modal } from '../../../components/deferred-overlays.tsx';
import type { TicketRow } from '@switchboard/shared';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { useRelativeNow } from '../../../components/relative-time.tsx';
import { formatRelativeTime } from '../../../components/relative-time-format.ts';
import { compactAge, shortCompanyName, shortPersonName } from './queue-text.ts';
import classes from './queue-table.module.css';

interface Column {
  label: string;
  sort?: string;
  width?: number;
}

// Decision 0064: the subject gets the room; names are shortened (technician's first name, company without its legal
// form) and ages are compact ('3d'), so a row reads at 1440 px without hovering.
const allColumns: Column[] = [
  { label: '#', sort: 'id', width: 56 },
  { label: 'Subject', sort: 'subject' },
  { label: 'Company', sort: 'company', width: 168 },
  { label: 'Site', sort: 'site', width: 124 },
  { label: 'Technician', sort: 'technician', width: 104 },
  { label: 'Status', sort: 'status', width: 96 },
  { label: 'Triage', sort: 'triage', width: 84 },
  { label: 'Age', sort: 'created_at', width: 56 },
  { label: 'Last Update', sort: 'updated_at', width: 60 },
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
  // On a phone (decision 0064) each ticket is a card: the subject wraps in full, the rest on a line below.
  const phone = useMediaQuery('(max-width: 40em)');

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

  const onRowClick = (event: MouseEvent<HTMLElement>, ticketId: number, index: number) => {
    // Links, checkboxes and buttons in the row do their own thing.
    if ((event.target as HTMLElement).closest('a, button, input, label')) return;
    setActive(index);
    open(ticketId, newWindow || event.ctrlKey || event.metaKey);
  };
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const someSelected = rows.some((row) => selected.has(row.id));

  if (phone)
    return (
      <div ref={body}>
        <PhoneList {...props} active={active} open={open} onRowClick={onRowClick} />
        <KeysModal opened={helpOpen} onClose={() => setHelpOpen(false)} />
      </div>
    );
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
      <KeysModal opened={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}

function KeysModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="sm">
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
  );
}

const updatedText = (age: string) => (age === 'now' ? 'updated just now' : `updated ${age} ago`);

/** The queue on a phone: one card per ticket, the same row click, keys and selection as the table. */
function PhoneList(
  props: QueueTableProps & {
    active: number;
    open: (ticketId: number) => void;
    onRowClick: (event: MouseEvent<HTMLElement>, ticketId: number, index: number) => void;
  },
) {
  const { rows, query, selectable, selected, onSelect, newWindow } = props;
  if (query.isError) return <Text c="red">The tickets could not be loaded.</Text>;
  if (query.isLoading) return <Text c="dimmed">Loading tickets…</Text>;
  if (rows.length === 0) return <Text c="dimmed">No Tickets Found</Text>;
  return (
    <ul aria-label={props.label} className={classes.cards}>
      {rows.map((row, index) => {
        const link = {
          component: Link,
          to: `/ticket/${row.id}`,
          ...(newWindow ? { target: '_blank', rel: 'noopener' } : {}),
        } as const;
        const subject =
          row.subject.length > props.subjectLength ? `${row.subject.slice(0, props.subjectLength)}…` : row.subject;
        return (
          <li
            key={row.id}
            data-ticket-id={row.id}
            data-active={index === props.active}
            aria-selected={selected.has(row.id)}
            className={classes.card}
            onClick={(event) => props.onRowClick(event, row.id, index)}
          >
            <Group gap={6} wrap="nowrap" justify="space-between">
              <Group gap={6} wrap="nowrap">
                {selectable ? (
                  <Checkbox
                    size="xs"
                    aria-label={`Select ticket ${row.id}`}
                    checked={selected.has(row.id)}
                    onChange={(event) => onSelect([row.id], event.currentTarget.checked)}
                  />
                ) : null}
                <Text span size="xs" c="dimmed">
                  #{row.id}
                </Text>
                <Text span size="xs">
                  {row.status.name}
                </Text>
              </Group>
              <Badge color={row.triage.color} variant="light" size="sm" className={classes.badge}>
                {row.triage.name}
              </Badge>
            </Group>
            <Anchor {...link} fz="sm" fw={500} className={classes.cardSubject}>
              {subject}
            </Anchor>
            <Text size="xs" c="dimmed" className={classes.cardMeta}>
              {[
                props.hideCompany ? null : row.company.name,
                row.site?.name,
                row.technician?.name ?? 'Unassigned',
                updatedText(compactAge(row.updated_at, Date.now())),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </li>
        );
      })}
    </ul>
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

/** A time as '3d', its date and 'n days ago' on hover and to assistive tech. */
function CompactTime({ value }: { value: string }) {
  const now = useRelativeNow();
  const date = new Date(value);
  return (
    <time
      className={classes.line}
      dateTime={value}
      title={`${date.toLocaleString()} (${formatRelativeTime(date, Math.max(now, Math.min(Date.now(), date.getTime())))})`}
    >
      {compactAge(value, now)}
    </time>
  );
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
      {hideCompany ? null : <LineCell text={row.company.name}>{shortCompanyName(row.company.name)}</LineCell>}
      <LineCell text={row.site?.name ?? ''} />
      <LineCell text={row.technician?.name ?? 'Unassigned'}>
        {(row.technician && shortPersonName(row.technician.name)) ?? (
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
        <CompactTime value={row.created_at} />
      </Table.Td>
      <Table.Td>
        <CompactTime value={row.updated_at} />
      </Table.Td>
    </Table.Tr>
  );
}
