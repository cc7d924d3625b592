import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import type { AuthContext } from '../users/auth-context.ts';
import { crmLeads, crmSettings } from './crm.table.ts';

// Who sees which lead (designs/crm-softphone.md §4.1, §5): everyone with 'view crm' sees every lead when the CRM
// setting view_all_leads is on, and 'manage crm' always does; otherwise an agent sees only the leads they own
// (manager_id). The same condition filters the list, search, export, the API and the lead channel.

export type CrmSettingsRow = typeof crmSettings.$inferSelect;

export async function readCrmSettings(db: DbOrTransaction): Promise<CrmSettingsRow> {
  const [row] = await db.select().from(crmSettings).where(eq(crmSettings.id, 1)).limit(1);
  if (row) return row;
  // The migration inserts the row; a database restored without it still answers the defaults.
  const [inserted] = await db.insert(crmSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return inserted ?? (await readCrmSettings(db));
}

export function seesAllLeads(auth: AuthContext, settings: Pick<CrmSettingsRow, 'viewAllLeads'>): boolean {
  return settings.viewAllLeads || auth.permissions.includes('manage crm');
}

/** The live leads this user may see, as a condition on crm_leads. */
export function visibleLeadsCondition(auth: AuthContext, settings: Pick<CrmSettingsRow, 'viewAllLeads'>): SQL {
  const liveLead = isNull(crmLeads.deletedAt);
  return seesAllLeads(auth, settings) ? liveLead : and(liveLead, eq(crmLeads.managerId, auth.user.id))!;
}

/** May this user open (or follow on crm_lead_{id}) the lead? Staff with 'view crm' only; 404 otherwise. */
export async function mayViewLead(db: DbOrTransaction, auth: AuthContext, leadId: number): Promise<boolean> {
  if (auth.user.type !== 'Employee' || !auth.permissions.includes('view crm')) return false;
  const settings = await readCrmSettings(db);
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(crmLeads)
    .where(and(eq(crmLeads.id, leadId), visibleLeadsCondition(auth, settings)))
    .limit(1);
  return row !== undefined;
}
