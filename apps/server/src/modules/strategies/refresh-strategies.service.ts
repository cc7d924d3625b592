import {
  refreshGroupOfType,
  refreshGroups,
  refreshYearOf,
  type DeviceType,
  type RefreshDevice,
  type RefreshDeviceGroups,
  type RefreshStrategiesResponse,
  type RefreshStrategy,
  type RefreshStrategyInput,
} from '@switchboard/shared';
import { sanitizeStoredText } from '@switchboard/shared/html-policy';
import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { clientAccounts } from '../companies/client-accounts.table.ts';
import { sites } from '../companies/companies.table.ts';
import { devices } from '../devices/devices.table.ts';
import { users } from '../users/users.table.ts';
import { refreshStrategies, refreshStrategyRecipients } from './strategies.table.ts';

// Refresh strategies (spec 2 §2, §3, §7 GET/POST /api/strategies/refresh; decision 0050).

type StrategyRow = typeof refreshStrategies.$inferSelect;

const priorityColumns = {
  hdd_priority: 'hddPriority',
  printer_priority: 'printerPriority',
  modem_priority: 'modemPriority',
  router_priority: 'routerPriority',
  ap_priority: 'apPriority',
  server_priority: 'serverPriority',
  switches_priority: 'switchesPriority',
  ups_priority: 'upsPriority',
  workstation_priority: 'workstationPriority',
} as const;

/** The company's devices by refresh group, by site then name: one query. */
export async function refreshDevicesOf(db: DbOrTransaction, companyId: number): Promise<RefreshDeviceGroups> {
  const rows = await db
    .select({
      id: devices.id,
      type: devices.type,
      siteId: devices.siteId,
      site: sites.name,
      assetTag: devices.assetTag,
      name: devices.name,
      purchaseDate: devices.purchaseDate,
      warrantyDate: devices.warrantyDate,
    })
    .from(devices)
    .innerJoin(sites, eq(sites.id, devices.siteId))
    .where(eq(devices.companyId, companyId))
    .orderBy(asc(devices.type), asc(devices.name), asc(devices.id));
  const groups = Object.fromEntries(
    refreshGroups.map((entry) => [entry.group, [] as RefreshDevice[]]),
  ) as RefreshDeviceGroups;
  for (const row of rows) {
    const type = row.type as DeviceType;
    groups[refreshGroupOfType(type)].push({
      id: row.id,
      type,
      site_id: row.siteId,
      site: row.site,
      asset_tag: row.assetTag,
      name: row.name,
      purchase_date: row.purchaseDate,
      warranty_date: row.warrantyDate,
      refresh_year: refreshYearOf(row.purchaseDate),
    });
  }
  return groups;
}

/** Who may be e-mailed a company's strategy: its client accounts and staff, enabled ones, by name. */
export async function refreshRecipientOptions(db: DbOrTransaction, companyId: number) {
  const companyAccounts = db
    .select({ userId: clientAccounts.userId })
    .from(clientAccounts)
    .where(eq(clientAccounts.companyId, companyId));
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(isNull(users.deletedAt), or(eq(users.type, 'Employee'), inArray(users.id, companyAccounts))))
    .orderBy(asc(users.name), asc(users.id))
    .limit(2000);
}

function presentStrategy(
  row: StrategyRow,
  adder: { id: number; name: string } | null,
  recipients: (typeof refreshStrategyRecipients.$inferSelect)[],
): RefreshStrategy {
  return {
    id: row.id,
    date: row.date,
    company_id: row.companyId,
    emails: recipients
      .filter((recipient) => recipient.strategyId === row.id)
      .map((recipient) => ({ user_id: recipient.userId, name: recipient.name, email: recipient.email })),
    hdd_priority: row.hddPriority,
    printer_priority: row.printerPriority,
    modem_priority: row.modemPriority,
    router_priority: row.routerPriority,
    ap_priority: row.apPriority,
    server_priority: row.serverPriority,
    switches_priority: row.switchesPriority,
    ups_priority: row.upsPriority,
    workstation_priority: row.workstationPriority,
    overview: row.overview,
    user: adder,
    created_at: row.createdAt.toISOString(),
  };
}

/** A company's strategies, newest first (a company keeps a few a year; capped all the same). */
export async function listRefreshStrategies(
  db: DbOrTransaction,
  companyId: number,
  id?: number,
): Promise<RefreshStrategy[]> {
  const rows = await db
    .select({ strategy: refreshStrategies, adderId: users.id, adderName: users.name })
    .from(refreshStrategies)
    .leftJoin(users, eq(users.id, refreshStrategies.createdBy))
    .where(and(eq(refreshStrategies.companyId, companyId), id === undefined ? undefined : eq(refreshStrategies.id, id)))
    .orderBy(desc(refreshStrategies.date), desc(refreshStrategies.id))
    .limit(500);
  const ids = rows.map((row) => row.strategy.id);
  const recipients = ids.length
    ? await db
        .select()
        .from(refreshStrategyRecipients)
        .where(inArray(refreshStrategyRecipients.strategyId, ids))
        .orderBy(asc(refreshStrategyRecipients.name), asc(refreshStrategyRecipients.id))
    : [];
  return rows.map((row) =>
    presentStrategy(
      row.strategy,
      row.adderId === null ? null : { id: row.adderId, name: row.adderName ?? '' },
      recipients,
    ),
  );
}

export async function getRefreshStrategiesPage(
  db: DbOrTransaction,
  companyId: number,
): Promise<RefreshStrategiesResponse> {
  const [strategies, groups, options] = await Promise.all([
    listRefreshStrategies(db, companyId),
    refreshDevicesOf(db, companyId),
    refreshRecipientOptions(db, companyId),
  ]);
  return { strategies, devices: groups, users: options };
}

/** The strategy's company, or 404. */
export async function refreshStrategyCompany(db: DbOrTransaction, id: number): Promise<number> {
  const [row] = await db
    .select({ companyId: refreshStrategies.companyId })
    .from(refreshStrategies)
    .where(eq(refreshStrategies.id, id));
  if (!row) throw notFound();
  return row.companyId;
}

/**
 * Spec 2 §3 emails, users or typed addresses: a user must be staff or an account of the company (422 otherwise); a
 * typed address that is such a user's becomes that user, any other is kept with itself as its name. Each address once.
 */
async function resolveRecipients(
  db: DbOrTransaction,
  input: RefreshStrategyInput,
): Promise<{ id: number | null; name: string; email: string }[]> {
  if (input.emails.length === 0) return [];
  const options = await refreshRecipientOptions(db, input.company_id);
  const byId = new Map(options.map((option) => [option.id, option]));
  const byEmail = new Map(options.map((option) => [option.email.toLowerCase(), option]));
  const recipients = new Map<string, { id: number | null; name: string; email: string }>();
  for (const entry of input.emails) {
    const user = typeof entry === 'number' ? byId.get(entry) : byEmail.get(entry.toLowerCase());
    if (typeof entry === 'number' && !user)
      throw unprocessable({ emails: ['Each recipient must be staff or an account of this company.'] });
    const recipient = user ?? { id: null, name: entry as string, email: entry as string };
    if (!recipients.has(recipient.email.toLowerCase())) recipients.set(recipient.email.toLowerCase(), recipient);
  }
  return [...recipients.values()];
}

/**
 * Creates (no id) or updates (id of this company's strategy) a strategy and its recipients in one transaction.
 * Recipients must be staff or accounts of the company. Answers the id and who to mail.
 */
export async function saveRefreshStrategy(
  db: Db,
  input: RefreshStrategyInput,
  actor: { id: number },
): Promise<{ id: number; recipients: { name: string; email: string }[] }> {
  const allowed = await resolveRecipients(db, input);
  const values = {
    date: input.date,
    overview: sanitizeStoredText(input.overview),
    ...Object.fromEntries(
      Object.entries(priorityColumns).map(([field, column]) => [
        column,
        sanitizeStoredText(input[field as keyof typeof priorityColumns]),
      ]),
    ),
  } as Partial<StrategyRow> & { date: string };

  return db.transaction(async (tx) => {
    let id: number;
    if (input.id !== undefined) {
      const [updated] = await tx
        .update(refreshStrategies)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(refreshStrategies.id, input.id), eq(refreshStrategies.companyId, input.company_id)))
        .returning({ id: refreshStrategies.id });
      if (!updated) throw notFound();
      id = updated.id;
      await tx.delete(refreshStrategyRecipients).where(eq(refreshStrategyRecipients.strategyId, id));
    } else {
      const [created] = await tx
        .insert(refreshStrategies)
        .values({ ...values, companyId: input.company_id, createdBy: actor.id })
        .returning({ id: refreshStrategies.id });
      id = created.id;
    }
    if (allowed.length)
      await tx
        .insert(refreshStrategyRecipients)
        .values(allowed.map((user) => ({ strategyId: id, userId: user.id, name: user.name, email: user.email })));
    return { id, recipients: allowed.map(({ name, email }) => ({ name, email })) };
  });
}
