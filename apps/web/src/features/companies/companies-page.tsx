import { ActionIcon, Avatar, Group, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { companiesEmptyMessage, type CompanyRow } from '@switchboard/shared';
import { IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { defaultPerPage } from '../../components/page-window.ts';
import { Pagination } from '../../components/pagination.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { useCompanies, useLiveCompanies } from './api/companies.ts';

const failedMessage = 'An error occured.';
const columns = ['Name', 'Industry', 'Sites', 'Accounts', 'Created At', 'Action'];

const positiveInt = (raw: string | null, fallback: number) =>
  raw && /^[1-9][0-9]{0,6}$/.test(raw) ? Number(raw) : fallback;

/** Spec 2 §2 Company list: /companies, paged, filtered by company name (?company=, ?page=, ?per_page= in the URL). */
export function CompaniesPage() {
  const [params, setParams] = useSearchParams();
  const company = params.get('company') ?? '';
  const page = positiveInt(params.get('page'), 1);
  const perPage = Math.min(500, positiveInt(params.get('per_page'), defaultPerPage));
  const [search, setSearch] = useState(company);
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const companies = useCompanies(page, perPage, company);
  // The companies screen is staff only.
  useLiveCompanies(true);

  const update = (changes: Record<string, string | number | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (
            value === null ||
            value === '' ||
            (key === 'page' && value === 1) ||
            (key === 'per_page' && value === defaultPerPage)
          )
            next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );

  // The debounced filter goes into the URL (and back to page 1).
  useEffect(() => {
    if (debouncedSearch.trim() !== company.trim()) update({ company: debouncedSearch.trim() || null, page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);

  const lastPage = companies.data?.last_page;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage && !companies.isPlaceholderData) update({ page: lastPage });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastPage, page, companies.isPlaceholderData]);

  const rows = companies.data?.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Companies
        </Title>
        <Tooltip label="Add Company">
          <ActionIcon component={Link} to="/companies/create" size="lg" aria-label="Add Company">
            <IconPlus size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <TextInput
        aria-label="Filter by company name"
        placeholder="Filter by company name"
        leftSection={<IconSearch size={16} aria-hidden />}
        maw={360}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <DataTable
        label="Companies"
        columns={columns}
        minWidth={760}
        query={companies}
        errorMessage={failedMessage}
        loadingText="Loading companies…"
        emptyMessage={companiesEmptyMessage}
        rowCount={rows.length}
      >
        {rows.map((row) => (
          <CompanyTableRow key={row.id} row={row} />
        ))}
      </DataTable>
      {companies.data ? (
        <Pagination
          meta={companies.data}
          itemLabel="companies"
          onPageChange={(next) => update({ page: next })}
          onPerPageChange={(next) => update({ per_page: next, page: 1 })}
        />
      ) : null}
    </Stack>
  );
}

function CompanyTableRow({ row }: { row: CompanyRow }) {
  return (
    <Table.Tr data-company-id={row.id}>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Avatar src={row.logo_url} name={row.name} color="initials" size={30} radius="sm" alt="" />
          <Text size="sm">{row.name}</Text>
        </Group>
      </Table.Td>
      <Table.Td>{row.industry?.name ?? ''}</Table.Td>
      <Table.Td>{row.sites_count}</Table.Td>
      <Table.Td>{row.accounts_count}</Table.Td>
      <Table.Td>
        <RelativeTime value={row.created_at} size="sm" />
      </Table.Td>
      <Table.Td>
        <ActionIcon component={Link} to={`/companies/${row.id}`} variant="subtle" aria-label={`Edit ${row.name}`}>
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
