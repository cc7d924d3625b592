// A self-signed ECDSA P-256 certificate for werift's DTLS, built with node:crypto alone. werift would make one with
// @peculiar/x509, which fails in this workspace's install ('Cannot get schema for AlgorithmIdentifier': two copies of
// @peculiar/asn1-schema); handing it `dtls.keys` skips that path. One certificate per process, as werift does.
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

function der(tag: number, content: Buffer): Buffer {
  const n = content.length;
  let length: Buffer;
  if (n < 0x80) length = Buffer.from([n]);
  else if (n < 0x100) length = Buffer.from([0x81, n]);
  else length = Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
}

const seq = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts));
const oid = (bytes: number[]) => der(0x06, Buffer.from(bytes));
// 1.2.840.10045.4.3.2 ecdsa-with-SHA256; 2.5.4.3 commonName
const ECDSA_SHA256 = seq(oid([0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02]));
const name = (cn: string) => seq(der(0x31, seq(oid([0x55, 0x04, 0x03]), der(0x0c, Buffer.from(cn)))));
const time = (d: Date) => der(0x18, Buffer.from(d.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z'));

export interface DtlsKeys {
  certPem: string;
  keyPem: string;
  signatureHash: { signature: number; hash: number };
}

let cached: DtlsKeys | null = null;

export function dtlsKeys(): DtlsKeys {
  if (cached) return cached;
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const serial = randomBytes(8);
  serial[0] &= 0x7f;
  const now = Date.now();
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    ECDSA_SHA256,
    name('switchboard-telephony-double'),
    seq(time(new Date(now - 24 * 3600 * 1000)), time(new Date(now + 3650 * 24 * 3600 * 1000))),
    name('switchboard-telephony-double'),
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  const cert = seq(tbs, ECDSA_SHA256, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const lines = cert.toString('base64').match(/.{1,64}/g) ?? [];
  cached = {
    certPem: `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`,
    keyPem: String(privateKey.export({ type: 'pkcs8', format: 'pem' })),
    // werift's SignatureAlgorithm.ecdsa (3) and HashAlgorithm.sha256 (4)
    signatureHash: { signature: 3, hash: 4 },
  };
  return cached;
}
