import {
  accountChangeForbiddenMessage,
  canChangeAccountField,
  canCreateEmployee,
  canEditAccount,
  employeeFieldGroups,
  employeeManagerInvalidMessage,
  forbiddenAccountFields,
  permissionNames,
  sipUsernameTakenMessage,
  type CreateEmployeeInput,
  type CredentialChangeField,
  type EmployeeDetail,
  type EmployeeFormField,
  type UpdateEmployeeInput,
} from '@switchboard/shared';
import type { RehireInput, SeparationInput } from '@switchboard/shared/hr/employment';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTransaction, Transaction } from '../../db/client.ts';
import { afterCommitQueue, emitDomainEvent } from '../../plugins/domain-events.ts';
import { forbidden, notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { hashPassword } from '../auth/password.ts';
import { revokeUserSessions } from '../auth/session-revocation.ts';
import { disableTwoFactor } from '../auth/twofactor.service.ts';
import { listPermissionNames, setUserPermissions } from '../permissions/permissions.service.ts';
import { agentPhoneNumbers, agentSettings } from '../phone-numbers/phone-numbers.table.ts';
import { sealSipPassword, sipPasswordKey } from '../secrets/sip-password.ts';
import { departments, regions, timezones } from '../reference/reference.table.ts';
import { sessions } from '../auth/auth.table.ts';
import { closeOpenTimeclockEntry } from '../timeclock/timeclock.service.ts';
import { assertEmailFree, shortnameOf, withEmailUniqueness } from '../users/user-email.ts';
import type { RequestActor } from '../users/account-actor.ts';
import {
  isRecordedCredentialChange,
  recordCredentialChange,
  type CredentialChange,
} from '../users/credential-changes.service.ts';
import { assertCurrentPassword } from '../auth/current-password.ts';
import { users } from '../users/users.table.ts';
import { employeeDepartments, employees } from '../users/employees.table.ts';

// Employee create, edit and read (spec 1 §2.6, §3.10, §7.6; decision 0021).

/** GET /api/users/employee/{id}: the employee with departments, permissions, agent settings and last activity. */
export async function getEmployeeDetail(db: DbOrTransaction, userId: number): Promise<EmployeeDetail> {
  const [row] = await db
    .select({ user: users, employee: employees, regionName: regions.name })
    .from(users)
    .leftJoin(employees, eq(employees.userId, users.id))
    .leftJoin(regions, eq(regions.id, employees.regionId))
    .where(and(eq(users.id, userId), eq(users.type, 'Employee')))
    .limit(1);
  if (!row) throw notFound();
  const managerId = row.employee?.managerId ?? null;
  const [departmentRows, permissions, agent, lastSession, managerRows] = await Promise.all([
    db
      .select({ id: departments.id, name: departments.name })
      .from(employeeDepartments)
      .innerJoin(departments, eq(departments.id, employeeDepartments.departmentId))
      .where(eq(employeeDepartments.userId, userId))
      .orderBy(asc(departments.name)),
    listPermissionNames(db, userId),
    db
      .select({ settings: agentSettings, phoneNumber: agentPhoneNumbers.phoneNumber })
      .from(agentSettings)
      .leftJoin(agentPhoneNumbers, eq(agentPhoneNumbers.id, agentSettings.phoneNumberId))
      .where(eq(agentSettings.userId, userId))
      .limit(1),
    db
      .select({ lastActivity: sessions.lastActivity })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.lastActivity))
      .limit(1),
    managerId === null
      ? []
      : db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, managerId)).limit(1),
  ]);
  const { user, employee } = row;
  const agentRow = agent[0];
  return {
    user_id: user.id,
    user: {
      id: user.id,
      role: user.role,
      name: user.name,
      email: user.email,
      photo: user.photo,
      shortname: user.shortname,
      permissions,
      two_factor: { twofactor_enabled: user.twofactorEnabled },
    },
    title: employee?.title ?? null,
    region_id: employee?.regionId ?? null,
    region: employee?.regionId && row.regionName ? { id: employee.regionId, name: row.regionName } : null,
    phone_number: employee?.phoneNumber ?? null,
    address: employee?.address ?? null,
    city: employee?.city ?? null,
    state: employee?.state ?? null,
    zip: employee?.zip ?? null,
    timezone_id: employee?.timezoneId ?? null,
    start_date: employee?.startDate ?? null,
    birthday: employee?.birthday ?? null,
    pto_start_date: employee?.ptoStartDate ?? null,
    accrual_rollover_limit: Number(employee?.accrualRolloverLimit ?? 0),
    lump_sum_rollover_limit: Number(employee?.lumpSumRolloverLimit ?? 0),
    manager_id: managerId,
    manager: managerRows[0] ?? null,
    work_hours: employee?.workHours ?? null,
    departments: departmentRows,
    agent_settings: agentRow
      ? {
          phone_number_id: agentRow.settings.phoneNumberId,
          phone_info: agentRow.phoneNumber ? { phone_number: agentRow.phoneNumber } : null,
          reminder_emails: agentRow.settings.reminderEmails,
          callback_number: agentRow.settings.callbackNumber,
          sip_username: agentRow.settings.sipUsername,
          telephony_credential_id: agentRow.settings.telephonyCredentialId,
          connection_id: agentRow.settings.connectionId,
        }
      : null,
    deleted_at: user.deletedAt?.toISOString() ?? null,
    latest_session: lastSession[0] ? { last_activity: new Date(lastSession[0].lastActivity).toISOString() } : null,
  };
}

/** Reference ids must exist, and an agent number must be free or already this employee's. */
async function assertReferences(
  db: DbOrTransaction,
  input: CreateEmployeeInput | UpdateEmployeeInput,
  userId: number | null,
  manageCrm: boolean,
): Promise<void> {
  const errors: FieldErrors = {};
  const exists = async (table: typeof regions | typeof timezones, id: number | null) =>
    id === null || (await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1)).length > 0;
  if (!(await exists(regions, input.region_id))) errors.region_id = ['The selected region is invalid.'];
  if (!(await exists(timezones, input.timezone_id))) errors.timezone_id = ['The selected timezone is invalid.'];
  if (input.departments.length) {
    const found = await db
      .select({ id: departments.id })
      .from(departments)
      .where(inArray(departments.id, input.departments));
    if (found.length !== new Set(input.departments).size)
      errors.departments = ['The selected departments are invalid.'];
  }
  const unknown = (input.permissions ?? []).filter((name) => !(permissionNames as readonly string[]).includes(name));
  if (unknown.length) errors.permissions = [`Unknown permissions: ${unknown.join(', ')}.`];
  // designs/hr.md §2.2: an enabled employee other than this one (the database refuses oneself too).
  if (input.manager_id !== undefined && input.manager_id !== null) {
    const [manager] =
      input.manager_id === userId
        ? []
        : await db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.id, input.manager_id), eq(users.type, 'Employee'), isNull(users.deletedAt)))
            .limit(1);
    if (!manager) errors.manager_id = [employeeManagerInvalidMessage];
  }
  if (manageCrm && input.agent_number) {
    const [line] = await db
      .select({ id: agentPhoneNumbers.id, userId: agentSettings.userId })
      .from(agentPhoneNumbers)
      .leftJoin(agentSettings, eq(agentSettings.phoneNumberId, agentPhoneNumbers.id))
      .where(eq(agentPhoneNumbers.id, input.agent_number))
      .limit(1);
    if (!line) errors.agent_number = ['The selected agent number is invalid.'];
    else if (line.userId !== null && line.userId !== userId)
      errors.agent_number = ['This phone number is assigned to another agent.'];
  }
  if (manageCrm && input.sip_username) {
    const [holder] = await db
      .select({ userId: agentSettings.userId })
      .from(agentSettings)
      .where(eq(agentSettings.sipUsername, input.sip_username))
      .limit(1);
    if (holder && holder.userId !== userId) errors.sip_username = [sipUsernameTakenMessage];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

const employeeValues = (input: CreateEmployeeInput | UpdateEmployeeInput) => ({
  title: input.title,
  regionId: input.region_id,
  phoneNumber: input.phone_number,
  address: input.address,
  city: input.city,
  state: input.state,
  zip: input.zip,
  timezoneId: input.timezone_id,
  startDate: input.start_date,
  birthday: input.birthday,
  ptoStartDate: input.pto_start_date,
  accrualRolloverLimit: String(input.accrual_rollover_limit),
  lumpSumRolloverLimit: String(input.lump_sum_rollover_limit),
  // Absent (a client that does not send them) keeps what is stored.
  ...(input.manager_id === undefined ? {} : { managerId: input.manager_id }),
  ...(input.work_hours === undefined ? {} : { workHours: input.work_hours }),
});

async function writeDepartments(tx: Transaction, userId: number, ids: number[]): Promise<void> {
  await tx.delete(employeeDepartments).where(eq(employeeDepartments.userId, userId));
  const unique = [...new Set(ids)];
  if (unique.length)
    await tx.insert(employeeDepartments).values(unique.map((departmentId) => ({ userId, departmentId })));
}

async function writeAgentSettings(
  tx: Transaction,
  userId: number,
  input: CreateEmployeeInput | UpdateEmployeeInput,
): Promise<void> {
  const values = {
    phoneNumberId: input.agent_number ?? null,
    reminderEmails: input.reminder_emails ?? 0,
    callbackNumber: input.callback_number ?? null,
    // The telephony login (designs/crm-softphone.md §2.2): absent keeps what is stored.
    ...(input.sip_username === undefined ? {} : { sipUsername: input.sip_username }),
    ...(input.telephony_credential_id === undefined ? {} : { telephonyCredentialId: input.telephony_credential_id }),
    ...(input.connection_id === undefined ? {} : { connectionId: input.connection_id }),
    ...(input.sip_password === undefined
      ? {}
      : { sipPasswordEnc: sealSipPassword(await sipPasswordKey(tx), input.sip_password) }),
    updatedAt: new Date(),
  };
  await tx
    .insert(agentSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: agentSettings.userId, set: values });
}

/**
 * POST /api/users/employee: the user, employee details, departments, and (with the actor's right to grant them)
 * permissions and agent settings, in one transaction. `photo` is the stored photo's URL.
 */
export async function createEmployee(
  db: Db,
  input: CreateEmployeeInput,
  photo: string | null,
  actor: RequestActor,
): Promise<number> {
  if (!canCreateEmployee(actor)) throw forbidden();
  const manageCrm = actor.permissions.includes('manage crm');
  await assertReferences(db, input, null, manageCrm);
  await assertEmailFree(db, input.email);
  const passwordHash = await hashPassword(input.password);
  return withEmailUniqueness(() =>
    db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          type: 'Employee',
          role: 'user',
          name: input.name,
          shortname: shortnameOf(input.name),
          email: input.email,
          passwordHash,
          photo,
          ...(input.active === 1 ? { deletedAt: new Date() } : {}),
        })
        .returning({ id: users.id });
      const userId = user!.id;
      await tx.insert(employees).values({ userId, ...employeeValues(input) });
      await writeDepartments(tx, userId, input.departments);
      // Sent without the right to change permissions, they are ignored (decision 0022); with it, bounded (0057).
      const newcomer = { id: userId, type: 'Employee', role: 'user' } as const;
      if (input.permissions && canChangeAccountField(actor, newcomer, 'permissions'))
        await setUserPermissions(tx, userId, input.permissions, actor);
      if (manageCrm && input.agent_number !== undefined) await writeAgentSettings(tx, userId, input);
      // HR records the hire on the start date (else today); an employee created disabled was never employed here.
      if (input.active !== 1)
        await emitDomainEvent(db, 'employeeCreated', { tx, userId, actorId: actor.id, startDate: input.start_date });
      return userId;
    }),
  );
}

export interface UpdateEmployeeResult {
  revokedSessionIds: string[];
  /** Set when the employee was disabled: every session ended. */
  disabled: boolean;
  permissions: string[] | null;
  /** The photo the update replaced, to delete from storage. */
  replacedPhoto: string | null;
  /** The employee's credentials changed (by anyone, decision 0057): recorded; the route mails the owner. */
  credentialChange: CredentialChange | null;
  /** Whose agent settings were written: the employee's, and another agent's whose line moved to them. */
  agentSettingsUserIds: number[];
}

type EmployeeRow = typeof employees.$inferSelect;

/** The employee as the edit compares it: the users row's sign-in fields, the employee row and department ids. */
async function loadEmployeeForEdit(db: DbOrTransaction, userId: number) {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      role: users.role,
      deletedAt: users.deletedAt,
      photo: users.photo,
      twofactorEnabled: users.twofactorEnabled,
      employee: employees,
    })
    .from(users)
    .leftJoin(employees, eq(employees.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.type, 'Employee')))
    .limit(1);
  if (!row) throw notFound();
  const departmentRows = await db
    .select({ id: employeeDepartments.departmentId })
    .from(employeeDepartments)
    .where(eq(employeeDepartments.userId, userId));
  return { ...row, departmentIds: departmentRows.map((department) => department.id) };
}
type EmployeeForEdit = Awaited<ReturnType<typeof loadEmployeeForEdit>>;

const sameSet = (a: readonly number[], b: readonly number[]) =>
  new Set(a).size === new Set(b).size && a.every((id) => b.includes(id));

/** Form fields stored as they are in one column of the employees row. */
const employeeColumns = {
  title: 'title',
  phone_number: 'phoneNumber',
  address: 'address',
  city: 'city',
  state: 'state',
  zip: 'zip',
  region_id: 'regionId',
  timezone_id: 'timezoneId',
  start_date: 'startDate',
  birthday: 'birthday',
  pto_start_date: 'ptoStartDate',
} as const;
type EmployeeColumn = (typeof employeeColumns)[keyof typeof employeeColumns];
const cents = (value: number | string | null | undefined) => Math.round(Number(value ?? 0) * 100);

/** A week as text, to compare the submitted one with the stored one (integer-like keys always list in order). */
const weekText = (week: Record<string, number> | null | undefined) => (week ? JSON.stringify(week) : null);

/** The form fields whose submitted value differs from what is stored (permissions and agent fields aside). */
function changedEmployeeFields(
  current: EmployeeForEdit,
  input: UpdateEmployeeInput,
  newPhoto: boolean,
): EmployeeFormField[] {
  const stored: Partial<EmployeeRow> = current.employee ?? {};
  const differs: Partial<Record<EmployeeFormField, boolean>> = {
    name: input.name !== current.name,
    photo: newPhoto,
    email: input.email !== current.email,
    password: input.password !== undefined,
    // Two-factor can only be switched off here.
    twofactor_enabled: current.twofactorEnabled && input.twofactor_enabled === 0,
    active: (input.active === 1) !== (current.deletedAt !== null),
    departments: !sameSet(input.departments, current.departmentIds),
    accrual_rollover_limit: cents(input.accrual_rollover_limit) !== cents(stored.accrualRolloverLimit),
    lump_sum_rollover_limit: cents(input.lump_sum_rollover_limit) !== cents(stored.lumpSumRolloverLimit),
    // Absent (a client that does not send them) changes nothing.
    manager_id: input.manager_id !== undefined && input.manager_id !== (stored.managerId ?? null),
    work_hours: input.work_hours !== undefined && weekText(input.work_hours) !== weekText(stored.workHours),
  };
  for (const [field, column] of Object.entries(employeeColumns) as [keyof typeof employeeColumns, EmployeeColumn][]) {
    differs[field] = input[field] !== (stored[column] ?? null);
  }
  return (Object.keys(differs) as EmployeeFormField[]).filter((field) => differs[field]);
}

/** The audit's names of the credential fields among the changed ones. */
const employeeCredentialFields: Partial<Record<EmployeeFormField, CredentialChangeField>> = {
  password: 'password',
  email: 'email',
  twofactor_enabled: 'two_factor',
  active: 'enabled',
};

/**
 * POST /api/users/employee/{user_id} (PUT override), under the rules of decision 0025: a change the actor may not
 * make is refused whole (403) before anything is written. Disabling sets deleted_at, revokes every session and
 * ends the open timeclock entry; a new password revokes the other sessions; two-factor can only be switched off.
 * One's own credentials change only with the current password; any credential change is recorded in the same
 * transaction (decision 0057).
 */
export async function updateEmployee(
  db: Db,
  userId: number,
  input: UpdateEmployeeInput,
  photo: string | null,
  actor: RequestActor,
  employment: SeparationInput & RehireInput = {},
): Promise<UpdateEmployeeResult> {
  const current = await loadEmployeeForEdit(db, userId);
  const target = { id: userId, type: 'Employee', role: current.role } as const;
  if (!canEditAccount(actor, target)) throw forbidden();
  const changed = changedEmployeeFields(current, input, photo !== null);
  if (userId === actor.id && input.active === 1)
    throw unprocessable({ active: ['You cannot disable your own account.'] });
  const refused = forbiddenAccountFields(actor, target, changed, employeeFieldGroups);
  if (refused.length > 0) throw forbidden(accountChangeForbiddenMessage(refused));
  const credentialFields = changed.flatMap((field) => employeeCredentialFields[field] ?? []);
  // One's own password, e-mail or two-factor: the current password first (decision 0057).
  if (userId === actor.id && credentialFields.length > 0)
    await assertCurrentPassword(db, userId, input.current_password, actor.ipAddress);
  const manageCrm = canChangeAccountField(actor, target, 'agent');
  await assertReferences(db, input, userId, manageCrm);
  await assertEmailFree(db, input.email, userId);
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  const disabling = input.active === 1 && current.deletedAt === null;
  const enabling = input.active === 0 && current.deletedAt !== null;
  const emailChanged = current.email.toLowerCase() !== input.email.toLowerCase();
  const change: CredentialChange = {
    actor,
    target: { id: userId, name: current.name, email: current.email },
    fields: credentialFields,
    newEmail: changed.includes('email') ? input.email : undefined,
    ipAddress: actor.ipAddress,
  };
  const credentialChange = isRecordedCredentialChange(change) ? change : null;
  const queue = afterCommitQueue();

  const result = await withEmailUniqueness(() =>
    db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          name: input.name,
          shortname: shortnameOf(input.name),
          email: input.email,
          ...(emailChanged ? { emailVerifiedAt: null } : {}),
          ...(passwordHash ? { passwordHash } : {}),
          ...(photo ? { photo } : {}),
          deletedAt: input.active === 1 ? (current.deletedAt ?? new Date()) : null,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId));
      await tx
        .insert(employees)
        .values({ userId, ...employeeValues(input) })
        .onConflictDoUpdate({ target: employees.userId, set: employeeValues(input) });
      await writeDepartments(tx, userId, input.departments);
      if (changed.includes('twofactor_enabled')) await disableTwoFactor(tx, userId);
      let permissions: string[] | null = null;
      if (input.permissions && canChangeAccountField(actor, target, 'permissions'))
        permissions = await setUserPermissions(tx, userId, input.permissions, actor);
      const agentSettingsUserIds: number[] = [];
      if (manageCrm && input.agent_number !== undefined) {
        // A line moves only when it is free: release it from nobody else (checked above), then assign.
        const released = await tx
          .update(agentSettings)
          .set({ phoneNumberId: null })
          .where(and(eq(agentSettings.phoneNumberId, input.agent_number ?? -1), ne(agentSettings.userId, userId)))
          .returning({ userId: agentSettings.userId });
        await writeAgentSettings(tx, userId, input);
        agentSettingsUserIds.push(userId, ...released.map((row) => row.userId));
      }
      if (credentialChange) await recordCredentialChange(tx, credentialChange);
      let revokedSessionIds: string[] = [];
      if (disabling) {
        revokedSessionIds = await revokeUserSessions(tx, userId);
        await closeOpenTimeclockEntry(tx, userId);
        // As DELETE /api/user/{id}: HR withdraws the person's pending requests in this transaction.
        await emitDomainEvent(db, 'employeeDisabled', {
          tx,
          userId,
          actorId: actor.id,
          afterCommit: queue.afterCommit,
          separation: {
            date: employment.separation_date,
            type: employment.separation_type,
            reason: employment.separation_reason,
          },
        });
      } else if (enabling) {
        // HR records the rehire (today unless a date was asked), in this transaction.
        await emitDomainEvent(db, 'employeeEnabled', {
          tx,
          userId,
          actorId: actor.id,
          date: employment.rehire_date,
          disabledAt: current.deletedAt!,
        });
      }
      if (!disabling && passwordHash) {
        revokedSessionIds = await revokeUserSessions(tx, userId, userId === actor.id ? actor.sessionId : undefined);
      }
      const replacedPhoto = photo ? current.photo : null;
      const disabled = disabling;
      return { revokedSessionIds, disabled, permissions, replacedPhoto, credentialChange, agentSettingsUserIds };
    }),
  );
  await queue.run();
  return result;
}
