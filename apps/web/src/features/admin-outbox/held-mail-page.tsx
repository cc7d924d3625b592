import { Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import { defaultPerPage } from '../../components/page-window.ts';
import { Pagination, type PaginationMeta } from '../../components/pagination.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { api } from '../../lib/api-client.ts';
import { getFormErrors } from '../../lib/form-errors.ts';

interface HeldMail {
  id: number;
  from_email: string;
  to_email: string;
  subject: string;
  text_body: string;
  received_at: string;
  reviewed_at: string | null;
}

/** /admin/held-mail: mail received for no ticket from an unknown sender, kept for an administrator to review. */
export function HeldMailPage() {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(defaultPerPage);
  const queryClient = useQueryClient();
  const held = useQuery({
    queryKey: ['admin', 'held-mail', page, perPage] as const,
    queryFn: ({ signal }) => api.get<PaginationMeta & { data: HeldMail[] }>('/api/admin/held-mail', { query: { page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });
  const review = useMutation({
    mutationFn: (id: number) => api.post<{ message: string }>(`/api/admin/held-mail/${id}/reviewed`),
    onSuccess: (answer) => {
      notifications.show({ color: 'green', message: answer.message });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'held-mail'] });
    },
    onError: (error) => notifications.show({ color: 'red', message: getFormErrors(error).message }),
  });
  const rows = held.data?.data ?? [];
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Held Mail
      </Title>
      <Text c="dimmed" size="sm">
        Mail that matched no ticket and came from no known client account. Open a ticket for it by hand when it needs one.
      </Text>
      <DataTable label="Held mail" columns={['From', 'To', 'Subject', 'Message', 'Received', 'Action']} minWidth={900} query={held} errorMessage="The held mail could not be loaded." loadingText="Loading held mail…" emptyMessage="No Held Mail" rowCount={rows.length}>
        {rows.map((row) => (
          <Table.Tr key={row.id} data-held-id={row.id}>
            <Table.Td>{row.from_email}</Table.Td>
            <Table.Td>{row.to_email}</Table.Td>
            <Table.Td>{row.subject}</Table.Td>
            <Table.Td>
              <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
                {row.text_body}
              </Text>
            </Table.Td>
            <Table.Td>
              <RelativeTime value={row.received_at} size="sm" />
            </Table.Td>
            <Table.Td>
              {row.reviewed_at ? (
                <Badge color="gray">Reviewed</Badge>
              ) : (
                <Button size="xs" variant="light" loading={review.isPending && review.variables === row.id} onClick={() => review.mutate(row.id)}>
                  Mark Reviewed
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {held.data ? <Pagination meta={held.data} itemLabel="messages" onPageChange={setPage} onPerPageChange={(next) => { setPerPage(next); setPage(1); }} /> : null}
    </Stack>
  );
}
