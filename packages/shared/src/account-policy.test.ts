import { describe, expect, it } from 'vitest';
import {
  accountChangeForbiddenMessage,
  canChangeAccountField,
  canCreateEmployee,
  canDisableAccount,
  canEditAccount,
  employeeFieldGroups,
  forbiddenAccountFields,
  permissionsBeyondOwn,
  type AccountActor,
  type AccountFieldGroup,
  type AccountTarget,
} from './account-policy.ts';

const plain: AccountActor = { id: 1, type: 'Employee', role: 'user', permissions: ['view crm'] };
const hr: AccountActor = { id: 2, type: 'Employee', role: 'user', permissions: ['view human resources'] };
const admin: AccountActor = { id: 3, type: 'Employee', role: 'admin', permissions: [] };
const client: AccountActor = { id: 4, type: 'Client', role: 'user', permissions: [] };

const colleague: AccountTarget = { id: 10, type: 'Employee', role: 'user' };
const otherAdmin: AccountTarget = { id: 11, type: 'Employee', role: 'admin' };
const clientAccount: AccountTarget = { id: 12, type: 'Client', role: 'user' };
const selfOf = (actor: AccountActor): AccountTarget => ({ id: actor.id, type: actor.type, role: actor.role });

const allowed = (actor: AccountActor, target: AccountTarget) =>
  (['credentials', 'profile', 'employment'] as AccountFieldGroup[]).filter((group) =>
    canChangeAccountField(actor, target, group),
  );

describe('canChangeAccountField (decision 0025)', () => {
  it('lets everyone on staff change their own credentials and profile, but their HR record only with HR', () => {
    expect(allowed(plain, selfOf(plain))).toEqual(['credentials', 'profile']);
    expect(allowed(hr, selfOf(hr))).toEqual(['credentials', 'profile', 'employment']);
    expect(allowed(admin, selfOf(admin))).toEqual(['credentials', 'profile', 'employment']);
  });

  it("keeps another employee's credentials for the administrator type, and their other fields for HR too", () => {
    expect(allowed(plain, colleague)).toEqual([]);
    expect(allowed(hr, colleague)).toEqual(['profile', 'employment']);
    expect(allowed(admin, colleague)).toEqual(['credentials', 'profile', 'employment']);
  });

  it('lets nobody but an administrator change an administrator in any way', () => {
    const manager: AccountActor = {
      ...hr,
      permissions: ['view human resources', 'manage employee permissions', 'manage crm'],
    };
    for (const group of ['credentials', 'profile', 'employment', 'permissions', 'agent'] as const) {
      expect(canChangeAccountField(manager, otherAdmin, group)).toBe(false);
    }
    expect(canEditAccount(manager, otherAdmin)).toBe(false);
    expect(allowed(admin, otherAdmin)).toEqual(['credentials', 'profile', 'employment']);
  });

  it("lets staff change a client account's profile, and only the administrator type its credentials", () => {
    expect(allowed(plain, clientAccount)).toEqual(['profile']);
    expect(allowed(hr, clientAccount)).toEqual(['profile']);
    expect(allowed(admin, clientAccount)).toEqual(['credentials', 'profile']);
    expect(canChangeAccountField(admin, clientAccount, 'permissions')).toBe(false);
  });

  it('lets a client account change nothing through these calls, not even itself', () => {
    for (const target of [selfOf(client), colleague, otherAdmin, clientAccount])
      expect(allowed(client, target)).toEqual([]);
    expect(canCreateEmployee(client)).toBe(false);
  });

  it('refuses credentials from inside a shadow session, even of the shadowed account', () => {
    expect(canChangeAccountField({ ...plain, shadowing: true }, selfOf(plain), 'credentials')).toBe(false);
    expect(canChangeAccountField({ ...admin, shadowing: true }, colleague, 'credentials')).toBe(false);
    expect(canChangeAccountField({ ...plain, shadowing: true }, selfOf(plain), 'profile')).toBe(true);
  });

  it('keeps the Permissions and Agent views with their own permissions', () => {
    expect(
      canChangeAccountField({ ...plain, permissions: ['manage employee permissions'] }, colleague, 'permissions'),
    ).toBe(true);
    expect(canChangeAccountField({ ...plain, permissions: ['manage crm'] }, colleague, 'agent')).toBe(true);
    expect(canChangeAccountField(hr, colleague, 'agent')).toBe(false);
    expect(canEditAccount({ ...plain, permissions: ['manage crm'] }, colleague)).toBe(true);
    expect(canEditAccount(plain, colleague)).toBe(false);
  });
});

describe('permissions, time off and sessions of others (issue 14 follow-up)', () => {
  const manager: AccountActor = {
    id: 5,
    type: 'Employee',
    role: 'user',
    permissions: ['manage employee permissions', 'view human resources', 'manage user sessions'],
  };

  it("keeps an administrator's permissions, time off and sessions for the administrator type", () => {
    for (const group of ['permissions', 'time_off', 'sessions'] as const) {
      expect(canChangeAccountField(manager, otherAdmin, group)).toBe(false);
      expect(canChangeAccountField(manager, colleague, group)).toBe(true);
      expect(canChangeAccountField({ ...admin, permissions: manager.permissions }, otherAdmin, group)).toBe(true);
    }
  });

  it('lets nobody but an administrator change their own permissions', () => {
    expect(canChangeAccountField(manager, selfOf(manager), 'permissions')).toBe(false);
    const adminManager = { ...admin, permissions: ['manage employee permissions'] };
    expect(canChangeAccountField(adminManager, selfOf(adminManager), 'permissions')).toBe(true);
  });

  it('gives time off to HR and sessions to their permission, never to a plain employee', () => {
    expect(canChangeAccountField(hr, colleague, 'time_off')).toBe(true);
    expect(canChangeAccountField(plain, colleague, 'time_off')).toBe(false);
    expect(canChangeAccountField(plain, colleague, 'sessions')).toBe(false);
    expect(canChangeAccountField(plain, selfOf(plain), 'sessions')).toBe(true);
  });
});

describe('canDisableAccount and canCreateEmployee', () => {
  it('never lets anyone disable their own account', () => {
    expect(canDisableAccount(admin, selfOf(admin))).toBe(false);
    expect(canDisableAccount(admin, colleague)).toBe(true);
    expect(canDisableAccount(hr, colleague)).toBe(false);
  });

  it('lets the administrator type or HR add employees', () => {
    expect(canCreateEmployee(plain)).toBe(false);
    expect(canCreateEmployee(hr)).toBe(true);
    expect(canCreateEmployee(admin)).toBe(true);
  });
});

describe('forbiddenAccountFields', () => {
  it('names the changed fields the actor may not change', () => {
    const changed = ['title', 'email', 'password', 'city'] as const;
    expect(forbiddenAccountFields(hr, colleague, changed, employeeFieldGroups)).toEqual(['email', 'password']);
    expect(forbiddenAccountFields(plain, selfOf(plain), changed, employeeFieldGroups)).toEqual(['title']);
    expect(accountChangeForbiddenMessage(['email', 'region_id'])).toBe(
      'You do not have permission to change: email, region id.',
    );
  });
});

describe('permissionsBeyondOwn (decision 0057)', () => {
  const manager: AccountActor = {
    id: 5,
    type: 'Employee',
    role: 'user',
    permissions: ['manage employee permissions', 'view crm'],
  };

  it('lets a non-administrator grant or remove only what they hold, on create (nothing current) too', () => {
    expect(permissionsBeyondOwn(manager, [], ['view crm'])).toEqual([]);
    expect(permissionsBeyondOwn(manager, [], ['view crm', 'view billing', 'shadow clients'])).toEqual([
      'shadow clients',
      'view billing',
    ]);
    expect(permissionsBeyondOwn(manager, ['view billing'], [])).toEqual(['view billing']);
    // Unchanged ones do not count, held or not.
    expect(permissionsBeyondOwn(manager, ['view billing'], ['view billing', 'view crm'])).toEqual([]);
    expect(permissionsBeyondOwn(admin, [], ['view billing', 'shadow clients'])).toEqual([]);
  });

  it("bounds a shadow session by the shadowed account's and the shadowing person's permissions", () => {
    const shadowed = { ...manager, shadowing: true };
    const shadower = { type: 'Employee', role: 'user', permissions: ['shadow clients', 'view crm'] } as const;
    expect(permissionsBeyondOwn({ ...shadowed, shadowedBy: shadower }, [], ['view crm'])).toEqual([]);
    expect(
      permissionsBeyondOwn({ ...shadowed, shadowedBy: shadower }, [], ['view crm', 'manage employee permissions']),
    ).toEqual(['manage employee permissions']);
    // Nor beyond the shadowed account's: shadowing lends no rights of the person shadowing.
    expect(permissionsBeyondOwn({ ...shadowed, shadowedBy: shadower }, [], ['shadow clients'])).toEqual([
      'shadow clients',
    ]);
    // Without the shadowing person's rights, nothing changes.
    expect(permissionsBeyondOwn(shadowed, [], ['view crm'])).toEqual(['view crm']);
    // An administrator shadowing lends the administrator's rights, bounded by the shadowed account's.
    const byAdmin = { ...shadowed, shadowedBy: { type: 'Employee', role: 'admin', permissions: [] } } as const;
    expect(permissionsBeyondOwn(byAdmin, [], ['view crm', 'view billing'])).toEqual(['view billing']);
  });
});
