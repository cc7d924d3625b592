// Without zod, so a page that needs only these does not download it (decision 0029).

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** Results per kind. */
export const SEARCH_LIMIT = 8;

/** Whether a trimmed query is long enough to search: 2 characters, or a ticket number of one digit ('7', '#7'). */
export function isSearchableQuery(query: string): boolean {
  return query.length >= SEARCH_MIN_LENGTH || /^#?\d+$/.test(query);
}
