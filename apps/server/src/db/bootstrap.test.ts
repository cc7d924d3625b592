import { permissionDefinitions } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/helpers.ts';
import { employees } from '../modules/employees/employees.table.ts';
import { permissions } from '../modules/permissions/permissions.table.ts';
import { users } from '../modules/users/users.table.ts';
import { bootstrapDatabase } from './bootstrap.ts';

const log = pino({ level: 'silent' });
let ctx: TestContext;
let printed: string[];

beforeEach(async () => {
  ctx = await createTestContext();
  printed = [];
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    printed.push(args.join(' '));
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await ctx.close();
});

describe('bootstrapDatabase', () => {
  it('creates exactly one administrator with every permission and prints its generated password once', async () => {
    await bootstrapDatabase(ctx.db, { adminEmail: 'admin@switchboard.local', adminPassword: undefined }, log);

    const all = await ctx.db.select().from(users);
    expect(all).toHaveLength(1);
    const [admin] = all;
    expect(admin).toMatchObject({ type: 'Employee', role: 'admin', name: 'Administrator', shortname: 'Admin', email: 'admin@switchboard.local', deletedAt: null });
    expect(await ctx.db.select().from(employees).where(eq(employees.userId, admin.id))).toHaveLength(1);

    const output = printed.join('\n');
    expect(output).toContain('admin@switchboard.local');
    const password = /Password: (\S{16})\n/.exec(output)?.[1];
    expect(password).toBeDefined();

    const signedIn = await login(ctx.app, 'admin@switchboard.local', password!);
    expect(signedIn.permissions.sort()).toEqual(permissionDefinitions.map((p) => p.name).sort());
  });

  it('is idempotent: a second start adds nobody and prints nothing', async () => {
    await bootstrapDatabase(ctx.db, { adminEmail: 'admin@switchboard.local', adminPassword: undefined }, log);
    printed = [];
    await bootstrapDatabase(ctx.db, { adminEmail: 'admin@switchboard.local', adminPassword: undefined }, log);
    await bootstrapDatabase(ctx.db, { adminEmail: 'other@switchboard.local', adminPassword: 'Another-pass-1' }, log);
    expect(await ctx.db.select({ id: users.id }).from(users)).toHaveLength(1);
    expect(printed).toEqual([]);
  });

  it('honours ADMIN_EMAIL and ADMIN_PASSWORD and never prints the given password', async () => {
    await bootstrapDatabase(ctx.db, { adminEmail: 'boss@example.test', adminPassword: 'Given-password-1' }, log);
    const signedIn = await login(ctx.app, 'boss@example.test', 'Given-password-1');
    expect(signedIn.user.role).toBe('admin');
    expect(printed.join('\n')).toContain('boss@example.test');
    expect(printed.join('\n')).not.toContain('Given-password-1');
  });

  it('brings the permission catalogue back in line with packages/shared', async () => {
    await ctx.db.update(permissions).set({ description: 'stale', permissionType: null }).where(eq(permissions.name, 'view billing'));
    await bootstrapDatabase(ctx.db, { adminEmail: 'admin@switchboard.local', adminPassword: undefined }, log);
    const [row] = await ctx.db.select().from(permissions).where(eq(permissions.name, 'view billing'));
    expect(row).toMatchObject({ description: 'Open the billing section.', permissionType: 'billing' });
    expect(await ctx.db.select({ id: permissions.id }).from(permissions)).toHaveLength(permissionDefinitions.length);
  });

  it('restores a disabled administrator named by ADMIN_EMAIL instead of failing on the duplicate e-mail', async () => {
    await bootstrapDatabase(ctx.db, { adminEmail: 'admin@switchboard.local', adminPassword: 'First-pass-1' }, log);
    await ctx.db.update(users).set({ deletedAt: new Date() });
    await bootstrapDatabase(ctx.db, { adminEmail: 'admin@switchboard.local', adminPassword: 'Second-pass-2' }, log);
    expect(await ctx.db.select({ id: users.id }).from(users)).toHaveLength(1);
    const signedIn = await login(ctx.app, 'admin@switchboard.local', 'Second-pass-2');
    expect(signedIn.user.role).toBe('admin');
  });
});
