import { Button, Card, Table, Title } from '@mantine/core';
import type { CheckIn } from '@switchboard/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { EditCheckInModal } from '../../../components/edit-check-in-modal.tsx';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { usePermissions } from '../../../lib/auth-store.ts';
import { projectCalls, useProjectAction } from '../api/projects.ts';

const shown = (iso: string | null) => (iso ? dayjs(iso).format('MM/DD/YYYY hh:mm A') : 'Open');
const hours = (row: CheckIn) =>
  row.end_time ? ((Date.parse(row.end_time) - Date.parse(row.start_time)) / 3_600_000).toFixed(2) : '';

/**
 * Spec 3 §2 Project detail: the check-ins on the project's step tickets, newest first as the server sends them; with
 * 'edit checkinout times' (spec 3 §6) each one's times (UTC) and billable flag, as on the ticket page.
 */
export function ProjectCheckIns({
  checkIns,
  projectId,
  companyId,
}: {
  checkIns: CheckIn[];
  projectId: number;
  companyId: number;
}) {
  const canEdit = usePermissions().includes('edit checkinout times');
  const [editing, setEditing] = useState<CheckIn | null>(null);
  const save = useProjectAction(projectId, projectCalls.updateCheckIns(companyId));
  return (
    <Card withBorder padding="md" role="group" aria-label="Check-ins">
      <Title order={2} size="h4" mb="xs">
        Check-ins
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={4} aria-label="Check-ins">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>User</Table.Th>
              <Table.Th>Step</Table.Th>
              <Table.Th>Start</Table.Th>
              <Table.Th>End</Table.Th>
              <Table.Th>Hours</Table.Th>
              <Table.Th>Billing</Table.Th>
              {canEdit ? <Table.Th aria-label="Action" /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {checkIns.length === 0 ? <EmptyTableRow colSpan={canEdit ? 7 : 6} message="No Check-ins" /> : null}
            {checkIns.map((row) => (
              <Table.Tr key={row.id} data-check-in-id={row.id}>
                <Table.Td>{row.user.name}</Table.Td>
                <Table.Td>{row.ticket?.subject ?? ''}</Table.Td>
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
      </Table.ScrollContainer>
      {editing ? <EditCheckInModal checkIn={editing} save={save} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
