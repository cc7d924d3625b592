import { z } from 'zod';
import { deviceTypes } from './device-types.ts';
import { isSearchableQuery, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from './search-limits.ts';

/**
 * Global search (issue 4 part 5, issue 15 part 4): one box, results grouped by kind. Whiteboard articles are staff's; projects join later.
 * A client account's answer holds only its own company's tickets; the other kinds are staff's (empty lists).
 */
export { isSearchableQuery, SEARCH_LIMIT, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from './search-limits.ts';

export const searchQuerySchema = z.object({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? 'The q field is required.' : 'The q must be a string.') })
    .trim()
    .refine(isSearchableQuery, `The q must be at least ${SEARCH_MIN_LENGTH} characters.`)
    .max(SEARCH_MAX_LENGTH, `The q may not be greater than ${SEARCH_MAX_LENGTH} characters.`),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const companySearchResultSchema = z.object({ id: z.number().int(), name: z.string() });
export type CompanySearchResult = z.infer<typeof companySearchResultSchema>;

/** A client account: its user id (the /accounts/edit/{id} route) and its company. */
export const accountSearchResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  company: z.object({ id: z.number().int(), name: z.string() }),
});
export type AccountSearchResult = z.infer<typeof accountSearchResultSchema>;

/** An employee: its user id (the /employees/edit/{id} route). */
export const employeeSearchResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  title: z.string().nullable(),
});
export type EmployeeSearchResult = z.infer<typeof employeeSearchResultSchema>;

/** A ticket (the /ticket/{id} route): its number, subject, company and status name. */
export const ticketSearchResultSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  company: z.object({ id: z.number().int(), name: z.string() }),
  status: z.string(),
});
export type TicketSearchResult = z.infer<typeof ticketSearchResultSchema>;

/** A device (the /companies/{companyId}/devices/{dType}/edit/{dId} route): its name, type, asset tag and company. */
export const deviceSearchResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(deviceTypes),
  asset_tag: z.string().nullable(),
  company: z.object({ id: z.number().int(), name: z.string() }),
});
export type DeviceSearchResult = z.infer<typeof deviceSearchResultSchema>;

/** A whiteboard article (the /whiteboard/{id} route): its title and category. Staff only. */
export const articleSearchResultSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category_id: z.number().int(),
});
export type ArticleSearchResult = z.infer<typeof articleSearchResultSchema>;

export const searchResultsSchema = z.object({
  tickets: z.array(ticketSearchResultSchema),
  devices: z.array(deviceSearchResultSchema),
  companies: z.array(companySearchResultSchema),
  accounts: z.array(accountSearchResultSchema),
  employees: z.array(employeeSearchResultSchema),
  articles: z.array(articleSearchResultSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

export const searchResponseSchema = z.object({ data: searchResultsSchema });
export type SearchResponse = z.infer<typeof searchResponseSchema>;
