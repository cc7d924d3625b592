import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Rating,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  hrApplicantSourceLabels,
  hrApplicantSources,
  hrJobEmploymentTypeLabels,
  hrJobWorkplaceLabels,
  type HrApplicantSource,
  type HrBoard,
  type HrJob,
} from '@switchboard/shared/hr/jobs';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { SafeHtml } from '../../components/safe-html.tsx';
import { saveCsv } from '../../lib/download.ts';
import { useBoard, useJob } from './api/jobs.ts';
import {
  applicantColumns,
  applicantRows,
  applicantsCsvFileName,
  buildApplicantsCsv,
  filterApplicants,
  noApplicantFilters,
  type ApplicantFilters,
} from './applicants-table.ts';
import { JobHeader } from './job-header.tsx';

// /hr/jobs/details/{id} (designs/hr.md §5): the description, the facts and the applicants as a table with filters and
// their CSV.

const money = (value: number) => `$${value.toLocaleString('en-US', { maximumFractionDigits: 0 })}`;

/** "$60,000 - $80,000", "From $60,000", "Up to $80,000" or "Not given". */
export function salaryRange(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `${money(min)} - ${money(max)}`;
  if (min !== null) return `From ${money(min)}`;
  if (max !== null) return `Up to ${money(max)}`;
  return 'Not given';
}

export function JobDetails({ jobId }: { jobId: number }) {
  const job = useJob(jobId);
  const board = useBoard(jobId);
  if (job.isPending || board.isPending) return <PageLoader label="Loading job" />;
  if (job.isError || board.isError) return <Alert color="red">An error occured.</Alert>;
  return (
    <Stack gap="md">
      <JobHeader job={board.data.job} view="details" />
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Paper withBorder p="md" radius="md" style={{ gridColumn: 'span 2' }}>
          <Title order={4} mb="xs">
            Description
          </Title>
          {job.data.description_html ? (
            <SafeHtml html={job.data.description_html} />
          ) : (
            <Text c="dimmed" size="sm">
              No description yet.
            </Text>
          )}
        </Paper>
        <Facts job={job.data} />
      </SimpleGrid>
      <ApplicantTable board={board.data} />
    </Stack>
  );
}

function Facts({ job }: { job: HrJob }) {
  const facts: [string, string][] = [
    ['Department', job.department?.name ?? 'None'],
    ['Region', job.region?.name ?? 'None'],
    ['Employment type', hrJobEmploymentTypeLabels[job.employment_type]],
    ['Workplace', hrJobWorkplaceLabels[job.workplace]],
    ['Salary', salaryRange(job.salary_min, job.salary_max)],
    ['Openings', String(job.openings)],
    ['Hiring manager', job.hiring_manager?.name ?? 'None'],
    ['Opened', job.opened_on ?? 'Not yet'],
    ['Target date', job.target_on ?? 'None'],
    ['Days open', job.days_open === null ? '' : String(job.days_open)],
    ...(job.closed_on ? [['Closed', job.closed_on] as [string, string]] : []),
  ];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Facts">
      <Title order={4} mb="xs">
        Facts
      </Title>
      <Table variant="vertical" withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {facts.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={140}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function ApplicantTable({ board }: { board: HrBoard }) {
  const [, setParams] = useSearchParams();
  const [filters, setFilters] = useState<ApplicantFilters>(noApplicantFilters);
  const rows = useMemo(() => applicantRows(board), [board]);
  const shown = useMemo(() => filterApplicants(rows, filters), [rows, filters]);
  const tags = useMemo(() => [...new Set(rows.flatMap((row) => row.tags))].sort(), [rows]);
  const set = (changes: Partial<ApplicantFilters>) => setFilters((previous) => ({ ...previous, ...changes }));
  const open = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('applicant', String(id));
      return next;
    });
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Name or email"
            value={filters.search}
            onChange={(e) => set({ search: e.currentTarget.value })}
          />
          <Select
            label="Step"
            clearable
            placeholder="All"
            data={board.columns.map((column) => ({ value: String(column.step.id), label: column.step.name }))}
            value={filters.step_id === null ? null : String(filters.step_id)}
            onChange={(value) => set({ step_id: value ? Number(value) : null })}
          />
          <Select
            label="Source"
            clearable
            placeholder="All"
            data={hrApplicantSources.map((source) => ({ value: source, label: hrApplicantSourceLabels[source] }))}
            value={filters.source}
            onChange={(value) => set({ source: (value as HrApplicantSource | null) ?? null })}
          />
          <Select
            label="Rating"
            clearable
            placeholder="Any"
            data={['1', '2', '3', '4', '5'].map((value) => ({ value, label: `${value} or more` }))}
            value={filters.min_rating === null ? null : String(filters.min_rating)}
            onChange={(value) => set({ min_rating: value ? Number(value) : null })}
          />
          {tags.length > 0 && (
            <Select
              label="Tag"
              clearable
              placeholder="Any"
              data={tags}
              value={filters.tag}
              onChange={(value) => set({ tag: value })}
            />
          )}
        </Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={shown.length === 0}
          onClick={() => saveCsv(buildApplicantsCsv(shown), applicantsCsvFileName(board.job.title))}
        >
          CSV
        </Button>
      </Group>
      <DataTable
        label="Applicants"
        columns={applicantColumns}
        minWidth={900}
        query={{ isLoading: false, isFetching: false, isError: false }}
        errorMessage="An error occured."
        loadingText="Loading applicants"
        emptyMessage="No applicants"
        rowCount={shown.length}
      >
        {shown.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>
              <UnstyledButton onClick={() => open(row.id)}>
                <Text size="sm" fw={500} c="blue">
                  {row.name}
                </Text>
              </UnstyledButton>
            </Table.Td>
            <Table.Td>{row.email}</Table.Td>
            <Table.Td>
              <Badge variant="light">{row.step_name}</Badge>
            </Table.Td>
            <Table.Td>
              {row.rating !== null && (
                <Rating value={row.rating} readOnly size="xs" aria-label={`Rated ${row.rating} of 5`} />
              )}
            </Table.Td>
            <Table.Td>{hrApplicantSourceLabels[row.source]}</Table.Td>
            <Table.Td>{row.tags.join(', ')}</Table.Td>
            <Table.Td>{row.days_in_step}</Table.Td>
            <Table.Td>{row.created_at.slice(0, 10)}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <Text size="sm" c="dimmed">
        {shown.length} of {rows.length} applicants
      </Text>
    </Stack>
  );
}
