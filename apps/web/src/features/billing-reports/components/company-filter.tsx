import { Select } from '@mantine/core';
import { useState } from 'react';
import { useCompanyOptions } from '../api/reports.ts';

/** The company filter: a searchable picker over GET /api/company; the chosen id goes in the URL. */
export function CompanyFilter({
  value,
  name,
  onChange,
}: {
  value: string | undefined;
  /** The chosen company's name when the report knows it (the picker's list may not hold it). */
  name?: string;
  onChange: (id: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const options = useCompanyOptions(search);
  const data = (options.data?.data ?? []).map((company) => ({ value: String(company.id), label: company.name }));
  if (value && !data.some((option) => option.value === value)) data.unshift({ value, label: name ?? `#${value}` });
  return (
    <Select
      label="Company"
      placeholder="All companies"
      searchable
      clearable
      data={data}
      value={value ?? null}
      onChange={onChange}
      onSearchChange={setSearch}
      w={220}
    />
  );
}
