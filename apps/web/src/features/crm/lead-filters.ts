import { LEAD_LIST_COLUMNS, LEAD_STATUS, type LeadListColumn, type LeadStatusCode } from '@switchboard/shared/crm';

// The leads list's filters live in the URL under the API's own query names (designs/crm-softphone.md §4.1), so a
// link, a reload or Back shows the same list. Absent means the default: campaign All, status the user's
// crm_load_status, no other filter, sorted by next touch.

export const nextTouchFilters = ['today', 'overdue', 'week', 'range'] as const;
export type NextTouchFilter = (typeof nextTouchFilters)[number];
export const nextTouchFilterLabels: Record<NextTouchFilter, string> = {
  today: 'Due today',
  overdue: 'Overdue',
  week: 'This week',
  range: 'Range',
};

export type SortDirection = 'asc' | 'desc';

export interface LeadFilters {
  campaign_id: number | null;
  status: LeadStatusCode;
  region_id: number | null;
  industry_id: number | null;
  state: string | null;
  manager_id: number | null;
  next_touch: NextTouchFilter | null;
  from: string | null;
  to: string | null;
  q: string;
  sort: LeadListColumn | null;
  dir: SortDirection;
  page: number;
  per_page: number;
}

export const LEADS_PER_PAGE = 50;
const filterStatuses: readonly number[] = [0, 1, 2, 3, 5, 9];
const sortKeys: readonly string[] = LEAD_LIST_COLUMNS.map((column) => column.key);
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

const positiveId = (value: string | null): number | null => {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  return Number(value);
};

export interface FilterContext {
  /** The user's crm_load_status setting (spec 1 §3.2), the status shown when the URL names none. */
  defaultStatus: number;
  /** Whether the agent filter applies: 'manage crm' or the CRM setting view_all_leads. */
  seesAllLeads: boolean;
}

const asStatus = (value: number): LeadStatusCode =>
  (filterStatuses.includes(value) ? value : LEAD_STATUS.prospect) as LeadStatusCode;

/** The filters the URL holds; anything malformed reads as absent, never as an error. */
export function leadFiltersOf(params: URLSearchParams, context: FilterContext): LeadFilters {
  const rawStatus = params.get('status');
  const status =
    rawStatus !== null && /^\d$/.test(rawStatus) && filterStatuses.includes(Number(rawStatus))
      ? (Number(rawStatus) as LeadStatusCode)
      : asStatus(context.defaultStatus);
  const touch = params.get('next_touch');
  const nextTouch = (nextTouchFilters as readonly string[]).includes(touch ?? '') ? (touch as NextTouchFilter) : null;
  const date = (key: string) => {
    const value = params.get(key);
    return nextTouch === 'range' && value && isoDate.test(value) ? value : null;
  };
  const sort = params.get('sort');
  const perPage = Number(params.get('per_page'));
  const page = Number(params.get('page'));
  const state = params.get('state');
  return {
    campaign_id: positiveId(params.get('campaign_id')),
    status,
    region_id: positiveId(params.get('region_id')),
    industry_id: positiveId(params.get('industry_id')),
    state: state && /^[A-Za-z]{2}$/.test(state) ? state.toUpperCase() : null,
    manager_id: context.seesAllLeads ? positiveId(params.get('manager_id')) : null,
    next_touch: nextTouch,
    from: date('from'),
    to: date('to'),
    q: (params.get('q') ?? '').slice(0, 200),
    sort: sort && sortKeys.includes(sort) ? (sort as LeadListColumn) : null,
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    per_page: Number.isInteger(perPage) && perPage >= 1 && perPage <= 500 ? perPage : LEADS_PER_PAGE,
  };
}

/** GET /api/crm/leads's query: defaults and empty values left out, a range sent as next_touch_from/_to. */
export function leadListQueryOf(filters: LeadFilters): Record<string, string | number> {
  const query: Record<string, string | number> = { status: filters.status, page: filters.page };
  if (filters.per_page !== LEADS_PER_PAGE) query.per_page = filters.per_page;
  if (filters.campaign_id !== null) query.campaign_id = filters.campaign_id;
  if (filters.region_id !== null) query.region_id = filters.region_id;
  if (filters.industry_id !== null) query.industry_id = filters.industry_id;
  if (filters.state !== null) query.state = filters.state;
  if (filters.manager_id !== null) query.manager_id = filters.manager_id;
  if (filters.next_touch === 'range') {
    if (filters.from) query.next_touch_from = filters.from;
    if (filters.to) query.next_touch_to = filters.to;
  } else if (filters.next_touch !== null) query.next_touch = filters.next_touch;
  const q = filters.q.trim();
  if (q) query.q = q;
  if (filters.sort !== null) {
    query.sort = filters.sort;
    query.dir = filters.dir;
  }
  return query;
}

export type ParamChanges = Record<string, string | number | null | undefined>;
/** Keys that do not change which rows match: changing them keeps the page. */
const keepsPage = new Set(['page', 'lead', 'new']);

/**
 * The URL after `changes` (null, undefined or '' remove a key). A change of filter, sort or page length starts again
 * at page 1; leaving the range drops its dates.
 */
export function withParamChanges(current: URLSearchParams, changes: ParamChanges): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (Object.keys(changes).some((key) => !keepsPage.has(key))) next.delete('page');
  if ('next_touch' in changes && changes.next_touch !== 'range') {
    next.delete('from');
    next.delete('to');
  }
  return next;
}

/** The server's order when the URL names none (leadListQuerySchema's default): next touch, ascending. */
export const DEFAULT_LEAD_SORT: LeadListColumn = 'next_touch';
export const sortColumnOf = (filters: LeadFilters): LeadListColumn => filters.sort ?? DEFAULT_LEAD_SORT;

/** The next sort when a column header is clicked: ascending first, then descending, on the same column. */
export function nextSort(filters: LeadFilters, column: LeadListColumn): ParamChanges {
  if (sortColumnOf(filters) === column) return { sort: column, dir: filters.dir === 'asc' ? 'desc' : 'asc' };
  return { sort: column, dir: 'asc' };
}

/** A next touch before today is overdue (shown in red). Dates compare as 'YYYY-MM-DD' text. */
export const isOverdue = (nextTouch: string | null, today: string): boolean =>
  nextTouch !== null && nextTouch.slice(0, 10) < today;

/** Today as 'YYYY-MM-DD' in the browser's time zone (the agent's own date). */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export interface SelectOption {
  value: string;
  label: string;
}
export interface SelectGroup {
  group: string;
  items: SelectOption[];
}

/** Spec 1 §3.4: the 'All' pseudo-campaign first, then active campaigns, then inactive ones (each by name). */
export function campaignOptions(
  campaigns: readonly { id: number; campaign_name: string; status: number }[],
): SelectOption[] {
  const byName = (a: { campaign_name: string }, b: { campaign_name: string }) =>
    a.campaign_name.localeCompare(b.campaign_name);
  const active = campaigns.filter((campaign) => campaign.status === 1).sort(byName);
  const inactive = campaigns.filter((campaign) => campaign.status !== 1).sort(byName);
  return [
    { value: '', label: 'All' },
    ...active.map((campaign) => ({ value: String(campaign.id), label: campaign.campaign_name })),
    ...inactive.map((campaign) => ({ value: String(campaign.id), label: `${campaign.campaign_name} (inactive)` })),
  ];
}

/** The verticals (industries tree, parent_id 0 a parent): one group per parent, the parent first, then its children. */
export function verticalOptions(industries: readonly { id: number; name: string; parent_id: number }[]): SelectGroup[] {
  const parents = industries
    .filter((industry) => industry.parent_id === 0)
    .sort((a, b) => a.name.localeCompare(b.name));
  const parentIds = new Set(parents.map((parent) => parent.id));
  const groups = parents.map((parent) => ({
    group: parent.name,
    items: [
      { value: String(parent.id), label: parent.name },
      ...industries
        .filter((industry) => industry.parent_id === parent.id)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((industry) => ({ value: String(industry.id), label: industry.name })),
    ],
  }));
  const orphans = industries.filter((industry) => industry.parent_id !== 0 && !parentIds.has(industry.parent_id));
  if (orphans.length > 0) {
    groups.push({
      group: 'Other',
      items: orphans.map((industry) => ({ value: String(industry.id), label: industry.name })),
    });
  }
  return groups;
}
