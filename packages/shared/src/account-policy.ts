import type { UserRole, UserType } from './auth.ts';

// Who may change which field of whom (decision 0025). The server enforces it; the forms use it to hide what the
// signed-in user may not change. One function, so the two never disagree.

/**
 * - credentials: what signs in or decides what an account reaches (password, e-mail, two-factor, enabled; a
 *   client account's company; the users-admin role);
 * - profile: personal details (name, photo, phone, address, timezone, birthday; a client account's title,
 *   site and phone numbers);
 * - employment: HR records of an employee (title, region, departments, start dates, PTO rollover limits);
 * - permissions and agent: the Permissions and Agent views (spec 1 §6); nobody but an administrator changes their
 *   own permissions;
 * - time_off: PTO settings, time off taken and individual holidays (HR's);
 * - sessions: signing another user's devices out (the Sessions view, 'manage user sessions').
 */
export const accountFieldGroups = [
  'credentials',
  'profile',
  'employment',
  'permissions',
  'agent',
  'time_off',
  'sessions',
] as const;
export type AccountFieldGroup = (typeof accountFieldGroups)[number];

export const humanResourcesPermission = 'view human resources';
export const manageUserSessionsPermission = 'manage user sessions';

/** The signed-in user. A shadow session acts as the shadowed account but never changes its credentials. */
export interface AccountActor {
  id: number;
  type: UserType;
  role: UserRole;
  permissions: readonly string[];
  shadowing?: boolean;
  /** In a shadow session, the rights of the person shadowing (the server loads them; decision 0057). */
  shadowedBy?: AccountRights | undefined;
}

/** Whose rights bound what a grant may hand out. */
export interface AccountRights {
  type: UserType;
  role: UserRole;
  permissions: readonly string[];
}

/** The account being changed. */
export interface AccountTarget {
  id: number;
  type: UserType;
  role: UserRole;
}

const isStaffAdmin = (actor: AccountRights) => actor.type === 'Employee' && actor.role === 'admin';
const isHumanResources = (actor: AccountActor) =>
  isStaffAdmin(actor) || actor.permissions.includes(humanResourcesPermission);

/** Whether `actor` may change the fields of `group` on `target`. */
export function canChangeAccountField(actor: AccountActor, target: AccountTarget, group: AccountFieldGroup): boolean {
  if (actor.type !== 'Employee') return false;
  // Nobody but an administrator changes an administrator in any way.
  if (target.role === 'admin' && !isStaffAdmin(actor)) return false;
  const self = actor.id === target.id;
  if (group === 'credentials') return !actor.shadowing && (self || isStaffAdmin(actor));
  if (group === 'sessions') return self || actor.permissions.includes(manageUserSessionsPermission);
  if (target.type === 'Client') return group === 'profile';
  if (group === 'permissions')
    return actor.permissions.includes('manage employee permissions') && (!self || isStaffAdmin(actor));
  if (group === 'agent') return actor.permissions.includes('manage crm');
  if (group === 'profile') return self || isHumanResources(actor);
  return isHumanResources(actor);
}

// The groups the account edit form holds (time off and sessions have their own views).
const editFormGroups: readonly AccountFieldGroup[] = ['credentials', 'profile', 'employment', 'permissions', 'agent'];

/** Whether `actor` may change anything at all on `target` (else the edit screen is read-only). */
export function canEditAccount(actor: AccountActor, target: AccountTarget): boolean {
  return editFormGroups.some((group) => canChangeAccountField(actor, target, group));
}

/**
 * The permissions a change would grant or remove that the actor does not hold: a non-administrator hands out only
 * what they have themselves (no escalation through 'manage employee permissions'). Every write of a user's
 * permissions applies it, on create and on update (decision 0057). In a shadow session "own" is what both the
 * shadowed account and the person shadowing hold; without the latter's rights nothing may change.
 */
export function permissionsBeyondOwn(
  actor: AccountActor,
  current: readonly string[],
  requested: readonly string[],
): string[] {
  const changed = [
    ...requested.filter((name) => !current.includes(name)),
    ...current.filter((name) => !requested.includes(name)),
  ];
  const holds = (rights: AccountRights, name: string) => isStaffAdmin(rights) || rights.permissions.includes(name);
  const shadower = actor.shadowing ? actor.shadowedBy : undefined;
  const own = (name: string) => holds(actor, name) && (!actor.shadowing || (!!shadower && holds(shadower, name)));
  return [...new Set(changed)].filter((name) => !own(name)).sort();
}

export function permissionsBeyondOwnMessage(names: readonly string[]): string {
  return `You can only grant or remove permissions you hold yourself: ${names.join(', ')}.`;
}

/**
 * Changing one's own password, e-mail or two-factor asks for the current password (decision 0057): an access token
 * alone does not change how its owner signs in. The field is `current_password`; 422 on it when missing or wrong.
 */
export const currentPasswordRequiredMessage =
  'Enter your current password to change your own password, e-mail or two-factor authentication.';
export const currentPasswordInvalidMessage = 'The current password is incorrect.';

/** Why the views show an administrator's time off or permissions read-only to everyone else. */
export const adminTimeOffMessage = "Only an administrator changes an administrator's time off.";
export const adminPermissionsMessage = "Only an administrator changes an administrator's permissions.";
export const ownPermissionsMessage = 'Your own permissions are changed by another manager or an administrator.';

/** Disabling is a credential change nobody makes on their own account. */
export function canDisableAccount(actor: AccountActor, target: AccountTarget): boolean {
  return actor.id !== target.id && canChangeAccountField(actor, target, 'credentials');
}

/** POST /api/users/employee and the Add Employee button: the administrator type or 'view human resources'. */
export function canCreateEmployee(actor: AccountActor): boolean {
  return actor.type === 'Employee' && isHumanResources(actor);
}

/** The employee form's fields (spec 1 §3.10) by group. */
export const employeeFieldGroups = {
  name: 'profile',
  photo: 'profile',
  phone_number: 'profile',
  address: 'profile',
  city: 'profile',
  state: 'profile',
  zip: 'profile',
  timezone_id: 'profile',
  birthday: 'profile',
  email: 'credentials',
  password: 'credentials',
  twofactor_enabled: 'credentials',
  active: 'credentials',
  title: 'employment',
  region_id: 'employment',
  departments: 'employment',
  start_date: 'employment',
  pto_start_date: 'employment',
  accrual_rollover_limit: 'employment',
  lump_sum_rollover_limit: 'employment',
  // HR's manager and own work hours (designs/hr.md §2.2-§2.3): set by HR staff, as the other employment fields.
  manager_id: 'employment',
  work_hours: 'employment',
  permissions: 'permissions',
  agent_number: 'agent',
  reminder_emails: 'agent',
  callback_number: 'agent',
  sip_username: 'agent',
  sip_password: 'agent',
  telephony_credential_id: 'agent',
  connection_id: 'agent',
} as const satisfies Record<string, AccountFieldGroup>;
export type EmployeeFormField = keyof typeof employeeFieldGroups;

/** The client account form's fields (spec 1 §3.9) by group: the company decides which tickets the account sees. */
export const clientAccountFieldGroups = {
  name: 'profile',
  title: 'profile',
  site_id: 'profile',
  phone_number: 'profile',
  office_number: 'profile',
  email: 'credentials',
  password: 'credentials',
  company_id: 'credentials',
} as const satisfies Record<string, AccountFieldGroup>;
export type ClientAccountFormField = keyof typeof clientAccountFieldGroups;

/** The fields of `groups` that `actor` may not change on `target`, in the order given. */
export function forbiddenAccountFields<F extends string>(
  actor: AccountActor,
  target: AccountTarget,
  changed: readonly F[],
  groups: Record<F, AccountFieldGroup>,
): F[] {
  return changed.filter((field) => !canChangeAccountField(actor, target, groups[field]));
}

/** 403 answer of an edit that touches fields the caller may not change. */
export function accountChangeForbiddenMessage(fields: readonly string[]): string {
  return `You do not have permission to change: ${fields.map((field) => field.replace(/_/g, ' ')).join(', ')}.`;
}

/** Credential changes the audit records and the owner is told about, with the words the mail uses. */
export const credentialChangeLabels = {
  password: 'password',
  email: 'e-mail address',
  two_factor: 'two-factor authentication',
  enabled: 'account status (enabled or disabled)',
  company: 'company',
  role: 'administrator role',
} as const;
export type CredentialChangeField = keyof typeof credentialChangeLabels;
