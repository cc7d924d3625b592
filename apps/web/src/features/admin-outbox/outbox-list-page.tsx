import {
  ActionIcon,
  Alert,
  Anchor,
  Breadcrumbs,
  Card,
  Group,
  LoadingOverlay,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { clampPerPage, defaultPerPage } from '../../components/page-window.ts';
import { Pagination } from '../../components/pagination.tsx';
import { useOutboxList } from './api/outbox.ts';
import { OutboxTable } from './components/outbox-table.tsx';
import { adminPath, outboxMessagePath, type OutboxLinkState } from './outbox-paths.ts';

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * /admin/outbox (issue 3 part 3): the mail the app kept instead of sending, because no SMTP server is configured
 * or delivery failed. Administrators only (the route map shows not-found to anyone else). The page and page
 * length live in the query string, so a reload or the way back from a message keeps them.
 */
export function OutboxListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const page = readPage(searchParams.get('page'));
  const perPage = searchParams.has('per_page') ? clampPerPage(searchParams.get('per_page')) : defaultPerPage;
  const outbox = useOutboxList(page, perPage);

  const showPage = (nextPage: number, nextPerPage: number, replace = false) => {
    const params = new URLSearchParams();
    if (nextPage !== 1) params.set('page', String(nextPage));
    if (nextPerPage !== defaultPerPage) params.set('per_page', String(nextPerPage));
    setSearchParams(params, { replace });
  };

  // A page past the end (an old link, or fewer messages now) goes to the last page there is.
  const lastPage = outbox.data && !outbox.isPlaceholderData ? Math.max(1, outbox.data.last_page) : undefined;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) showPage(lastPage, perPage, true);
  });

  const linkState: OutboxLinkState = { listSearch: search };
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={adminPath} size="sm">
          Settings
        </Anchor>
        <Text size="sm">Outbox</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            Outbox
          </Title>
          <Text c="dimmed" size="sm">
            Mail the app kept instead of sending: no SMTP server is configured, or the delivery failed.
          </Text>
        </div>
        <Tooltip label="Refresh">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Refresh"
            loading={outbox.isFetching}
            onClick={() => void outbox.refetch()}
          >
            <IconRefresh size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      {outbox.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          An error occured.
        </Alert>
      ) : null}
      <Card withBorder padding={0} pos="relative">
        <LoadingOverlay
          visible={outbox.isFetching && !outbox.isLoading}
          overlayProps={{ blur: 0, backgroundOpacity: 0.3 }}
          loaderProps={{ size: 'sm' }}
        />
        <OutboxTable
          rows={outbox.data?.data ?? []}
          loading={outbox.isLoading}
          messagePath={outboxMessagePath}
          linkState={linkState}
          onOpen={(id) => void navigate(outboxMessagePath(id), { state: linkState })}
        />
      </Card>
      {outbox.data ? (
        <Pagination
          meta={outbox.data}
          itemLabel="messages"
          onPageChange={(next) => showPage(next, perPage)}
          onPerPageChange={(next) => showPage(1, next)}
        />
      ) : null}
    </Stack>
  );
}
