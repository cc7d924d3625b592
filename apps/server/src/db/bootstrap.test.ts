import { permissionDefinitions } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/helpers.ts';
import { employees } from '../modules/users/employees.table.ts';
import { permissions } from '../modules/permissions/permissions.table.ts';
import { users } from '../modules/users/users.table.ts';
import { bootstrapDatabase, formatStartBanner } from './bootstrap.ts';

const log = pino({ level: 'silent' });
const generated = { adminEmail: 'admin@switchboard.local', adminPassword: undefined };
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
  it('creates exactly one administrator with every permission but the anonymous channel’s and answers its password once', async () => {
    const created = await bootstrapDatabase(ctx.db, generated, log);

    const all = await ctx.db.select().from(users);
    expect(all).toHaveLength(1);
    const [admin] = all;
    expect(admin).toMatchObject({
      type: 'Employee',
      role: 'admin',
      name: 'Administrator',
      shortname: 'Admin',
      email: 'admin@switchboard.local',
      deletedAt: null,
    });
    expect(await ctx.db.select().from(employees).where(eq(employees.userId, admin.id))).toHaveLength(1);

    expect(created).toEqual({ email: 'admin@switchboard.local', password: expect.stringMatching(/^\S{16}$/) });
    // Nothing printed here: the caller prints it in the start banner.
    expect(printed).toEqual([]);

    const signedIn = await login(ctx.app, 'admin@switchboard.local', created!.password!);
    expect(signedIn.permissions.sort()).toEqual(
      permissionDefinitions
        .map((p) => p.name)
        .filter((name) => name !== 'read anonymous email')
        .sort(),
    );
  });

  it('is idempotent: a second start adds nobody and answers no administrator', async () => {
    await bootstrapDatabase(ctx.db, generated, log);
    expect(await bootstrapDatabase(ctx.db, generated, log)).toBeNull();
    const other = { adminEmail: 'other@switchboard.local', adminPassword: 'Another-pass-1' };
    expect(await bootstrapDatabase(ctx.db, other, log)).toBeNull();
    expect(await ctx.db.select({ id: users.id }).from(users)).toHaveLength(1);
    expect(printed).toEqual([]);
  });

  it('honours ADMIN_EMAIL and ADMIN_PASSWORD and never answers the given password', async () => {
    const given = { adminEmail: 'boss@example.test', adminPassword: 'Given-password-1' };
    const created = await bootstrapDatabase(ctx.db, given, log);
    expect(created).toEqual({ email: 'boss@example.test', password: null });
    const signedIn = await login(ctx.app, 'boss@example.test', 'Given-password-1');
    expect(signedIn.user.role).toBe('admin');
    expect(formatStartBanner('http://127.0.0.1:3000', created)).not.toContain('Given-password-1');
  });

  it('brings the permission catalogue back in line with packages/shared', async () => {
    await ctx.db
      .update(permissions)
      .set({ description: 'stale', permissionType: null })
      .where(eq(permissions.name, 'view billing'));
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

describe('formatStartBanner', () => {
  it('boxes the address and the new administrator with the generated password on their own lines', () => {
    const administrator = { email: 'admin@switchboard.local', password: 'Abcdefgh12345678' };
    const banner = formatStartBanner('http://127.0.0.1:3000', administrator);
    const lines = banner.split('\n');
    expect(lines[0]).toMatch(/^┌─+┐$/);
    expect(lines.at(-1)).toMatch(/^└─+┘$/);
    // Every line of the box has the same width, so the frame closes in a terminal.
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(lines.find((line) => line.includes('Switchboard is running at'))).toContain('http://127.0.0.1:3000');
    expect(lines.find((line) => line.includes('E-mail:'))).toContain('admin@switchboard.local');
    expect(lines.find((line) => line.includes('Password:'))).toMatch(/│ +Password: {2}Abcdefgh12345678 +│/);
    expect(banner).toContain('change it');
  });

  it('says where the password comes from when it was given, and shows only the address on later starts', () => {
    const given = formatStartBanner('http://127.0.0.1:3000', { email: 'boss@example.test', password: null });
    expect(given).toContain('the one given in ADMIN_PASSWORD');
    const later = formatStartBanner('http://127.0.0.1:3000', null);
    expect(later).toContain('Switchboard is running at http://127.0.0.1:3000');
    expect(later).not.toContain('Administrator');
  });
});
