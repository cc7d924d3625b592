import { ActionIcon, Button, Group, Select, Stack, Table, Tabs, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  deviceAgeColor,
  deviceTypeLabels,
  deviceTypes,
  hasSoftware,
  type Device,
  type DeviceType,
} from '@switchboard/shared';
import { IconDownload, IconPencil, IconPlus, IconSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmDelete, showFailedDialog } from '../../components/confirm-dialogs.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table.tsx';
import { EllipsisCell } from '../../components/ellipsis-cell.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { defaultPerPage } from '../../components/page-window.ts';
import { Pagination } from '../../components/pagination.tsx';
import { useCompanyOptions } from '../../lib/company-options.ts';
import { saveBlob } from '../../lib/download.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { exportDevices, useDeleteDevice, useDevices, type DeviceFilter } from './api/devices.ts';
import { DeviceForm } from './device-form.tsx';
import { DeviceImportModal } from './device-import-modal.tsx';

const isDeviceType = (value: string | undefined): value is DeviceType =>
  (deviceTypes as readonly string[]).includes(value ?? '');
const rowColours = {
  green: 'var(--mantine-color-green-light)',
  yellow: 'var(--mantine-color-yellow-light)',
  red: 'var(--mantine-color-red-light)',
} as const;

/**
 * Spec 2 devices: /companies/{companyId?}/devices/{dType?}/{method?}/{dId?}. Without a company it lists every
 * company's devices. method create adds a device of the type; edit/{dId} changes one.
 */
export function DevicesPage() {
  const params = useParams();
  const companyId = params.companyId ? Number(params.companyId) : null;
  const type = params.dType ?? 'workstations';
  if (!isDeviceType(type)) return <NotFoundPage />;
  if (params.method === 'create') return <DeviceForm companyId={companyId} type={type} deviceId={null} />;
  if (params.method === 'edit' && params.dId && /^\d+$/.test(params.dId))
    return <DeviceForm companyId={companyId} type={type} deviceId={Number(params.dId)} />;
  if (params.method) return <NotFoundPage />;
  return <DeviceList key={`${companyId}-${type}`} companyId={companyId} type={type} />;
}

function DeviceList({ companyId, type }: { companyId: number | null; type: DeviceType }) {
  const navigate = useNavigate();
  const companies = useCompanyOptions();
  const [companyFilter, setCompanyFilter] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(defaultPerPage);
  const [importing, setImporting] = useState(false);
  const filter: DeviceFilter = { companyId: companyId ?? companyFilter, type, search: debounced };
  const devicesQuery = useDevices(filter, page, perPage);
  const remove = useDeleteDevice();
  const base = companyId ? `/companies/${companyId}/devices` : '/companies/devices';
  const companyName = companyId ? companies.data?.find((company) => company.id === companyId)?.name : null;
  const currentYear = new Date().getUTCFullYear();

  // Fixed widths for dates, years and the two action icons; names and the other text columns share the rest.
  const columns: DataTableColumn[] = [
    ...(companyId ? [] : [{ label: 'Company' }]),
    { label: 'Site' },
    { label: 'Asset Tag', width: 100 },
    { label: 'Name' },
    { label: 'Purchase Date', width: 104 },
    { label: 'Warranty Date', width: 104 },
    { label: 'Refresh Year', width: 80 },
    ...(hasSoftware(type) ? [{ label: 'Operating System' }, { label: 'Antivirus' }] : []),
    ...(type === 'servers' ? [{ label: 'Roles' }, { label: 'Drives' }, { label: 'Maintenance', width: 108 }] : []),
    { label: 'Action', width: 88 },
  ];

  const download = () =>
    exportDevices(filter)
      .then((blob) => saveBlob(blob, `${type}.csv`))
      .catch(() => notifications.show({ color: 'red', message: 'Unable to download file.' }));

  const askDelete = (device: Device) =>
    confirmDelete({
      title: 'Are you sure?',
      text: "You won't be able to revert this!",
      confirm: 'Yes, delete it!',
      onConfirm: () =>
        remove.mutate(device.id, {
          onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
          onError: (error) => showFailedDialog(getFormErrors(error).message),
        }),
    });

  const rows = devicesQuery.data?.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {companyName ? `Devices of ${companyName}` : 'Devices'}
        </Title>
        <Group gap="xs">
          {companyId ? (
            <Button component={Link} to={`/companies/${companyId}`} variant="default">
              Company
            </Button>
          ) : null}
          <Button
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={() => setImporting(true)}
          >
            Import CSV
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void download()}
          >
            Export CSV
          </Button>
          <Button component={Link} to={`${base}/${type}/create`} leftSection={<IconPlus size={16} aria-hidden />}>
            Add {deviceTypeLabels[type]}
          </Button>
        </Group>
      </Group>
      <Tabs value={type} onChange={(next) => next && void navigate(`${base}/${next}`)}>
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {deviceTypes.map((entry) => (
            <Tabs.Tab key={entry} value={entry}>
              {deviceTypeLabels[entry]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group>
        {companyId ? null : (
          <Select
            aria-label="Filter by company"
            placeholder="All companies"
            searchable
            clearable
            data={(companies.data ?? []).map((company) => ({ value: String(company.id), label: company.name }))}
            value={companyFilter ? String(companyFilter) : null}
            onChange={(value) => {
              setCompanyFilter(value ? Number(value) : null);
              setPage(1);
            }}
          />
        )}
        <TextInput
          aria-label="Search devices"
          placeholder="Name, asset tag or serial number"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={320}
        />
        <Text size="xs" c="dimmed">
          Rows: green before the refresh year, yellow in it, red past it.
        </Text>
      </Group>
      <DataTable
        label={deviceTypeLabels[type]}
        columns={columns}
        minWidth={900}
        query={devicesQuery}
        errorMessage="The devices could not be loaded."
        loadingText="Loading devices…"
        emptyMessage="No Devices Found"
        rowCount={rows.length}
      >
        {rows.map((device) => {
          const colour = deviceAgeColor(device.type, device.purchase_date, currentYear);
          return (
            <Table.Tr
              key={device.id}
              data-device-id={device.id}
              data-age={colour ?? 'unknown'}
              style={colour ? { backgroundColor: rowColours[colour] } : undefined}
            >
              {companyId ? null : <EllipsisCell text={device.company} />}
              <EllipsisCell text={device.site} />
              <EllipsisCell text={device.asset_tag} />
              <EllipsisCell text={device.name} />
              <EllipsisCell text={device.purchase_date} />
              <EllipsisCell text={device.warranty_date} />
              <EllipsisCell text={device.refresh_year} />
              {hasSoftware(type) ? (
                <>
                  <EllipsisCell text={device.operating_system} />
                  <EllipsisCell text={device.antivirus} />
                </>
              ) : null}
              {type === 'servers' ? (
                <>
                  <EllipsisCell text={device.roles} />
                  <EllipsisCell text={device.drives.map((drive) => `${drive.letter}: ${drive.size} GB`).join(', ')} />
                  <Table.Td>{device.scheduled_maintenance ? 'Yes' : 'No'}</Table.Td>
                </>
              ) : null}
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Edit">
                    <ActionIcon
                      component={Link}
                      to={`${base}/${type}/edit/${device.id}`}
                      variant="subtle"
                      aria-label={`Edit ${device.name}`}
                    >
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${device.name}`}
                      onClick={() => askDelete(device)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </DataTable>
      {devicesQuery.data ? (
        <Pagination
          meta={devicesQuery.data}
          itemLabel="devices"
          onPageChange={setPage}
          onPerPageChange={(next) => {
            setPerPage(next);
            setPage(1);
          }}
        />
      ) : null}
      {importing ? <DeviceImportModal companyId={companyId} type={type} onClose={() => setImporting(false)} /> : null}
    </Stack>
  );
}
