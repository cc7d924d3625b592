import { Alert, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { leadStatusFilterOptions } from '@switchboard/shared/crm';
import { defaultExportColumns, EXPORT_COLUMNS, type ExportColumn } from '@switchboard/shared/crm-imports';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/download.ts';
import { useStaticData } from '../../lib/static-data.ts';
import { campaignOptions, verticalOptions } from '../crm/lead-filters.ts';
import { fetchExportFile, useCreateExport, useExport } from './api/imports.ts';

// /crm/export (designs/crm-softphone.md §4 item 8): the leads filters and a column checklist; the server's job writes
// the file of the leads this user may see and announces it (FileDownload, which the shell downloads); the page shows
// the job's state and a Download button while the file is kept.

export function ExportPage() {
  const staticData = useStaticData();
  const create = useCreateExport();
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [status, setStatus] = useState<string>('2');
  const [regionId, setRegionId] = useState<string | null>(null);
  const [industryId, setIndustryId] = useState<string | null>(null);
  const [state, setState] = useState('');
  const [q, setQ] = useState('');
  const [columns, setColumns] = useState<string[]>(defaultExportColumns);
  const [exportId, setExportId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const current = useExport(exportId);

  const submit = async () => {
    const filters: Record<string, string | number> = { status: Number(status) };
    if (campaignId) filters.campaign_id = Number(campaignId);
    if (regionId) filters.region_id = Number(regionId);
    if (industryId) filters.industry_id = Number(industryId);
    if (state.trim()) filters.state = state.trim();
    if (q.trim()) filters.q = q.trim();
    const ordered = EXPORT_COLUMNS.map((column) => column.key).filter((key) => columns.includes(key));
    try {
      const result = await create.mutateAsync({ filters, columns: ordered as ExportColumn[] });
      setErrors({});
      setExportId(result.data.id);
    } catch (error) {
      setErrors(isApiError(error) && error.errors ? error.errors : { _: ['An error occured.'] });
    }
  };

  const done = current.data?.status === 'done' ? current.data : null;
  const working = current.data?.status === 'queued' || current.data?.status === 'running';
  const download = () => {
    if (done) void fetchExportFile(done.id).then((blob) => saveBlob(blob, done.file_name));
  };
  const fieldError = (prefix: string) =>
    Object.entries(errors)
      .filter(([key]) => key === prefix || key.startsWith(`${prefix}.`))
      .flatMap(([, messages]) => messages)
      .join(' ') || undefined;

  return (
    <Stack p="md" gap="md" maw={1100}>
      <Group justify="space-between">
        <Title order={2}>Export Leads</Title>
        <Button component={Link} to="/crm/import" variant="default">
          Imports
        </Button>
      </Group>
      {errors._ && <Alert color="red">{errors._.join(' ')}</Alert>}
      <Title order={4}>Filters</Title>
      <SimpleGrid cols={{ base: 2, md: 3 }}>
        <Select
          label="Campaign"
          data={campaignOptions(staticData.data?.campaigns ?? [])}
          value={campaignId ?? ''}
          onChange={(value) => setCampaignId(value || null)}
        />
        <Select
          label="Status"
          data={leadStatusFilterOptions.map((option) => ({ value: String(option.value), label: option.label }))}
          value={status}
          onChange={(value) => setStatus(value ?? '2')}
          error={fieldError('filters.status')}
        />
        <Select
          label="Region"
          data={(staticData.data?.regions ?? []).map((region) => ({ value: String(region.id), label: region.name }))}
          value={regionId}
          onChange={setRegionId}
          clearable
          placeholder="All"
        />
        <Select
          label="Vertical"
          data={verticalOptions(staticData.data?.industries ?? [])}
          value={industryId}
          onChange={setIndustryId}
          clearable
          placeholder="All"
        />
        <TextInput
          label="State"
          value={state}
          maxLength={2}
          onChange={(event) => setState(event.currentTarget.value)}
          error={fieldError('filters.state')}
        />
        <TextInput
          label="Search"
          value={q}
          onChange={(event) => setQ(event.currentTarget.value)}
          error={fieldError('filters.q')}
        />
      </SimpleGrid>
      <Checkbox.Group label="Columns" value={columns} onChange={setColumns} error={fieldError('columns')}>
        <SimpleGrid cols={{ base: 2, md: 5 }} mt="xs">
          {EXPORT_COLUMNS.map((column) => (
            <Checkbox key={column.key} value={column.key} label={column.label} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Group>
        <Button onClick={() => void submit()} loading={create.isPending || working}>
          Export
        </Button>
        {done && (
          <Button variant="default" onClick={download}>
            Download {done.file_name}
          </Button>
        )}
      </Group>
      {working && <Text>Preparing the file…</Text>}
      {done && <Text data-testid="export-done">{`${done.rows} ${done.rows === 1 ? 'lead' : 'leads'} exported.`}</Text>}
      {current.data?.status === 'failed' && <Alert color="red">{current.data.error ?? 'An error occured.'}</Alert>}
    </Stack>
  );
}
