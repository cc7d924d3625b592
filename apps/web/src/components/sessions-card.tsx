import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UserSession } from '@switchboard/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { EmptyTableRow } from './empty-table-row.tsx';
import { defaultPerPage } from './page-window.ts';
import { Pagination } from './pagination.tsx';
import { isApiError } from '../lib/api-client.ts';
import { getFormErrors } from '../lib/form-errors.ts';
import { useRevokeSession, useSessions } from '../lib/user-sessions.ts';

/** Spec 1 §9: the sessions table shows 3 page links. */
export const sessionPageLinks = 3;

const statusColors: Record<UserSession['status'], string> = { active: 'green', revoked: 'red', expired: 'gray' };
const statusLabels: Record<UserSession['status'], string> = {
  active: 'Active',
  revoked: 'Revoked',
  expired: 'Expired',
};

export function formatSessionTime(value: string): string {
  const date = dayjs(value);
  return date.isValid() ? date.format('MM/DD/YYYY hh:mm A') : '';
}

function place(session: UserSession): string | null {
  const parts = [session.city, session.state].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

interface SessionsCardProps {
  /** Whose sessions; the signed-in user's when absent (the employee Sessions tab passes the employee's user id). */
  userId?: number;
}

/**
 * Spec 1 §3.7, §7.3: the sessions card. Browser, OS, IP address, created, last activity, expiry and status ('This
 * device' marks the current one, a shadow session shows its code's creator), revoke one or all, 3 page links.
 */
export function SessionsCard({ userId }: SessionsCardProps) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(defaultPerPage);
  const sessions = useSessions(page, perPage, userId);
  const revoke = useRevokeSession(userId);
  const [revoking, setRevoking] = useState<string | null>(null);

  const onRevoke = (id: string) => {
    setRevoking(id);
    revoke.mutate(id, {
      onSuccess: (response) => notifications.show({ color: 'green', message: response.message }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: isApiError(error) && error.hasServerMessage ? error.message : 'An error occured.',
        }),
      onSettled: () => setRevoking(null),
    });
  };

  const result = sessions.data;

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Sessions
          </Title>
          <Button
            color="red"
            variant="light"
            size="xs"
            onClick={() => onRevoke('all')}
            loading={revoking === 'all'}
            disabled={
              revoking !== null || !result?.data.some((session) => session.status === 'active' && !session.current)
            }
          >
            Revoke All
          </Button>
        </Group>
        {sessions.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {getFormErrors(sessions.error).message}
          </Alert>
        ) : null}
        <Table.ScrollContainer minWidth={860}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label="Sessions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Browser</Table.Th>
                <Table.Th>OS</Table.Th>
                <Table.Th>IP Address</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Last Activity</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Action</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.isPending ? (
                <Table.Tr>
                  <Table.Td colSpan={8}>
                    <Loader size="sm" aria-label="Loading sessions" />
                  </Table.Td>
                </Table.Tr>
              ) : result && result.data.length === 0 ? (
                <EmptyTableRow colSpan={8} message="No Sessions" />
              ) : (
                result?.data.map((session) => (
                  <Table.Tr
                    key={session.id}
                    data-session-id={session.id}
                    data-current={session.current ? '' : undefined}
                  >
                    <Table.Td>
                      <Tooltip label={session.user_agent ?? ''} disabled={!session.user_agent} multiline maw={360}>
                        <span>{session.browser}</span>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td>{session.os}</Table.Td>
                    <Table.Td>
                      <Stack gap={0}>
                        <span>{session.ip_address ?? ''}</span>
                        {place(session) ? (
                          <Text size="xs" c="dimmed">
                            {place(session)}
                          </Text>
                        ) : null}
                      </Stack>
                    </Table.Td>
                    <Table.Td>{formatSessionTime(session.created_at)}</Table.Td>
                    <Table.Td>{formatSessionTime(session.last_activity)}</Table.Td>
                    <Table.Td>{formatSessionTime(session.expires_at)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} miw={190}>
                        <Badge color={statusColors[session.status]} variant="light">
                          {statusLabels[session.status]}
                        </Badge>
                        {session.current ? (
                          <Badge color="blue" variant="outline">
                            This device
                          </Badge>
                        ) : null}
                        {session.code ? (
                          <Tooltip label={`Shadow session opened by ${session.code.creator.name}`}>
                            <Badge color="orange" variant="light">
                              Shadow: {session.code.creator.shortname}
                            </Badge>
                          </Tooltip>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {session.status === 'active' && !session.current ? (
                        <Button
                          size="compact-xs"
                          color="red"
                          variant="subtle"
                          onClick={() => onRevoke(session.id)}
                          loading={revoking === session.id}
                          disabled={revoking !== null && revoking !== session.id}
                          aria-label={`Revoke the ${session.browser} session on ${session.os}`}
                        >
                          Revoke
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {result?.data.some((session) => place(session) !== null) ? (
          // DB-IP's licence (CC BY 4.0) asks for this link wherever its places are shown.
          <Text size="xs" c="dimmed">
            <Anchor href="https://db-ip.com" target="_blank" rel="noopener noreferrer" inherit>
              IP Geolocation by DB-IP
            </Anchor>
          </Text>
        ) : null}
        {result ? (
          <Pagination
            meta={result}
            onPageChange={setPage}
            onPerPageChange={(next) => {
              setPerPage(next);
              setPage(1);
            }}
            windowSize={sessionPageLinks}
            itemLabel="sessions"
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
