import {
  accountChangeForbiddenMessage,
  clientAccountFieldGroups,
  forbiddenAccountFields,
  type ClientAccountFormField,
  type CredentialChangeField,
  clientAccountCompanyInvalidMessage,
  clientAccountPrimaryDeleteMessage,
  clientAccountSiteInvalidMessage,
  type ClientAccount,
  type CreateClientAccountInput,
  type ClientAccountOption,
  type UpdateClientAccountInput,
} from '@switchboard/shared';
import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { paginate, type Page, type PageQuery } from '../../db/paginate.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../plugins/errors.ts';
import { hashPassword } from '../auth/password.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { users } from '../users/users.table.ts';
import { clientAccounts } from '../companies/client-accounts.table.ts';
import { assertEmailFree, shortnameOf, withEmailUniqueness } from '../users/user-email.ts';
import { revokeUserSessions } from '../auth/session-revocation.ts';
import type { RequestActor } from '../users/account-actor.ts';
import {
  isRecordedCredentialChange,
  recordCredentialChange,
  type CredentialChange,
} from '../users/credential-changes.service.ts';

// Client accounts (spec 1 §2.6, §3.9, §7.5): a users row of type Client plus its client_accounts row. Disabled
// accounts (deleted_at set) are neither listed nor editable.

export interface ClientAccountListFilter {
  company_id?: number | null | undefined;
  search?: string | null | undefined;
}

const enabledClient = (...conditions: (SQL | undefined)[]) =>
  and(eq(users.type, 'Client'), isNull(users.deletedAt), ...conditions);

function filterConditions(filter: ClientAccountListFilter): SQL | undefined {
  const search = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return enabledClient(
    filter.company_id ? eq(clientAccounts.companyId, filter.company_id) : undefined,
    search ? or(sql`${users.name} ilike ${search}`, sql`${users.email} ilike ${search}`) : undefined,
  );
}

function selectAccounts(db: DbOrTransaction) {
  return db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      photo: users.photo,
      companyId: companies.id,
      companyName: companies.name,
      primaryUserId: companies.primaryUserId,
      siteId: sites.id,
      siteName: sites.name,
      title: clientAccounts.title,
      officeNumber: clientAccounts.officeNumber,
      phoneNumber: clientAccounts.phoneNumber,
    })
    .from(clientAccounts)
    .innerJoin(users, eq(users.id, clientAccounts.userId))
    .innerJoin(companies, eq(companies.id, clientAccounts.companyId))
    .leftJoin(sites, eq(sites.id, clientAccounts.siteId));
}

type AccountRow = Awaited<ReturnType<ReturnType<typeof selectAccounts>['execute']>>[number];

function toClientAccount(row: AccountRow): ClientAccount {
  return {
    user_id: row.userId,
    user: { name: row.name, email: row.email, photo: row.photo },
    company: { id: row.companyId, name: row.companyName },
    site: row.siteId === null || row.siteName === null ? null : { id: row.siteId, name: row.siteName },
    title: row.title,
    office_number: row.officeNumber,
    phone_number: row.phoneNumber,
    company_id: row.companyId,
    is_primary: row.primaryUserId === row.userId,
  };
}

/** GET /api/users/client: enabled accounts ordered by name, optionally of one company and matching a search. */
export async function listClientAccounts(
  db: DbOrTransaction,
  query: PageQuery,
  filter: ClientAccountListFilter,
): Promise<Page<ClientAccount>> {
  const where = filterConditions(filter);
  return paginate(
    query,
    async () => {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(clientAccounts)
        .innerJoin(users, eq(users.id, clientAccounts.userId))
        .where(where);
      return row?.count ?? 0;
    },
    async (limit, offset) => {
      const rows = await selectAccounts(db)
        .where(where)
        .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
        .limit(limit)
        .offset(offset);
      return rows.map(toClientAccount);
    },
  );
}

/** GET /api/users/client/{id}: the enabled account, or a 404. */
export async function getClientAccount(db: DbOrTransaction, userId: number): Promise<ClientAccount> {
  const [row] = await selectAccounts(db)
    .where(enabledClient(eq(users.id, userId)))
    .limit(1);
  if (!row) throw notFound();
  return toClientAccount(row);
}

/** GET /api/users/client.list.{companyId}: the enabled accounts as { id, name, user_id, user: { name } }, by name. */
export async function listClientAccountOptions(db: DbOrTransaction, companyId: number): Promise<ClientAccountOption[]> {
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(clientAccounts)
    .innerJoin(users, eq(users.id, clientAccounts.userId))
    .where(enabledClient(eq(clientAccounts.companyId, companyId)))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  return rows.map(({ id, name }) => ({ id, name, user_id: id, user: { name } }));
}

/** The company must exist and the site, when given, must belong to it: field errors otherwise. */
async function assertCompanyAndSite(db: DbOrTransaction, companyId: number, siteId: number | null): Promise<void> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw unprocessable({ company_id: [clientAccountCompanyInvalidMessage] });
  if (siteId === null) return;
  const [site] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.companyId, companyId)))
    .limit(1);
  if (!site) throw unprocessable({ site_id: [clientAccountSiteInvalidMessage] });
}

/** POST /api/users/client: the users row (type Client) and its client_accounts row in one transaction. */
export async function createClientAccount(db: Db, input: CreateClientAccountInput): Promise<{ id: number }> {
  await assertCompanyAndSite(db, input.company_id, input.site_id);
  await assertEmailFree(db, input.email);
  const passwordHash = await hashPassword(input.password);
  return withEmailUniqueness(() =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          type: 'Client',
          role: 'user',
          name: input.name,
          shortname: shortnameOf(input.name),
          email: input.email,
          passwordHash,
        })
        .returning({ id: users.id });
      await tx.insert(clientAccounts).values({
        userId: created.id,
        companyId: input.company_id,
        siteId: input.site_id,
        title: input.title,
        phoneNumber: input.phone_number,
        officeNumber: input.office_number,
      });
      return { id: created.id };
    }),
  );
}

export interface UpdateClientAccountResult {
  /** Sessions revoked because the password changed. */
  revokedSessionIds: string[];
  /** Someone on staff changed the account's credentials: recorded; the route mails the owner. */
  credentialChange: CredentialChange | null;
}

/** The form fields whose submitted value differs from the account as stored. */
function changedClientAccountFields(current: ClientAccount, input: UpdateClientAccountInput): ClientAccountFormField[] {
  const differs: Record<ClientAccountFormField, boolean> = {
    name: input.name !== current.user.name,
    title: input.title !== current.title,
    site_id: input.site_id !== (current.site?.id ?? null),
    phone_number: input.phone_number !== current.phone_number,
    office_number: input.office_number !== current.office_number,
    email: input.email !== current.user.email,
    password: input.password !== undefined,
    company_id: input.company_id !== current.company_id,
  };
  return (Object.keys(differs) as ClientAccountFormField[]).filter((field) => differs[field]);
}

const clientCredentialFields: Partial<Record<ClientAccountFormField, CredentialChangeField>> = {
  email: 'email',
  password: 'password',
  company_id: 'company',
};

const clientTarget = (userId: number) => ({ id: userId, type: 'Client', role: 'user' }) as const;

/**
 * PUT /api/users/client/{user_id} under decision 0025: staff change the profile fields; the e-mail, password and
 * company need the administrator type, and such a change is recorded. A change the actor may not make is refused
 * whole (403). An absent or empty password keeps the current one; a new password signs the account out
 * everywhere. A changed e-mail is no longer verified.
 */
export async function updateClientAccount(
  db: Db,
  userId: number,
  input: UpdateClientAccountInput,
  actor: RequestActor,
): Promise<UpdateClientAccountResult> {
  const current = await getClientAccount(db, userId);
  const changed = changedClientAccountFields(current, input);
  const refused = forbiddenAccountFields(actor, clientTarget(userId), changed, clientAccountFieldGroups);
  if (refused.length > 0) throw forbidden(accountChangeForbiddenMessage(refused));
  await assertCompanyAndSite(db, input.company_id, input.site_id);
  await assertEmailFree(db, input.email, userId);
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  const emailChanged = current.user.email.toLowerCase() !== input.email.toLowerCase();
  const change: CredentialChange = {
    actor,
    target: { id: userId, name: current.user.name, email: current.user.email },
    fields: changed.flatMap((field) => clientCredentialFields[field] ?? []),
    newEmail: changed.includes('email') ? input.email : undefined,
    ipAddress: actor.ipAddress,
  };
  const credentialChange = isRecordedCredentialChange(change) ? change : null;
  return withEmailUniqueness(() =>
    db.transaction(async (tx) => {
      const updated = await tx
        .update(users)
        .set({
          name: input.name,
          shortname: shortnameOf(input.name),
          email: input.email,
          ...(passwordHash === undefined ? {} : { passwordHash }),
          ...(emailChanged ? { emailVerifiedAt: null } : {}),
          updatedAt: sql`now()`,
        })
        .where(enabledClient(eq(users.id, userId)))
        .returning({ id: users.id });
      if (updated.length === 0) throw notFound();
      await tx
        .update(clientAccounts)
        .set({
          companyId: input.company_id,
          siteId: input.site_id,
          title: input.title,
          phoneNumber: input.phone_number,
          officeNumber: input.office_number,
        })
        .where(eq(clientAccounts.userId, userId));
      if (credentialChange) await recordCredentialChange(tx, credentialChange);
      const revokedSessionIds = passwordHash === undefined ? [] : await revokeUserSessions(tx, userId);
      return { revokedSessionIds, credentialChange };
    }),
  );
}

/**
 * DELETE /api/users/client/{user_id}: disables the account (deleted_at) and revokes its sessions; gated by 'delete
 * client accounts' (spec 1 §6), recorded as a change of the account's status and told to its owner. A company's
 * primary account is refused with 409, since the company must keep it.
 */
export async function disableClientAccount(db: Db, userId: number, actor: RequestActor): Promise<CredentialChange> {
  const account = await getClientAccount(db, userId);
  if (account.is_primary) throw conflict(clientAccountPrimaryDeleteMessage);
  const change: CredentialChange = {
    actor,
    target: { id: userId, name: account.user.name, email: account.user.email },
    fields: ['enabled'],
    ipAddress: actor.ipAddress,
  };
  await db.transaction(async (tx) => {
    const disabled = await tx
      .update(users)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(enabledClient(eq(users.id, userId)))
      .returning({ id: users.id });
    if (disabled.length === 0) throw notFound();
    await revokeUserSessions(tx, userId);
    await recordCredentialChange(tx, change);
  });
  return change;
}
