import { eq } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { clientAccounts } from './client-accounts.table.ts';
import { companies } from './companies.table.ts';

/** The company of a client account (null for staff or a user without one): what a client may see of shared lists. */
export async function clientCompanyOf(db: DbOrTransaction, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ companyId: clientAccounts.companyId })
    .from(clientAccounts)
    .where(eq(clientAccounts.userId, userId))
    .limit(1);
  return row?.companyId ?? null;
}

/** Whether the user is a company's primary user (nobody shadows one; handed to the auth routes by routes.ts). */
export async function isCompanyPrimaryUser(db: DbOrTransaction, userId: number): Promise<boolean> {
  const [primaryOf] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.primaryUserId, userId))
    .limit(1);
  return primaryOf !== undefined;
}
