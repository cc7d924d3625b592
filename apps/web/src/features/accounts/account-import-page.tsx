import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  accountImportFieldLabels,
  accountImportFields,
  accountImportRowSchema,
  autoMatchColumns,
  mapImportRows,
  parseCsv,
  type AccountImportField,
} from '@switchboard/shared';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { NoPermission } from '../../components/no-permission.tsx';
import { usePermissions } from '../../lib/auth-store.ts';
import { useCompanyOptions } from '../../lib/company-options.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useImportAccounts } from './api/accounts.ts';

/** /accounts/import (?company_id= fixes the company). */
export function AccountImportPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('company_id');
  const companyId = raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
  return (
    <AccountImport
      fixedCompanyId={companyId}
      onDone={() => void navigate(companyId ? `/accounts?company_id=${companyId}` : '/accounts')}
    />
  );
}

type Mapping = Record<AccountImportField, number | null>;

/**
 * Spec 1 §2.6 Account import: company picker (only when no company is fixed), CSV upload with a header toggle,
 * fields auto-matched and editable, a preview with errors per row, Submit. The server imports all rows or none.
 */
export function AccountImport({ fixedCompanyId, onDone }: { fixedCompanyId: number | null; onDone: () => void }) {
  const permissions = usePermissions();
  const companies = useCompanyOptions();
  const importAccounts = useImportAccounts();
  const [companyId, setCompanyId] = useState<string | null>(fixedCompanyId ? String(fixedCompanyId) : null);
  const [file, setFile] = useState<File | null>(null);
  const [cells, setCells] = useState<string[][]>([]);
  const [hasHeader, setHasHeader] = useState(true);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);

  const rows = useMemo(() => (mapping ? mapImportRows(cells, mapping, hasHeader) : []), [cells, mapping, hasHeader]);
  const rowErrors = rows.map((row, index) => {
    const parsed = accountImportRowSchema.safeParse(row);
    const local = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    const remote = Object.entries(serverErrors)
      .filter(([key]) => key.startsWith(`accounts.${index}.`))
      .map(([, message]) => message);
    return [...new Set([...local, ...remote])];
  });

  if (!permissions.includes('import client accounts')) return <NoPermission />;

  const read = async (next: File | null) => {
    setFile(next);
    setServerErrors({});
    setBanner(null);
    const parsed = next ? parseCsv((await next.text()).replace(/^\uFEFF/, '')) : [];
    setCells(parsed);
    setMapping(parsed[0] ? autoMatchColumns(parsed[0], hasHeader) : null);
  };

  const toggleHeader = (next: boolean) => {
    setHasHeader(next);
    if (cells[0]) setMapping(autoMatchColumns(cells[0], next));
  };

  const columnOptions = (cells[0] ?? []).map((header, index) => ({
    value: String(index),
    label: hasHeader ? header || `Column ${index + 1}` : `Column ${index + 1} (${header})`,
  }));

  const submit = () => {
    setBanner(null);
    if (!companyId) {
      setBanner('Choose the company first.');
      return;
    }
    if (rowErrors.some((errors) => errors.length > 0)) {
      setBanner('Fix the rows marked below; nothing is imported while a row has an error.');
      return;
    }
    const parsedRows = rows.map((row) => accountImportRowSchema.parse(row));
    importAccounts.mutate(
      { companyId: Number(companyId), accounts: parsedRows, file: file! },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          onDone();
        },
        onError: (error) => {
          const { fields, message } = getFormErrors(error);
          setServerErrors(fields);
          setBanner(
            Object.keys(fields).some((key) => key.startsWith('accounts.'))
              ? 'Nothing was imported: fix the rows marked below and try again.'
              : message,
          );
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Title order={fixedCompanyId ? 2 : 1} size={fixedCompanyId ? 'h4' : 'h2'}>
        Import Accounts
      </Title>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {fixedCompanyId ? null : (
              <Select
                label="Company"
                required
                searchable
                data={(companies.data ?? []).map((company) => ({ value: String(company.id), label: company.name }))}
                value={companyId}
                onChange={setCompanyId}
              />
            )}
            <FileInput
              label="CSV File"
              placeholder="Choose a .csv file"
              accept=".csv,text/csv"
              clearable
              leftSection={<IconFileTypeCsv size={16} aria-hidden />}
              value={file}
              onChange={(next) => void read(next)}
            />
          </SimpleGrid>
          <Switch
            label="The first row is a header"
            checked={hasHeader}
            onChange={(event) => toggleHeader(event.currentTarget.checked)}
          />
          {mapping ? (
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} role="group" aria-label="Field mapping">
              {accountImportFields.map((field) => (
                <Select
                  key={field}
                  label={accountImportFieldLabels[field]}
                  clearable
                  data={columnOptions}
                  value={mapping[field] === null ? null : String(mapping[field])}
                  onChange={(value) => setMapping({ ...mapping, [field]: value === null ? null : Number(value) })}
                />
              ))}
            </SimpleGrid>
          ) : null}
        </Stack>
      </Card>
      {banner ? (
        <Alert color="red" variant="light" role="alert">
          {banner}
        </Alert>
      ) : null}
      {rows.length > 0 ? (
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={800}>
            <Table striped verticalSpacing={4} aria-label="Import preview">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  {accountImportFields.map((field) => (
                    <Table.Th key={field}>{accountImportFieldLabels[field]}</Table.Th>
                  ))}
                  <Table.Th>Errors</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => (
                  <Table.Tr
                    key={index}
                    data-row={index + 1}
                    bg={rowErrors[index]!.length ? 'var(--mantine-color-red-light)' : undefined}
                  >
                    <Table.Td>{index + 1}</Table.Td>
                    {accountImportFields.map((field) => (
                      <Table.Td key={field}>{row[field]}</Table.Td>
                    ))}
                    <Table.Td c="red">{rowErrors[index]!.join(' ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      ) : (
        <Text c="dimmed" size="sm">
          Choose a CSV file with one account per row: name and email are required; title, cell number, office number and
          site are read when mapped.
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={rows.length === 0} loading={importAccounts.isPending}>
          Submit
        </Button>
      </Group>
    </Stack>
  );
}
