import type { TicketViewFilters } from '@switchboard/shared';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { clampPerPage, defaultPerPage } from '../../../components/page-window.ts';
import type { TicketQueueFilters } from '../api/tickets.ts';

export const blankFilters: TicketQueueFilters = {
  status: 'open',
  company_id: '',
  site_id: '',
  employee_id: '',
  triage_id: '',
  location: '',
  escalated: '',
  mine: '',
  search: '',
  sort: 'updated_at',
  direction: 'desc',
};
const filterKeys = Object.keys(blankFilters) as (keyof TicketQueueFilters)[];

/** The filters that differ from the defaults: what the URL and a saved view hold. */
export function changedFilters(filters: TicketQueueFilters): TicketViewFilters {
  return Object.fromEntries(
    filterKeys.filter((key) => filters[key] !== blankFilters[key]).map((key) => [key, filters[key]]),
  );
}

function filtersFrom(params: URLSearchParams): TicketQueueFilters {
  const filters = { ...blankFilters };
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value !== null) (filters as Record<string, string>)[key] = value;
  }
  filters.direction = filters.direction === 'asc' ? 'asc' : 'desc';
  return filters;
}

function paramsOf(filters: Partial<TicketQueueFilters>, page: number, perPage: number): URLSearchParams {
  const params = new URLSearchParams(changedFilters({ ...blankFilters, ...filters }) as Record<string, string>);
  if (page > 1) params.set('page', String(page));
  if (perPage !== defaultPerPage) params.set('per_page', String(perPage));
  return params;
}

/**
 * The queue's filters, page and page length live in the URL (issue 15 part 5), so a view can be shared, bookmarked
 * and reloaded. A bare URL takes this user's last filters of this queue from the browser (decision 0023).
 */
export function useQueueFilters(storageKey: string) {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const perPage = clampPerPage(params.get('per_page') ?? defaultPerPage);
  const write = (next: Partial<TicketQueueFilters>, nextPage: number, nextPerPage: number, replace = false) => {
    const nextParams = paramsOf(next, nextPage, nextPerPage);
    localStorage.setItem(storageKey, JSON.stringify(changedFilters({ ...blankFilters, ...next })));
    setParams(nextParams, { replace });
  };

  useEffect(() => {
    if (params.size > 0) return;
    try {
      const stored = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Partial<TicketQueueFilters>;
      const restored = paramsOf(stored, 1, defaultPerPage);
      if (restored.size > 0) setParams(restored, { replace: true });
    } catch {
      // A broken stored value is ignored: the queue opens with the defaults.
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storageKey]);

  return {
    filters,
    page,
    perPage,
    /** Changes some filters and goes back to the first page; `replace` for typing (one history entry). */
    change: (changes: Partial<TicketQueueFilters>, replace = false) =>
      write({ ...filters, ...changes }, 1, perPage, replace),
    /** Replaces every filter (a saved view, My tickets, Reset Filters). */
    apply: (next: TicketViewFilters) =>
      write(filtersFrom(new URLSearchParams(next as Record<string, string>)), 1, perPage),
    setPage: (next: number) => write(filters, next, perPage),
    setPerPage: (next: number) => write(filters, 1, next),
  };
}
