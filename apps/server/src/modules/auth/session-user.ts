import type {
  AgentSettings,
  AgentSettingsUpdatedPayload,
  SessionEmployee,
  SessionUser,
  UserUpdatedPayload,
} from '@switchboard/shared';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { employeeDepartments, employees } from '../users/employees.table.ts';
import { agentPhoneNumbers, agentSettings } from '../phone-numbers/phone-numbers.table.ts';
import { departments } from '../reference/reference.table.ts';
import type { Realtime } from '../../plugins/realtime-api.ts';
import { getSettings } from '../settings/settings.service.ts';
import { users } from '../users/users.table.ts';
import type { AuthUser } from '../users/auth-context.ts';

// The user and agent settings of the login answers and GET /api/session (spec 1 §3.1, §3.4, §7.1).

/** The account fields of the session user; presentSessionUser below adds the settings and employee. */
export function toSessionUser(user: AuthUser): Omit<SessionUser, 'employee' | 'settings'> {
  return {
    id: user.id,
    type: user.type,
    role: user.role,
    name: user.name,
    shortname: user.shortname,
    email: user.email,
    photo: user.photo,
    avatar: user.photo,
    created_at: user.createdAt.toISOString(),
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
  };
}

/** The whole user of spec 1 §3.1: the account, its settings and, for staff, the employee record. */
export async function presentSessionUser(db: DbOrTransaction, user: AuthUser): Promise<SessionUser> {
  // One after the other: sign-ins answer inside their transaction (two-factor, shadowing), one query at a time.
  const settings = await getSettings(db, user.id);
  const staffRecord = user.type === 'Employee' ? await findSessionEmployee(db, user.id) : null;
  return { ...toSessionUser(user), employee: staffRecord, settings };
}

async function findSessionEmployee(db: DbOrTransaction, userId: number): Promise<SessionEmployee | null> {
  const [row] = await db.select().from(employees).where(eq(employees.userId, userId)).limit(1);
  if (!row) return null;
  const departmentRows = await db
    .select({ id: departments.id, name: departments.name })
    .from(employeeDepartments)
    .innerJoin(departments, eq(departments.id, employeeDepartments.departmentId))
    .where(eq(employeeDepartments.userId, userId))
    .orderBy(asc(departments.id));
  return {
    user_id: userId,
    title: row.title,
    region_id: row.regionId,
    phone_number: row.phoneNumber,
    departments: departmentRows,
  };
}

/** The saved agent settings (the employee form's Agent tab); has_settings once the phone can work. */
export async function loadAgentSettings(db: DbOrTransaction, userId: number): Promise<AgentSettings> {
  const [row] = await db
    .select({
      phoneNumber: agentPhoneNumbers.phoneNumber,
      callbackNumber: agentSettings.callbackNumber,
      sipUsername: agentSettings.sipUsername,
      connectionId: agentSettings.connectionId,
    })
    .from(agentSettings)
    .leftJoin(agentPhoneNumbers, eq(agentPhoneNumbers.id, agentSettings.phoneNumberId))
    .where(eq(agentSettings.userId, userId))
    .limit(1);
  return {
    // designs/crm-softphone.md §2.2: a line, a SIP username and a connection make a working phone.
    has_settings: Boolean(row?.phoneNumber && row.sipUsername && row.connectionId),
    phone_number: row?.phoneNumber ?? null,
    // The SIP username and the credential connection (designs/crm-softphone.md §2.2); never the password.
    username: row?.sipUsername ?? null,
    callback_number: row?.callbackNumber ?? null,
    connection_id: row?.connectionId ?? null,
  };
}

/** Who may hear about a user's changes: the realtime part of the app (absent in some unit setups). */
interface UserAnnouncer {
  db: DbOrTransaction;
  realtime?: Pick<Realtime, 'emitToUser'>;
  hasDecorator(name: string): boolean;
}

/** Pushes 'UserUpdated' with the session's user shape to the user's private channel (their open tabs). */
export async function announceUserUpdated(app: UserAnnouncer, userId: number): Promise<void> {
  if (!app.hasDecorator('realtime') || !app.realtime) return;
  const [row] = await app.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) return;
  const { passwordHash: _passwordHash, ...user } = row;
  const payload: UserUpdatedPayload = { user: await presentSessionUser(app.db, user) };
  app.realtime.emitToUser(userId, 'UserUpdated', payload);
}

/** Pushes 'AgentSettingsUpdated' with the saved agent settings (the softphone reads them). */
export async function announceAgentSettings(app: UserAnnouncer, userId: number): Promise<void> {
  if (!app.hasDecorator('realtime') || !app.realtime) return;
  const payload: AgentSettingsUpdatedPayload = { agent_settings: await loadAgentSettings(app.db, userId) };
  app.realtime.emitToUser(userId, 'AgentSettingsUpdated', payload);
}
