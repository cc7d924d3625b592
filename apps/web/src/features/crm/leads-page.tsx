import { Alert, Button, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { leadStatusFilterOptions, type LeadListColumn } from '@switchboard/shared/crm';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Pagination } from '../../components/pagination.tsx';
import { useCurrentUser, usePermissions } from '../../lib/auth-store.ts';
import { useStaticData } from '../../lib/static-data.ts';
import { useEmployeeOptions } from '../employees/api/employee.ts';
import { useCrmSettings, useLeadList, useLiveLeadList } from './api/leads.ts';
import { BulkBar } from './components/bulk-bar.tsx';
import { LeadDrawer } from './components/lead-drawer.tsx';
import { LeadFormDrawer } from './components/lead-form.tsx';
import { LeadsTable } from './components/leads-table.tsx';
import {
  campaignOptions,
  leadFiltersOf,
  leadListQueryOf,
  localToday,
  nextSort,
  nextTouchFilterLabels,
  nextTouchFilters,
  verticalOptions,
  withParamChanges,
  type ParamChanges,
} from './lead-filters.ts';

// /crm (designs/crm-softphone.md §4.1): the leads list, its filters in the URL, bulk changes, New Lead, and the open
// lead as ?lead={id} (§4.2).

export const errorMessage = 'An error occured.';

export function LeadsPage() {
  const [params, setParams] = useSearchParams();
  const permissions = usePermissions();
  const user = useCurrentUser();
  const settings = useCrmSettings();
  const managesCrm = permissions.includes('manage crm');
  const seesAllLeads = managesCrm || settings.data?.view_all_leads === true;
  const mayCreate = managesCrm || settings.data?.create_new_leads === true;
  const defaultStatus = user?.settings?.crm_load_status ?? 1;
  const filters = useMemo(
    () => leadFiltersOf(params, { defaultStatus, seesAllLeads }),
    [params, defaultStatus, seesAllLeads],
  );
  const query = useMemo(() => leadListQueryOf(filters), [filters]);
  const list = useLeadList(query);
  const staticData = useStaticData();
  const employees = useEmployeeOptions();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [search, setSearch] = useState(filters.q);
  const openId = /^[1-9]\d{0,9}$/.test(params.get('lead') ?? '') ? Number(params.get('lead')) : null;
  const creating = params.get('new') === '1';
  const today = localToday();

  const update = (changes: ParamChanges) =>
    setParams((current) => withParamChanges(current, changes), { replace: !('lead' in changes) });

  // The search box writes the URL once typing pauses; Back or a link changes the box.
  useEffect(() => setSearch(filters.q), [filters.q]);
  useEffect(() => {
    if (search === filters.q) return;
    const timer = window.setTimeout(() => update({ q: search }), 350);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text restarts the pause
  }, [search]);

  useEffect(() => {
    if (list.isError) notifications.show({ color: 'red', message: errorMessage });
  }, [list.isError]);

  // A selection outlives nothing but the rows it was made on.
  const rows = list.data?.data ?? [];
  const rowIds = rows.map((row) => row.id).join(',');
  useLiveLeadList(rows.map((row) => row.id));
  useEffect(() => {
    const visible = new Set(rowIds.split(',').map(Number));
    setSelected((previous) => {
      const kept = [...previous].filter((id) => visible.has(id));
      return kept.length === previous.size ? previous : new Set(kept);
    });
  }, [rowIds]);

  const select = (ids: number[], on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const agentOptions = (employees.data ?? []).map((entry) => ({
    value: String(entry.user_id),
    label: entry.user.name,
  }));
  const idValue = (id: number | null) => (id === null ? null : String(id));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Leads</Title>
        {mayCreate ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => update({ new: 1, lead: null })}>
            New Lead
          </Button>
        ) : null}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Campaign"
          w={200}
          allowDeselect={false}
          data={campaignOptions(staticData.data?.campaigns ?? [])}
          value={filters.campaign_id === null ? '' : String(filters.campaign_id)}
          onChange={(value) => update({ campaign_id: value })}
        />
        <Select
          label="Status"
          w={170}
          allowDeselect={false}
          data={leadStatusFilterOptions.map((option) => ({ value: String(option.value), label: option.label }))}
          value={String(filters.status)}
          onChange={(value) => update({ status: value === String(defaultStatus) ? null : value })}
        />
        <Select
          label="Region"
          w={170}
          clearable
          searchable
          data={(staticData.data?.regions ?? []).map((region) => ({ value: String(region.id), label: region.name }))}
          value={idValue(filters.region_id)}
          onChange={(value) => update({ region_id: value })}
        />
        <Select
          label="Vertical"
          w={200}
          clearable
          searchable
          data={verticalOptions(staticData.data?.industries ?? [])}
          value={idValue(filters.industry_id)}
          onChange={(value) => update({ industry_id: value })}
        />
        <Select
          label="State"
          w={110}
          clearable
          searchable
          data={(staticData.data?.states ?? []).map((state) => ({ value: state.code, label: state.code }))}
          value={filters.state}
          onChange={(value) => update({ state: value })}
        />
        {seesAllLeads ? (
          <Select
            label="Agent"
            w={190}
            clearable
            searchable
            data={agentOptions}
            value={idValue(filters.manager_id)}
            onChange={(value) => update({ manager_id: value })}
          />
        ) : null}
        <Select
          label="Next touch"
          w={150}
          clearable
          data={nextTouchFilters.map((value) => ({ value, label: nextTouchFilterLabels[value] }))}
          value={filters.next_touch}
          onChange={(value) => update({ next_touch: value })}
        />
        {filters.next_touch === 'range' ? (
          <>
            <TextInput
              type="date"
              label="From"
              value={filters.from ?? ''}
              onChange={(event) => update({ from: event.currentTarget.value })}
            />
            <TextInput
              type="date"
              label="To"
              value={filters.to ?? ''}
              onChange={(event) => update({ to: event.currentTarget.value })}
            />
          </>
        ) : null}
        <TextInput
          label="Search"
          placeholder="Company, contact, phone, e-mail"
          w={260}
          leftSection={<IconSearch size={14} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      </Group>
      {selected.size > 0 ? (
        <BulkBar
          ids={[...selected]}
          mayDelete={managesCrm}
          agentOptions={agentOptions}
          campaignOptions={campaignOptions(staticData.data?.campaigns ?? []).slice(1)}
          onDone={() => setSelected(new Set())}
        />
      ) : null}
      {list.isPending ? <Loader aria-label="Loading leads" /> : null}
      {list.isError && !list.data ? <Alert color="red">{errorMessage}</Alert> : null}
      {list.data ? (
        <>
          <LeadsTable
            rows={rows}
            filters={filters}
            today={today}
            selected={selected}
            onSelect={select}
            onSort={(column: LeadListColumn) => update(nextSort(filters, column))}
            onOpen={(id) => update({ lead: id, new: null })}
          />
          <Pagination
            meta={list.data}
            itemLabel="leads"
            onPageChange={(page) => update({ page })}
            onPerPageChange={(perPage) => update({ per_page: perPage === 50 ? null : perPage })}
          />
          {list.data.total_capped ? (
            <Text size="xs" c="dimmed">
              More leads match than are counted; narrow the filters to count them all.
            </Text>
          ) : null}
        </>
      ) : null}
      {creating && mayCreate ? (
        <LeadFormDrawer
          lead={null}
          onClose={() => update({ new: null })}
          onSaved={(id) => update({ new: null, lead: id })}
        />
      ) : null}
      {openId !== null && !creating ? (
        <LeadDrawer key={openId} id={openId} onClose={() => update({ lead: null })} />
      ) : null}
    </Stack>
  );
}
