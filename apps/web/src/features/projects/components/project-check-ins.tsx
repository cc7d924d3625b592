import { Card, Table, Title } from '@mantine/core';
import type { CheckIn } from '@switchboard/shared';
import dayjs from 'dayjs';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';

const shown = (iso: string | null) => (iso ? dayjs(iso).format('MM/DD/YYYY hh:mm A') : 'Open');
const hours = (row: CheckIn) =>
  row.end_time ? ((Date.parse(row.end_time) - Date.parse(row.start_time)) / 3_600_000).toFixed(2) : '';

/** Spec 3 §2 Project detail: the check-ins on the project's step tickets, newest first as the server sends them. */
export function ProjectCheckIns({ checkIns }: { checkIns: CheckIn[] }) {
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
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {checkIns.length === 0 ? <EmptyTableRow colSpan={5} message="No Check-ins" /> : null}
            {checkIns.map((row) => (
              <Table.Tr key={row.id} data-check-in-id={row.id}>
                <Table.Td>{row.user.name}</Table.Td>
                <Table.Td>{row.ticket?.subject ?? ''}</Table.Td>
                <Table.Td>{shown(row.start_time)}</Table.Td>
                <Table.Td>{shown(row.end_time)}</Table.Td>
                <Table.Td>{hours(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
