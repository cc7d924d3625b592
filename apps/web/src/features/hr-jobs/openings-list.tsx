import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { hrJobListQuerySchema, hrJobStatuses, hrJobStatusLabels, type HrJobStatus } from '@switchboard/shared/hr/jobs';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { useStaticData } from '../../lib/static-data.ts';
import { useHrBase } from '../hr/api/hr-base.ts';
import { useJobs } from './api/jobs.ts';
import { StepBar } from './step-bar.tsx';

// /hr/jobs (designs/hr.md §5): the openings with their applicants per step, filtered in the URL.

export const jobStatusColors: Record<HrJobStatus, string> = {
  draft: 'gray',
  open: 'green',
  on_hold: 'yellow',
  filled: 'blue',
  closed: 'dark',
};

const filterKeys = ['status', 'search', 'department_id', 'page', 'per_page'] as const;
const columns = ['Title', 'Department', 'Status', 'Applicants', 'Days open', 'Hiring manager'];

export function OpeningsList() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => {
    const raw = Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? undefined]));
    const parsed = hrJobListQuerySchema.safeParse(raw);
    return parsed.success ? parsed.data : hrJobListQuerySchema.parse({});
  }, [params]);
  const list = useJobs(query);
  const base = useHrBase();
  const staticData = useStaticData();
  const [search, setSearch] = useState(query.search ?? '');
  const update = (changes: Record<string, string | number | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const searchLater = useDebouncedCallback((value: string) => update({ search: value.trim() }), 250);
  const steps = base.data?.steps ?? [];
  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Jobs</Title>
        <Button onClick={() => void navigate('/hr/jobs/create')}>New job</Button>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Title"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            searchLater(e.currentTarget.value);
          }}
        />
        <Select
          label="Status"
          allowDeselect={false}
          data={[
            { value: 'active', label: 'Draft, open and on hold' },
            ...hrJobStatuses.map((status) => ({ value: status, label: hrJobStatusLabels[status] })),
            { value: 'all', label: 'All' },
          ]}
          value={query.status}
          onChange={(value) => update({ status: value === 'active' ? undefined : (value ?? undefined) })}
        />
        <Select
          label="Department"
          clearable
          placeholder="All"
          data={(staticData.data?.departments ?? []).map((row) => ({ value: String(row.id), label: row.name }))}
          value={query.department_id ? String(query.department_id) : null}
          onChange={(value) => update({ department_id: value ?? undefined })}
        />
      </Group>
      <DataTable
        label="Jobs"
        columns={columns}
        minWidth={900}
        query={list}
        errorMessage="An error occured."
        loadingText="Loading jobs"
        emptyMessage="No jobs"
        rowCount={rows.length}
      >
        {rows.map((job) => (
          <Table.Tr key={job.id}>
            <Table.Td>
              <Anchor component={Link} to={`/hr/jobs/board/${job.id}`} fw={500}>
                {job.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                <Anchor component={Link} to={`/hr/jobs/details/${job.id}`} size="xs">
                  Details
                </Anchor>
                {' · '}
                {job.openings} {job.openings === 1 ? 'opening' : 'openings'}
              </Text>
            </Table.Td>
            <Table.Td>{job.department?.name ?? ''}</Table.Td>
            <Table.Td>
              <Badge color={jobStatusColors[job.status]} variant="light">
                {hrJobStatusLabels[job.status]}
              </Badge>
            </Table.Td>
            <Table.Td>
              <StepBar counts={job.step_counts} steps={steps} />
            </Table.Td>
            <Table.Td>{job.days_open ?? ''}</Table.Td>
            <Table.Td>{job.hiring_manager?.name ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {list.data && (
        <Pagination
          meta={list.data}
          itemLabel="jobs"
          onPageChange={(page) => update({ page })}
          onPerPageChange={(perPage) => update({ per_page: perPage })}
        />
      )}
    </Stack>
  );
}
