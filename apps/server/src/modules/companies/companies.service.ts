import type { CompanyListItem, UserType } from '@switchboard/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { clientAccounts } from '../clients/clients.table.ts';
import { companies, sites } from './companies.table.ts';

export interface CompanyActor {
  id: number;
  type: UserType;
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
