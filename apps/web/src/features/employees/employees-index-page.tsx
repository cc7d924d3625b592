import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  LoadingOverlay,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  canCreateEmployee,
  employeeStatusFilterCodes,
  employeeStatusFilterLabels,
  formatPhoneNumber,
  noRegionLabel,
  type EmployeeIndexRow,
  type EmployeeStatusFilterCode,
} from '@switchboard/shared';
import { IconAlertTriangle, IconDownload, IconKey, IconPencil, IconPlus, IconUserShare } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { EmptyTableRow } from '../../components/empty-table-row.tsx';
import { YouBadge } from '../../components/you-badge.tsx';
import { defaultPerPage } from '../../components/page-window.ts';
import { Pagination } from '../../components/pagination.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { useAccountActor } from '../../lib/account-actor.ts';
import { useCurrentUser, usePermissions } from '../../lib/auth-store.ts';
import { useStartShadow } from '../../lib/shadow.ts';
import { useStaticData } from '../../lib/static-data.ts';
import { fetchAllEmployees, useEmployees, useLiveEmployees } from './api/employees.ts';
import {
  employeeAreaOf,
  employeeFiltersFromSearch,
  employeeFiltersToSearch,
  type EmployeeArea,
  type EmployeeFilterValues,
} from './employee-filters.ts';
import { buildEmployeesCsv, employeesCsvFileName } from './employees-csv.ts';
import { saveCsv } from '../../lib/download.ts';

export const exportFailedMessage = 'An error occured.';
/** Typing in a text filter updates the list once the typing pauses. */
const textFilterDelayMs = 300;

const statusOptions = employeeStatusFilterCodes.map((code) => ({
  value: String(code),
  label: employeeStatusFilterLabels[code],
}));

/** Spec 1 §2.6: the employees index at /employees, /hr/employees and /crm/agents (titled Agents, with Agent Phone). */
export function EmployeesIndexPage() {
  const area = employeeAreaOf(useLocation().pathname);
  const actor = useAccountActor();
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, page } = employeeFiltersFromSearch(searchParams);
  const [perPage, setPerPage] = useState(defaultPerPage);
  const [exporting, setExporting] = useState(false);
  const employees = useEmployees(filters, area.route, page, perPage);
  useLiveEmployees();

  const apply = (next: EmployeeFilterValues, nextPage = 1) =>
    setSearchParams(employeeFiltersToSearch(next, nextPage), { replace: true });

  // A page past the end (rows disabled meanwhile, an old link) goes to the last page.
  const lastPage = employees.data?.last_page;
  const pastTheEnd = lastPage !== undefined && page > lastPage && !employees.isPlaceholderData;
  useEffect(() => {
    if (pastTheEnd) setSearchParams(employeeFiltersToSearch(filters, lastPage), { replace: true });
  }, [pastTheEnd, lastPage, filters, setSearchParams]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllEmployees(filters, area.route);
      saveCsv(buildEmployeesCsv(rows, { agents: area.agents }), employeesCsvFileName(area.title));
    } catch {
      notifications.show({ color: 'red', message: exportFailedMessage });
    } finally {
      setExporting(false);
    }
  };

  const columns = [
    'Name',
    'Email',
    'Title',
    'Region',
    'Phone',
    ...(area.agents ? ['Agent Phone'] : []),
    'Last Active',
    'Status',
    'Actions',
  ];
  const rows = employees.data?.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {area.title}
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            Export
          </Button>
          {/* Decision 0025: the administrator type or 'view human resources' adds employees. */}
          {actor && canCreateEmployee(actor) ? (
            <Button component={Link} to={`${area.base}/create`} leftSection={<IconPlus size={16} aria-hidden />}>
              Add {area.title === 'Agents' ? 'Agent' : 'Employee'}
            </Button>
          ) : null}
        </Group>
      </Group>
      {employees.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          An error occured.
        </Alert>
      ) : null}
      <Card withBorder padding={0} pos="relative">
        <LoadingOverlay
          visible={employees.isFetching && !employees.isLoading}
          overlayProps={{ blur: 0, backgroundOpacity: 0.3 }}
          loaderProps={{ size: 'sm' }}
        />
        <Table.ScrollContainer minWidth={1000}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={area.title}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
              <FilterRow area={area} filters={filters} onChange={apply} />
            </Table.Thead>
            <Table.Tbody>
              {employees.isLoading ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text c="dimmed" ta="center" py="md">
                      Loading {area.title.toLowerCase()}…
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : rows.length === 0 ? (
                <EmptyTableRow colSpan={columns.length} message={`No ${area.title} Found`} />
              ) : (
                rows.map((row) => <EmployeeRow key={row.user_id} row={row} area={area} />)
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {employees.data ? (
        <Pagination
          meta={employees.data}
          windowSize={3}
          itemLabel={area.title.toLowerCase()}
          onPageChange={(next) => apply(filters, next)}
          onPerPageChange={(next) => {
            setPerPage(next);
            apply(filters, 1);
          }}
        />
      ) : null}
    </Stack>
  );
}

/** The filter row under the headings: name, email, region, phone and status (spec 1 §2.6), kept in the URL query. */
function FilterRow({
  area,
  filters,
  onChange,
}: {
  area: EmployeeArea;
  filters: EmployeeFilterValues;
  onChange: (next: EmployeeFilterValues) => void;
}) {
  const regions = useStaticData().data?.regions ?? [];
  // Text filters are typed into a draft that reaches the URL after a pause; a URL change (back, links) replaces it.
  const [draft, setDraft] = useState(filters);
  const [shown, setShown] = useState(filters);
  if (!sameFilters(shown, filters)) {
    setShown(filters);
    setDraft(filters);
  }
  // The latest onChange, so that a new render does not restart the pause.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    if (sameFilters(draft, filters)) return;
    const timer = setTimeout(() => onChangeRef.current(draft), textFilterDelayMs);
    return () => clearTimeout(timer);
  }, [draft, filters]);

  const text = (key: 'name' | 'email' | 'phone_number', label: string) => (
    <TextInput
      size="xs"
      miw={120}
      aria-label={`Filter by ${label}`}
      placeholder={label}
      value={draft[key]}
      maxLength={255}
      onChange={(event) => setDraft({ ...draft, [key]: event.currentTarget.value })}
    />
  );
  return (
    <Table.Tr data-filter-row="">
      <Table.Td>{text('name', 'Name')}</Table.Td>
      <Table.Td>{text('email', 'Email')}</Table.Td>
      <Table.Td />
      <Table.Td>
        <Select
          size="xs"
          miw={140}
          aria-label="Filter by Region"
          placeholder="Any region"
          clearable
          searchable
          data={regions.map((region) => ({ value: String(region.id), label: region.name }))}
          value={filters.region_id || null}
          onChange={(value) => onChange({ ...draft, region_id: value ?? '' })}
        />
      </Table.Td>
      <Table.Td>{text('phone_number', 'Phone')}</Table.Td>
      {area.agents ? <Table.Td /> : null}
      <Table.Td />
      <Table.Td>
        <Select
          size="xs"
          miw={110}
          aria-label="Filter by Status"
          allowDeselect={false}
          data={statusOptions}
          value={String(filters.status)}
          onChange={(value) => onChange({ ...draft, status: Number(value) as EmployeeStatusFilterCode })}
        />
      </Table.Td>
      <Table.Td />
    </Table.Tr>
  );
}

function sameFilters(a: EmployeeFilterValues, b: EmployeeFilterValues): boolean {
  return (
    a.name === b.name &&
    a.email === b.email &&
    a.region_id === b.region_id &&
    a.phone_number === b.phone_number &&
    a.status === b.status
  );
}

function EmployeeRow({ row, area }: { row: EmployeeIndexRow; area: EmployeeArea }) {
  const me = useCurrentUser();
  const permissions = usePermissions();
  const startShadow = useStartShadow();
  const isMe = row.user_id === me?.id;
  return (
    <Table.Tr data-employee-id={row.user_id}>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Avatar src={row.user.photo} name={row.user.name} color="initials" size={30} alt="" />
          <Text size="sm">{row.user.name}</Text>
          {isMe ? <YouBadge /> : null}
        </Group>
      </Table.Td>
      <Table.Td>{row.user.email}</Table.Td>
      <Table.Td>{row.title ?? ''}</Table.Td>
      <Table.Td>{row.region?.name ?? noRegionLabel}</Table.Td>
      <Table.Td>{formatPhoneNumber(row.phone_number)}</Table.Td>
      {area.agents ? <Table.Td>{formatPhoneNumber(row.agent_phone)}</Table.Td> : null}
      <Table.Td>
        {row.latest_session ? (
          <RelativeTime value={row.latest_session.last_activity} size="sm" />
        ) : (
          <Text size="sm" c="dimmed">
            Never
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={row.status === 'Enabled' ? 'green' : 'red'} tt="none">
          {row.status}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            component={Link}
            to={`${area.base}/edit/${row.user_id}/account`}
            aria-label={`Edit ${row.user.name}`}
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
          {permissions.includes('manage employee permissions') ? (
            <ActionIcon
              variant="subtle"
              component={Link}
              to={`${area.base}/edit/${row.user_id}/permissions`}
              aria-label={`Permissions of ${row.user.name}`}
            >
              <IconKey size={16} aria-hidden />
            </ActionIcon>
          ) : null}
          {permissions.includes('shadow clients') ? (
            <Tooltip label="You cannot impersonate yourself" disabled={!isMe}>
              <ActionIcon
                variant="subtle"
                color="grape"
                aria-label={`Impersonate ${row.user.name}`}
                // data-disabled rather than disabled, so that the tooltip still says why.
                data-disabled={isMe || undefined}
                aria-disabled={isMe || undefined}
                onClick={isMe ? undefined : () => void startShadow(row.user_id)}
              >
                <IconUserShare size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
