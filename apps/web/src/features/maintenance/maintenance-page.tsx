import { Alert, Anchor, Badge, Button, Card, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  MAINTENANCE_LOCATION,
  MAINTENANCE_TRIAGE_ID,
  antivirusLabel,
  createTicketWarning,
  maintenanceItemState,
  maintenanceMonthOf,
  maintenanceTicketSubject,
  type MaintenanceCompany,
  type MaintenanceRecord,
  type MaintenanceServer,
} from '@switchboard/shared';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useCreateMaintenanceTicket, useMaintenanceMonth } from './api/maintenance.ts';
import { checklistPath, notesPath, type ChecklistKind, type ChecklistTarget } from './maintenance-paths.ts';

const monthName = (month: number, year: number) =>
  new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const shift = (month: number, year: number, by: number) => {
  const index = year * 12 + (month - 1) + by;
  return { month: (index % 12) + 1, year: Math.floor(index / 12) };
};

interface Pending {
  kind: ChecklistKind;
  company: MaintenanceCompany;
  siteId: number;
  server: MaintenanceServer;
}

/** One record's cell: Incomplete, or its ticket id, green when the ticket is done and red otherwise (spec 2 §4). */
function RecordCell({
  kind,
  record,
  target,
  onIncomplete,
}: {
  kind: ChecklistKind;
  record: MaintenanceRecord | null;
  target: Omit<ChecklistTarget, 'ticketId'>;
  onIncomplete: () => void;
}) {
  const state = maintenanceItemState(record);
  if (!record)
    return (
      <Button size="compact-xs" variant="default" onClick={onIncomplete} aria-label={`${kind}: ${state.label}`}>
        {state.label}
      </Button>
    );
  return (
    <Anchor component={Link} to={checklistPath(kind, { ...target, ticketId: record.ticket_id }, record.id)}>
      <Badge
        color={state.color}
        variant="filled"
        aria-label={`${kind}: ticket ${state.label}`}
        data-state={state.color}
      >
        {state.label}
      </Badge>
    </Anchor>
  );
}

/** Spec 2 §2 Scheduled Maintenance: /maintenance/{month?}/{year?}, the current UTC month by default. */
export function MaintenancePage() {
  const params = useParams();
  const navigate = useNavigate();
  const { month, year } = maintenanceMonthOf(
    params.month ? Number(params.month) : undefined,
    params.year ? Number(params.year) : undefined,
  );
  const [page, setPage] = useState(1);
  const list = useMaintenanceMonth(month, year, page);
  const create = useCreateMaintenanceTicket();
  const [pending, setPending] = useState<Pending | null>(null);

  const targetOf = (company: MaintenanceCompany, siteId: number, server: MaintenanceServer) => ({
    companyId: company.id,
    serverId: server.id,
    month,
    year,
    siteId,
  });
  const open = (item: Pending) => {
    // The server's ticket of the month is reused: only the first checklist creates one.
    if (item.server.ticket)
      navigate(
        checklistPath(item.kind, {
          ...targetOf(item.company, item.siteId, item.server),
          ticketId: item.server.ticket.id,
        }),
      );
    else setPending(item);
  };
  const confirm = () => {
    if (!pending) return;
    const { company, siteId, server, kind } = pending;
    create.mutate(
      {
        subject: maintenanceTicketSubject(server.name, month, year),
        company: company.id,
        site: siteId,
        server: server.id,
        triage_id: MAINTENANCE_TRIAGE_ID,
        location: MAINTENANCE_LOCATION,
        month,
        year,
      },
      {
        onSuccess: (ticketId) => {
          setPending(null);
          navigate(checklistPath(kind, { ...targetOf(company, siteId, server), ticketId }));
        },
        onError: (error) =>
          notifications.show({ color: 'red', message: isApiError(error) ? error.message : 'An error occured.' }),
      },
    );
  };
  const go = (by: number) => {
    const next = shift(month, year, by);
    setPage(1);
    navigate(`/maintenance/${next.month}/${next.year}`);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Scheduled Maintenance · {monthName(month, year)}</Title>
        <Group gap="xs">
          <Button variant="default" onClick={() => go(-1)}>
            Previous Month
          </Button>
          <Button variant="default" onClick={() => go(1)}>
            Next Month
          </Button>
        </Group>
      </Group>
      {list.isPending && <PageLoader label="Loading scheduled maintenance" />}
      {list.isError && (
        <Alert color="red" variant="light" role="alert">
          Scheduled maintenance could not be loaded.
        </Alert>
      )}
      {list.data && list.data.data.length === 0 && <EmptyState title="No servers are on the maintenance schedule." />}
      {list.data?.data.map((company) => (
        <Card key={company.id} withBorder padding="md" role="region" aria-label={company.name}>
          <Title order={3} size="h4" mb="xs">
            <Anchor component={Link} to={`/companies/${company.id}`}>
              {company.name}
            </Anchor>
          </Title>
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Site</Table.Th>
                  <Table.Th>Server</Table.Th>
                  <Table.Th>Scheduled Maintenance</Table.Th>
                  <Table.Th>Antivirus</Table.Th>
                  <Table.Th>Roles</Table.Th>
                  <Table.Th>Baseline</Table.Th>
                  <Table.Th>Analysis</Table.Th>
                  <Table.Th>Exchange</Table.Th>
                  <Table.Th>Notes</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {company.sites.flatMap((site) =>
                  site.servers.map((server) => (
                    <Table.Tr key={server.id} aria-label={server.name}>
                      <Table.Td>{site.name}</Table.Td>
                      <Table.Td>{server.name}</Table.Td>
                      <Table.Td>{server.sched_maint === 1 ? 'Yes' : 'No'}</Table.Td>
                      <Table.Td>{antivirusLabel(server.av)}</Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {server.roles.map((role) => (
                            <Badge key={role.id} variant="light" size="sm">
                              {role.name}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      {(['baseline', 'analysis', 'exchange'] as const).map((kind) => (
                        <Table.Td key={kind}>
                          <RecordCell
                            kind={kind}
                            record={server[kind]}
                            target={targetOf(company, site.id, server)}
                            onIncomplete={() => open({ kind, company, siteId: site.id, server })}
                          />
                        </Table.Td>
                      ))}
                      <Table.Td>
                        {server.ticket ? (
                          <Anchor
                            component={Link}
                            to={notesPath({ ...targetOf(company, site.id, server), ticketId: server.ticket.id })}
                            aria-label={`Maintenance notes of ${server.name}`}
                          >
                            Notes
                          </Anchor>
                        ) : (
                          <Text size="sm" c="dimmed">
                            –
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  )),
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      ))}
      {list.data && list.data.total > list.data.per_page && (
        <Pagination meta={list.data} onPageChange={setPage} itemLabel="companies" />
      )}
      <Modal opened={pending !== null} onClose={() => setPending(null)} title="Create Maintenance Ticket">
        {pending && (
          <Stack gap="sm">
            <Text size="sm">{maintenanceTicketSubject(pending.server.name, month, year)}</Text>
            <Alert color="orange" variant="light">
              {createTicketWarning}
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPending(null)}>
                Cancel
              </Button>
              <Button onClick={confirm} loading={create.isPending}>
                Create Ticket
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
