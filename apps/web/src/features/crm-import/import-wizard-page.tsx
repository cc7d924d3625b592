import {
  Alert,
  Button,
  FileInput,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  leadImportFieldLabels,
  leadImportFields,
  leadStatusUpdateOptions,
  type LeadImportField,
} from '@switchboard/shared/crm';
import {
  duplicatePolicies,
  duplicatePolicyLabels,
  IMPORT_MAX_BYTES,
  type DuplicatePolicy,
  type ImportPreview,
} from '@switchboard/shared/crm-imports';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { useStaticData } from '../../lib/static-data.ts';
import { campaignOptions } from '../crm/lead-filters.ts';
import { useEmployeeOptions } from '../employees/api/employee.ts';
import { importForm, useCreateImport, usePreviewImport } from './api/imports.ts';

// /crm/import/new (designs/crm-softphone.md §4 item 8): file, header toggle, the auto-matched mapping, defaults
// (campaign, agent, status, next touch), duplicate policy, a preview of 10 mapped rows with their errors, Submit.
// The preview sends only the file's first 256 KB (whole lines): it reads 10 rows.

const PREVIEW_BYTES = 256 * 1024;
type Mapping = Record<LeadImportField, number | null>;

async function previewSlice(file: File): Promise<Blob> {
  if (file.size <= PREVIEW_BYTES) return file;
  const head = await file.slice(0, PREVIEW_BYTES).text();
  return new Blob([head.slice(0, head.lastIndexOf('\n') + 1)], { type: 'text/csv' });
}

export function ImportWizardPage() {
  const navigate = useNavigate();
  const staticData = useStaticData();
  const employees = useEmployeeOptions();
  const preview = usePreviewImport();
  const create = useCreateImport();
  const [file, setFile] = useState<File | null>(null);
  const [hasHeader, setHasHeader] = useState(true);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [managerId, setManagerId] = useState<string | null>(null);
  const [status, setStatus] = useState<string>('1');
  const [nextTouch, setNextTouch] = useState('');
  const [policy, setPolicy] = useState<DuplicatePolicy>('skip');
  const [answer, setAnswer] = useState<ImportPreview | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const fields = (withMapping: boolean): Record<string, string> => ({
    has_header: String(hasHeader),
    ...(withMapping && mapping ? { mapping: JSON.stringify(mapping) } : {}),
    campaign_id: campaignId ?? '',
    manager_id: managerId ?? '',
    default_status: status,
    next_touch: nextTouch,
    duplicate_policy: policy,
  });

  const runPreview = async (withMapping: boolean) => {
    if (!file) return;
    try {
      const sent = await previewSlice(file);
      const result = await preview.mutateAsync(importForm(sent, file.name, fields(withMapping)));
      setErrors({});
      setAnswer(result.data);
      setMapping(result.data.mapping as Mapping);
    } catch (error) {
      setAnswer(null);
      setErrors(isApiError(error) && error.errors ? error.errors : { _: ['An error occured.'] });
    }
  };

  // A new file or header toggle matches the columns again; a changed mapping previews with it.
  useEffect(() => {
    setMapping(null);
    void runPreview(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the file and the toggle re-match
  }, [file, hasHeader]);

  const submit = async () => {
    if (!file) {
      setErrors({ file: ['The file field is required.'] });
      return;
    }
    try {
      const result = await create.mutateAsync(importForm(file, file.name, fields(true)));
      notifications.show({ color: 'green', message: result.message });
      void navigate('/crm/import');
    } catch (error) {
      setErrors(isApiError(error) && error.errors ? error.errors : { _: ['An error occured.'] });
    }
  };

  const columns = (answer?.header ?? []).map((name, index) => ({
    value: String(index),
    label: hasHeader && name.trim() ? name : `Column ${index + 1}`,
  }));
  const mappedFields = leadImportFields.filter((field) => mapping?.[field] !== null && mapping?.[field] !== undefined);
  const fieldError = (name: string) => errors[name]?.join(' ');

  return (
    <Stack p="md" gap="md" maw={1200}>
      <Group justify="space-between">
        <Title order={2}>New Import</Title>
        <Button component={Link} to="/crm/import" variant="default">
          Back to imports
        </Button>
      </Group>
      {errors._ && <Alert color="red">{errors._.join(' ')}</Alert>}
      <Group align="flex-end">
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          value={file}
          onChange={(next) => {
            if (next && next.size > IMPORT_MAX_BYTES) {
              setErrors({ file: ['The file may not be greater than 20 MB.'] });
              return;
            }
            setFile(next);
          }}
          error={fieldError('file')}
          w={360}
        />
        <Switch
          label="The first row is a header"
          checked={hasHeader}
          onChange={(event) => setHasHeader(event.currentTarget.checked)}
        />
      </Group>

      {answer && (
        <>
          <Title order={4}>Columns</Title>
          {fieldError('mapping') && <Alert color="red">{fieldError('mapping')}</Alert>}
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            {leadImportFields.map((field) => (
              <Select
                key={field}
                label={leadImportFieldLabels[field]}
                data={columns}
                value={mapping?.[field] === null || mapping?.[field] === undefined ? null : String(mapping[field])}
                placeholder="(none)"
                clearable
                onChange={(value) =>
                  setMapping((current) => ({ ...(current as Mapping), [field]: value === null ? null : Number(value) }))
                }
              />
            ))}
          </SimpleGrid>
        </>
      )}

      <Title order={4}>Defaults</Title>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Select
          label="Campaign"
          data={campaignOptions(staticData.data?.campaigns ?? []).slice(1)}
          value={campaignId}
          onChange={setCampaignId}
          clearable
          placeholder="(none)"
          error={fieldError('campaign_id')}
        />
        <Select
          label="Agent"
          data={(employees.data ?? []).map((entry) => ({ value: String(entry.user_id), label: entry.user.name }))}
          value={managerId}
          onChange={setManagerId}
          clearable
          searchable
          placeholder="(none)"
          error={fieldError('manager_id')}
        />
        <Select
          label="Status"
          data={leadStatusUpdateOptions.map((option) => ({ value: String(option.value), label: option.label }))}
          value={status}
          onChange={(value) => setStatus(value ?? '1')}
          error={fieldError('default_status')}
        />
        <TextInput
          label="Next touch"
          type="date"
          value={nextTouch}
          onChange={(event) => setNextTouch(event.currentTarget.value)}
          error={fieldError('next_touch')}
        />
      </SimpleGrid>
      <Radio.Group
        label="Duplicates (same phone or e-mail, in the file or among the leads)"
        value={policy}
        onChange={(value) => setPolicy(value as DuplicatePolicy)}
        error={fieldError('duplicate_policy')}
      >
        <Group mt="xs">
          {duplicatePolicies.map((value) => (
            <Radio key={value} value={value} label={duplicatePolicyLabels[value]} />
          ))}
        </Group>
      </Radio.Group>

      <Group>
        <Button variant="default" onClick={() => void runPreview(true)} disabled={!file} loading={preview.isPending}>
          Preview
        </Button>
        <Button onClick={() => void submit()} loading={create.isPending} disabled={!file}>
          Submit
        </Button>
      </Group>

      {answer && (
        <>
          <Title order={4}>Preview</Title>
          <Table.ScrollContainer minWidth={800}>
            <Table striped withTableBorder aria-label="Preview">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  {mappedFields.map((field) => (
                    <Table.Th key={field}>{leadImportFieldLabels[field]}</Table.Th>
                  ))}
                  <Table.Th>Errors</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {answer.rows.map((row) => (
                  <Table.Tr key={row.row_number}>
                    <Table.Td>{row.row_number}</Table.Td>
                    {mappedFields.map((field) => (
                      <Table.Td key={field}>{row.values[field]}</Table.Td>
                    ))}
                    <Table.Td>
                      {row.errors.length === 0 ? (
                        <Text size="sm" c="green">
                          OK
                        </Text>
                      ) : (
                        <Text size="sm" c="red">
                          {row.errors.join(' ')}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
