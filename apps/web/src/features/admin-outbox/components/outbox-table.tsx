import { Anchor, Table, Text } from '@mantine/core';
import type { OutboxListItem } from '@switchboard/shared';
import { Link } from 'react-router';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { OutboxStatusBadge } from './outbox-status-badge.tsx';

const columns = ['To', 'Subject', 'Status', 'Created'] as const;

export const noMessagesText = 'No messages';

interface OutboxTableProps {
  rows: readonly OutboxListItem[];
  loading: boolean;
  /** Where a row leads: /admin/outbox/{id}. */
  messagePath: (id: number) => string;
  /** Opens a message (a click anywhere on its row). */
  onOpen: (id: number) => void;
  /** Router state carried by the subject links (the list's page, for the way back). */
  linkState?: unknown;
}

/** The outbox list: who the mail was for, its subject, why it is kept here and when. */
export function OutboxTable({ rows, loading, messagePath, onOpen, linkState }: OutboxTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Outbox">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" ta="center" py="md">
                  Loading messages…
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : rows.length === 0 ? (
            <EmptyTableRow
              colSpan={columns.length}
              message={noMessagesText}
              description="Mail the app keeps instead of sending shows up here."
            />
          ) : (
            rows.map((row) => (
              <Table.Tr
                key={row.id}
                data-message-id={row.id}
                style={{ cursor: 'pointer' }}
                onClick={() => onOpen(row.id)}
              >
                <Table.Td>
                  <Text size="sm" style={{ wordBreak: 'break-word' }}>
                    {row.to}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {/* The subject is the row's keyboard- and middle-click-friendly link; the row click does the same. */}
                  <Anchor
                    component={Link}
                    to={messagePath(row.id)}
                    state={linkState}
                    size="sm"
                    onClick={(event) => event.stopPropagation()}
                  >
                    {row.subject || '(no subject)'}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <OutboxStatusBadge error={row.error} />
                </Table.Td>
                <Table.Td>
                  <RelativeTime value={row.created_at} size="sm" />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
