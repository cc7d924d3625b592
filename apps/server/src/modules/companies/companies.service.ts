import type { CompanyListItem, CompanyRow, CreateCompanyInput, UserType } from '@switchboard/shared';
import { and, asc, count, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { paginate, type Page, type PageQuery } from '../../db/paginate.ts';
import { clientAccounts } from './client-accounts.table.ts';
import { industries } from '../reference/reference.table.ts';
import { users } from '../users/users.table.ts';
import { companies, sites } from './companies.table.ts';

export interface CompanyActor {
  id: number;
  type: UserType;
}

/** Folder of DATA_DIR/uploads holding company logos; served publicly by GET /api/company/logo/{file}. */
export const companyLogoFolder = 'company-logos';
export const companyLogoUrlPrefix = '/api/company/logo/';
export const companyLogoFilePattern = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

export const logoExtensions: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
export const logoContentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The URL the app serves a stored logo path ("uploads/company-logos/<name>") under, or null. */
export function logoUrl(logo: string | null): string | null {
  if (!logo) return null;
  const file = logo.split('/').pop() ?? '';
  return companyLogoFilePattern.test(file) ? `${companyLogoUrlPrefix}${file}` : null;
}

/** GET /api/company.list: employees see every company; a client account only the company it belongs to. */
export async function listCompanyOptions(db: DbOrTransaction, actor: CompanyActor): Promise<CompanyListItem[]> {
  const ownCompany =
    actor.type === 'Employee'
      ? undefined
      : inArray(
          companies.id,
          db.select({ id: clientAccounts.companyId }).from(clientAccounts).where(eq(clientAccounts.userId, actor.id)),
        );
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(ownCompany)
    .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id));
}

/** GET /api/companies/sites.list.{companyId} (spec 1 §7.2): the company's sites as { id, name }, by name. */
export async function listSiteOptions(db: DbOrTransaction, companyId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(eq(sites.companyId, companyId))
    .orderBy(asc(sql`lower(${sites.name})`), asc(sites.id));
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /api/company: one page of companies by name, with industry and counts from grouped subqueries. */
export async function listCompanies(
  db: DbOrTransaction,
  query: PageQuery,
  filter: { company?: string | undefined },
): Promise<Page<CompanyRow>> {
  const where = filter.company ? ilike(companies.name, `%${escapeLike(filter.company)}%`) : undefined;
  const siteCounts = db
    .select({ companyId: sites.companyId, n: count().as('sites_n') })
    .from(sites)
    .groupBy(sites.companyId)
    .as('site_counts');
  const accountCounts = db
    .select({ companyId: clientAccounts.companyId, n: count().as('accounts_n') })
    .from(clientAccounts)
    .innerJoin(users, eq(users.id, clientAccounts.userId))
    .where(and(eq(users.type, 'Client'), isNull(users.deletedAt)))
    .groupBy(clientAccounts.companyId)
    .as('account_counts');
  return paginate(
    query,
    () => db.$count(companies, where),
    async (limit, offset) => {
      const rows = await db
        .select({
          id: companies.id,
          name: companies.name,
          logo: companies.logo,
          industryId: industries.id,
          industryName: industries.name,
          sites: siteCounts.n,
          accounts: accountCounts.n,
          createdAt: companies.createdAt,
        })
        .from(companies)
        .leftJoin(industries, eq(industries.id, companies.industryId))
        .leftJoin(siteCounts, eq(siteCounts.companyId, companies.id))
        .leftJoin(accountCounts, eq(accountCounts.companyId, companies.id))
        .where(where)
        .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        logo_url: logoUrl(row.logo),
        industry:
          row.industryId === null || row.industryName === null ? null : { id: row.industryId, name: row.industryName },
        sites_count: Number(row.sites ?? 0),
        accounts_count: Number(row.accounts ?? 0),
        created_at: row.createdAt.toISOString(),
      }));
    },
  );
}

export async function industryExists(db: DbOrTransaction, id: number): Promise<boolean> {
  const [row] = await db.select({ id: industries.id }).from(industries).where(eq(industries.id, id)).limit(1);
  return row !== undefined;
}

/** POST /api/company: inserts the company (the logo is already stored) and answers its id. */
export async function createCompany(
  db: DbOrTransaction,
  input: CreateCompanyInput,
  logo: string | null,
): Promise<number> {
  const [row] = await db
    .insert(companies)
    .values({ name: input.name, industryId: input.industry_id, website: input.website, logo })
    .returning({ id: companies.id });
  return row!.id;
}
