import { SEARCH_LIMIT, type AccountSearchResult, type CompanySearchResult, type EmployeeSearchResult, type SearchResults } from '@switchboard/shared';
import { and, asc, desc, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { clientAccounts } from '../clients/clients.table.ts';
import { companies } from '../companies/companies.table.ts';
import { employees } from '../employees/employees.table.ts';
import { users } from '../users/users.table.ts';
import { companySearchDocument, userSearchDocument } from './search.sql.ts';

// Global search (issue 4 part 5): one function per kind, each answering at most SEARCH_LIMIT rows through a
// GIN expression index. Tickets, projects and articles add a function here and a key in SearchResults.
//
// Matching: every word of the query must begin a word of the document (PostgreSQL full text, prefix
// `:*`), so 'acm leg' finds 'Acme Legal' and 'gmail' finds 'jo@gmail.com'. No substring fallback: a
// fragment from inside a word ('cme') is not how people look things up, and a `%q%` scan could not use an index.

/**
 * The query's words as a prefix tsquery ('Jane O'Neil' → 'jane:* & o:* & neil:*'), or null when no word is
 * left. Only letters and digits survive, so nothing the user types reaches the tsquery syntax.
 */
export function toPrefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 12) ?? [];
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null;
}

function matches(document: SQL, query: string): SQL {
  return sql`${document} @@ to_tsquery('simple'::regconfig, ${query})`;
}

/** Names equal to the query first, then names starting with it, then by name. */
function byCloseness(name: AnyColumn, id: AnyColumn, text: string): SQL[] {
  const lowered = text.toLowerCase();
  const prefix = `${lowered.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return [desc(sql`lower(${name}) = ${lowered}`), desc(sql`lower(${name}) like ${prefix}`), asc(sql`lower(${name})`), asc(id)];
}

export async function searchCompanies(db: DbOrTransaction, text: string): Promise<CompanySearchResult[]> {
  const query = toPrefixQuery(text);
  if (!query) return [];
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(matches(companySearchDocument(companies.name), query))
    .orderBy(...byCloseness(companies.name, companies.id, text))
    .limit(SEARCH_LIMIT);
}

/** Enabled client accounts by name or e-mail, with their company. */
export async function searchAccounts(db: DbOrTransaction, text: string): Promise<AccountSearchResult[]> {
  const query = toPrefixQuery(text);
  if (!query) return [];
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, companyId: companies.id, companyName: companies.name })
    .from(users)
    .innerJoin(clientAccounts, eq(clientAccounts.userId, users.id))
    .innerJoin(companies, eq(companies.id, clientAccounts.companyId))
    .where(and(matches(userSearchDocument(users.name, users.email), query), eq(users.type, 'Client'), isNull(users.deletedAt)))
    .orderBy(...byCloseness(users.name, users.id, text))
    .limit(SEARCH_LIMIT);
  return rows.map((row) => ({ id: row.id, name: row.name, email: row.email, company: { id: row.companyId, name: row.companyName } }));
}

/** Enabled employees by name or e-mail, with their title. */
export async function searchEmployees(db: DbOrTransaction, text: string): Promise<EmployeeSearchResult[]> {
  const query = toPrefixQuery(text);
  if (!query) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email, title: employees.title })
    .from(users)
    .leftJoin(employees, eq(employees.userId, users.id))
    .where(and(matches(userSearchDocument(users.name, users.email), query), eq(users.type, 'Employee'), isNull(users.deletedAt)))
    .orderBy(...byCloseness(users.name, users.id, text))
    .limit(SEARCH_LIMIT);
}

/** GET /api/search: every kind at once. */
export async function searchEverything(db: DbOrTransaction, text: string): Promise<SearchResults> {
  const [companyResults, accountResults, employeeResults] = await Promise.all([
    searchCompanies(db, text),
    searchAccounts(db, text),
    searchEmployees(db, text),
  ]);
  return { companies: companyResults, accounts: accountResults, employees: employeeResults };
}
