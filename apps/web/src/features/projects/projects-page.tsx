import { Anchor, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PROJECT_COUNT_CAP, projectStepFilterOptions, technicianChoices, type ProjectRow } from '@switchboard/shared';
import { IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { defaultPerPage } from '../../components/page-window.ts';
import { Pagination } from '../../components/pagination.tsx';
import { withYou } from '../../components/you-badge.tsx';
import { useCurrentUser } from '../../lib/auth-store.ts';
import { useCompanyOptions, useSiteOptions } from '../../lib/company-options.ts';
import { projectFilterKeys, useEmployeeOptions, useProjectList, type ProjectListFilters } from './api/projects.ts';

const positiveInt = (raw: string | null, fallback: number) =>
  raw && /^[1-9][0-9]{0,6}$/.test(raw) ? Number(raw) : fallback;
const grow = { flex: '1 1 0', minWidth: 0 } as const;

/** Spec 3 §2 Project list: /projects, paged, filters kept in the URL; Company and Tech for employees only. */
export function ProjectsPage() {
  const staff = useCurrentUser()?.type === 'Employee';
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(
    projectFilterKeys.map((key) => [key, params.get(key) ?? '']),
  ) as unknown as ProjectListFilters;
  const page = positiveInt(params.get('page'), 1);
  const perPage = Math.min(500, positiveInt(params.get('per_page'), defaultPerPage));
  const list = useProjectList(staff ? filters : { ...filters, company_id: '', employee_id: '' }, page, perPage);

  const update = (changes: Record<string, string | number>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === '' || (key === 'page' && value === 1) || (key === 'per_page' && value === defaultPerPage))
            next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );
  const filter = (changes: Partial<ProjectListFilters>) => update({ ...changes, page: 1 });

  const columns = ['ID', 'Title', ...(staff ? ['Company'] : []), 'Site', 'Step', ...(staff ? ['Tech'] : [])];
  const rows = list.data?.data ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Projects
        </Title>
        {staff ? (
          <Button
            size="compact-md"
            component={Link}
            to="/projects/create"
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Create Project
          </Button>
        ) : null}
      </Group>
      <ProjectFilters filters={filters} staff={staff} onChange={filter} />
      <DataTable
        label="Projects"
        columns={[...columns, 'Billed', 'Created']}
        minWidth={staff ? 900 : 640}
        query={list}
        errorMessage="The projects could not be loaded."
        loadingText="Loading projects…"
        emptyMessage="No projects"
        rowCount={rows.length}
      >
        {rows.map((row) => (
          <ProjectTableRow key={row.id} row={row} staff={staff} onOpen={() => void navigate(`/projects/${row.id}`)} />
        ))}
      </DataTable>
      {(list.data?.total ?? 0) >= PROJECT_COUNT_CAP ? (
        <Text size="sm" c="dimmed">
          More than {PROJECT_COUNT_CAP.toLocaleString('en-US')} projects match: narrow the filters to reach the rest.
        </Text>
      ) : null}
      {list.data ? (
        <Pagination
          meta={list.data}
          itemLabel="projects"
          onPageChange={(next) => update({ page: next })}
          onPerPageChange={(next) => update({ per_page: next, page: 1 })}
        />
      ) : null}
    </Stack>
  );
}

function ProjectTableRow({ row, staff, onOpen }: { row: ProjectRow; staff: boolean; onOpen: () => void }) {
  return (
    <Table.Tr data-project-id={row.id} onClick={onOpen} style={{ cursor: 'pointer' }}>
      <Table.Td>
        <Anchor component={Link} to={`/projects/${row.id}`} onClick={(event) => event.stopPropagation()}>
          {row.id}
        </Anchor>
      </Table.Td>
      <Table.Td>{row.title}</Table.Td>
      {staff ? <Table.Td>{row.company?.name ?? ''}</Table.Td> : null}
      <Table.Td>{row.site?.name ?? ''}</Table.Td>
      <Table.Td>{row.latest_ticket?.subject ?? 'Complete'}</Table.Td>
      {staff ? <Table.Td>{row.technician?.name ?? ''}</Table.Td> : null}
      <Table.Td>{row.billed.billed_time.toFixed(2)}</Table.Td>
      <Table.Td>{dayjs(row.created_at).format('MM/DD/YYYY')}</Table.Td>
    </Table.Tr>
  );
}

interface ProjectFiltersProps {
  filters: ProjectListFilters;
  staff: boolean;
  onChange: (changes: Partial<ProjectListFilters>) => void;
}

/** The filters on one row; id and title are typed (debounced), the rest chosen from lists. */
function ProjectFilters({ filters, staff, onChange }: ProjectFiltersProps) {
  const me = useCurrentUser();
  const companies = useCompanyOptions();
  // A client account's company list holds its own company: its sites are the ones to filter by.
  const companyId = staff
    ? filters.company_id
      ? Number(filters.company_id)
      : null
    : (companies.data?.[0]?.id ?? null);
  const sites = useSiteOptions(companyId);
  const employees = useEmployeeOptions(staff);
  const options = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }));
  // The Tech filter lists technicians (decision 0078), and the one filtered by.
  const techOptions = technicianChoices(employees.data ?? [], [Number(filters.employee_id)]).map((tech) => ({
    value: String(tech.user_id),
    label: withYou(tech.user.name, tech.user_id === me?.id),
  }));
  const select = (label: string, field: keyof ProjectListFilters, data: { value: string; label: string }[]) => (
    <Select
      size="xs"
      style={grow}
      aria-label={label}
      placeholder={label}
      clearable
      searchable
      data={data}
      value={filters[field] || null}
      onChange={(value) => onChange({ [field]: value ?? '', ...(field === 'company_id' ? { site_id: '' } : {}) })}
    />
  );
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label="Project filters">
      <TypedFilter label="ID" value={filters.id} digits onChange={(id) => onChange({ id })} />
      <TypedFilter label="Title" value={filters.title} onChange={(title) => onChange({ title })} />
      {staff ? select('Company', 'company_id', options(companies.data)) : null}
      {select('Site', 'site_id', options(sites.data))}
      {staff ? select('Tech', 'employee_id', techOptions) : null}
      {select('Step', 'step_id', projectStepFilterOptions)}
    </Group>
  );
}

/** A text filter written to the URL 300 ms after typing stops; the URL leads (Back, a reload). */
function TypedFilter(props: { label: string; value: string; digits?: boolean; onChange: (value: string) => void }) {
  const { label, value, digits = false, onChange } = props;
  const [draft, setDraft] = useState(value);
  const [debounced] = useDebouncedValue(draft, 300);
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (debounced !== value) onChange(debounced);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return (
    <TextInput
      size="xs"
      style={grow}
      aria-label={label}
      placeholder={label}
      inputMode={digits ? 'numeric' : undefined}
      value={draft}
      onChange={(event) => setDraft(digits ? event.currentTarget.value.replace(/\D/g, '') : event.currentTarget.value)}
    />
  );
}
