export const adminPath = '/admin';
export const outboxPath = '/admin/outbox';
export const outboxMessagePath = (id: number): string => `${outboxPath}/${id}`;

/** Router state a message view gets from the list: the list's query, so the way back returns to the same page. */
export interface OutboxLinkState {
  listSearch: string;
}

export function readOutboxLinkState(state: unknown): OutboxLinkState | null {
  if (typeof state !== 'object' || state === null) return null;
  const listSearch = (state as Record<string, unknown>).listSearch;
  return typeof listSearch === 'string' && (listSearch === '' || listSearch.startsWith('?')) ? { listSearch } : null;
}
