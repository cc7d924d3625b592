import { Button, Card, Table, Title } from '@mantine/core';
import { CHECKIN_PAGE_LINKS, type CheckIn, type TicketDetail } from '@switchboard/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { EditCheckInModal } from '../../../components/edit-check-in-modal.tsx';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { defaultPerPage } from '../../../components/page-window.ts';
import { Pagination } from '../../../components/pagination.tsx';
import { ticketCalls, useTicketAction, useTicketCheckIns } from '../api/tickets.ts';

const shown = (iso: string | null) => (iso ? dayjs(iso).format('MM/DD/YYYY hh:mm A') : 'Open');
const hours = (row: CheckIn) =>
  row.end_time ? ((Date.parse(row.end_time) - Date.parse(row.start_time)) / 3_600_000).toFixed(2) : '';

/** Spec 3 §2 check-ins with 3 page links; with 'edit checkinout times' the times (UTC) and billable flag. */
export function CheckInsCard({ ticket, canEdit }: { ticket: TicketDetail; canEdit: boolean }) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(defaultPerPage);
  const checkIns = useTicketCheckIns(ticket.id, page, perPage, true);
  const [editing, setEditing] = useState<CheckIn | null>(null);
  const rows = checkIns.data?.data ?? [];
  return (
    <Card withBorder padding="md" role="group" aria-label="Check-ins">
      <Title order={2} size="h4" mb="xs">
        Check-ins
      </Title>
      <Table verticalSpacing={4} aria-label="Check-ins">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Start</Table.Th>
            <Table.Th>End</Table.Th>
            <Table.Th>Hours</Table.Th>
            <Table.Th>Billing</Table.Th>
            {canEdit ? <Table.Th aria-label="Action" /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {checkIns.isSuccess && rows.length === 0 ? (
            <EmptyTableRow colSpan={canEdit ? 6 : 5} message="No Check-ins" />
          ) : null}
          {rows.map((row) => (
            <Table.Tr key={row.id} data-check-in-id={row.id}>
              <Table.Td>{row.user.name}</Table.Td>
              <Table.Td>{shown(row.start_time)}</Table.Td>
              <Table.Td>{shown(row.end_time)}</Table.Td>
              <Table.Td>{hours(row)}</Table.Td>
              <Table.Td>{row.billable ? 'Non-Billable' : 'Billable'}</Table.Td>
              {canEdit ? (
                <Table.Td>
                  <Button size="compact-xs" variant="subtle" onClick={() => setEditing(row)}>
                    Edit
                  </Button>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {checkIns.data && checkIns.data.total > 0 ? (
        <Pagination
          meta={checkIns.data}
          itemLabel="check-ins"
          windowSize={CHECKIN_PAGE_LINKS}
          onPageChange={setPage}
          onPerPageChange={(next) => {
            setPerPage(next);
            setPage(1);
          }}
        />
      ) : null}
      {editing ? <TicketCheckInModal ticket={ticket} checkIn={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

function TicketCheckInModal({
  ticket,
  checkIn,
  onClose,
}: {
  ticket: TicketDetail;
  checkIn: CheckIn;
  onClose: () => void;
}) {
  const save = useTicketAction(ticket.id, ticketCalls.updateCheckIns(ticket.company_id));
  return <EditCheckInModal checkIn={checkIn} save={save} onClose={onClose} />;
}
