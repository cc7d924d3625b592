import { clampPerPage, defaultPerPage } from '../../components/page-window.ts';
import { api } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { ticketsKey, type TicketQueueFilters, type TicketsPage } from './api/tickets.ts';
import { blankFilters } from './components/use-queue-filters.ts';

/*
 * Issue 26 §2.10: after a reload the queue's first page was asked for only once GET /api/session had answered and the
 * shell had rendered. The route's loader calls this at the start of the navigation, so both requests go out together.
 * It writes the page under the key `useTicketQueue` reads (queue-prefetch.test.tsx holds the two together): the
 * filters, page and page length of the URL, or, on a bare URL, the filters this browser kept for the queue
 * (use-queue-filters.ts) when they are the same for every user it kept them for; otherwise the page asks itself.
 */

type QueueScope = 'tickets' | 'escalation';

const fixedFilters: Record<QueueScope, Partial<TicketQueueFilters>> = {
  tickets: {},
  escalation: { escalated: '1' },
};

function keptFilters(scope: QueueScope): Partial<TicketQueueFilters> | null {
  const prefix = `ticket-queue:${scope}:`;
  const kept = new Set<string>();
  for (let index = 0; index < localStorage.length; index++) {
    const key = localStorage.key(index);
    if (key?.startsWith(prefix)) kept.add(localStorage.getItem(key) ?? '{}');
  }
  if (kept.size === 0) return {};
  if (kept.size > 1) return null;
  try {
    return JSON.parse([...kept][0]) as Partial<TicketQueueFilters>;
  } catch {
    return {};
  }
}

/** What the queue at `url` will ask for first, or null when that depends on who the user turns out to be. */
export function firstQueueRequest(scope: QueueScope, url: URL) {
  const params = url.searchParams;
  const filters: TicketQueueFilters = { ...blankFilters };
  const source = params.size > 0 ? Object.fromEntries(params) : keptFilters(scope);
  if (source === null) return null;
  for (const key of Object.keys(blankFilters) as (keyof TicketQueueFilters)[]) {
    const value = source[key];
    if (typeof value === 'string') (filters as unknown as Record<string, string>)[key] = value;
  }
  filters.direction = filters.direction === 'asc' ? 'asc' : 'desc';
  const page = params.size > 0 ? Math.max(1, Number(params.get('page')) || 1) : 1;
  const perPage = params.size > 0 ? clampPerPage(params.get('per_page') ?? defaultPerPage) : defaultPerPage;
  return { filters: { ...filters, ...fixedFilters[scope] }, page, perPage };
}

/** Starts the queue's first request (unless already cached); errors are left to the page's own request. */
export function prefetchQueue(scope: QueueScope, url: URL): void {
  const request = firstQueueRequest(scope, url);
  if (!request) return;
  const { filters, page, perPage } = request;
  void queryClient.prefetchQuery({
    queryKey: [...ticketsKey, 'queue', filters, page, perPage] as const,
    queryFn: ({ signal }) =>
      api.get<TicketsPage>('/api/ticket', { query: { ...filters, page, per_page: perPage }, signal }),
  });
}
