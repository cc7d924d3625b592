import { z } from 'zod';

/** Global search (issue 4 part 5): one box, results grouped by kind. Tickets, projects and articles join later. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** Results per kind. */
export const SEARCH_LIMIT = 8;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? 'The q field is required.' : 'The q must be a string.') })
    .trim()
    .min(SEARCH_MIN_LENGTH, `The q must be at least ${SEARCH_MIN_LENGTH} characters.`)
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

export const searchResultsSchema = z.object({
  companies: z.array(companySearchResultSchema),
  accounts: z.array(accountSearchResultSchema),
  employees: z.array(employeeSearchResultSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

export const searchResponseSchema = z.object({ data: searchResultsSchema });
export type SearchResponse = z.infer<typeof searchResponseSchema>;
