import { Alert, Button, FileInput, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { deviceTypeLabels, parseDeviceCsv, type DeviceType } from '@switchboard/shared';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { useCompanyOptions } from '../../lib/company-options.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useImportDevices } from './api/devices.ts';

const previewColumns = [
  ['site', 'Site'],
  ['name', 'Name'],
  ['asset_tag', 'Asset Tag'],
  ['purchase_date', 'Purchase Date'],
  ['operating_system', 'Operating System'],
  ['drives', 'Drives'],
] as const;

/** Device CSV import: pick the file (first row names the columns), preview it, import all rows or none. */
export function DeviceImportModal({
  companyId,
  type,
  onClose,
}: {
  companyId: number | null;
  type: DeviceType;
  onClose: () => void;
}) {
  const companies = useCompanyOptions();
  const [company, setCompany] = useState<string | null>(companyId ? String(companyId) : null);
  const [rows, setRows] = useState<Record<string, string>[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const importDevices = useImportDevices();

  const read = async (file: File | null) => {
    setRows([]);
    setRowErrors({});
    setProblem(null);
    if (!file) return;
    const { rows: parsed, missingColumns } = parseDeviceCsv(await file.text());
    if (missingColumns.length > 0) setProblem(`The file needs the columns ${missingColumns.join(' and ')}.`);
    else if (parsed.length === 0) setProblem('The file has no devices.');
    else setRows(parsed);
  };

  const submit = () => {
    if (!company) {
      setProblem('Choose the company first.');
      return;
    }
    importDevices.mutate(
      { company_id: Number(company), type, rows },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          onClose();
        },
        onError: (error) => {
          const { fields, message } = getFormErrors(error);
          setRowErrors(fields);
          setProblem(
            Object.keys(fields).some((key) => key.startsWith('rows.'))
              ? 'Nothing was imported: fix the rows marked below and try again.'
              : message,
          );
        },
      },
    );
  };

  const errorsOf = (index: number) =>
    Object.entries(rowErrors)
      .filter(([key]) => key.startsWith(`rows.${index}.`))
      .map(([, message]) => message);

  return (
    <Modal opened onClose={onClose} title={`Import ${deviceTypeLabels[type]}`} size="xl">
      <Stack gap="sm">
        {companyId ? null : (
          <Select
            label="Company"
            required
            searchable
            data={(companies.data ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }))}
            value={company}
            onChange={setCompany}
          />
        )}
        <FileInput
          label="CSV File"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={16} aria-hidden />}
          onChange={(file) => void read(file)}
          clearable
        />
        <Text size="xs" c="dimmed">
          The first row names the columns: Site and Name are required; Asset Tag, Serial Number, Model, Purchase Date,
          Warranty Date, Operating System, Antivirus, Roles, Scheduled Maintenance, Drives (like "C:500; D:2000") and
          Notes are read when present — the same columns Export CSV writes.
        </Text>
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
        {rows.length > 0 ? (
          <Table.ScrollContainer minWidth={640} mah={360}>
            <Table striped verticalSpacing={4} aria-label="Import preview">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  {previewColumns.map(([, label]) => (
                    <Table.Th key={label}>{label}</Table.Th>
                  ))}
                  <Table.Th>Errors</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => (
                  <Table.Tr key={index} bg={errorsOf(index).length ? 'var(--mantine-color-red-light)' : undefined}>
                    <Table.Td>{index + 1}</Table.Td>
                    {previewColumns.map(([key]) => (
                      <Table.Td key={key}>{row[key] ?? ''}</Table.Td>
                    ))}
                    <Table.Td c="red">{errorsOf(index).join(' ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={rows.length === 0} loading={importDevices.isPending}>
            Import {rows.length > 0 ? `${rows.length} Devices` : ''}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
