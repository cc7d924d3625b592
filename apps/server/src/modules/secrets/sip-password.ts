import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DbOrTransaction } from '../../db/client.ts';
import { getAppSecret } from './secrets.service.ts';

// The agent's SIP password at rest (designs/crm-softphone.md §2.2): AES-256-GCM under a server key (the app secret
// 'telephony-sip'), stored as version byte 1 | 12-byte IV | 16-byte tag | ciphertext. It is never returned by the API.

const VERSION = 1;

/** The key SIP passwords are sealed under: the employees' Agent tab seals, telephony opens. */
export const sipPasswordKey = (db: DbOrTransaction): Promise<Buffer> => getAppSecret(db, 'telephony-sip-password');

export function sealSipPassword(key: Buffer, password: string): Buffer {
  if (key.length !== 32) throw new Error('sealSipPassword needs a 32-byte key');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const encrypted = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), encrypted]);
}

/** The password, or null when the box was not sealed with this key or was altered. */
export function openSipPassword(key: Buffer, sealed: Buffer): string | null {
  if (sealed.length < 29 || sealed[0] !== VERSION) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 13));
    decipher.setAuthTag(sealed.subarray(13, 29));
    return Buffer.concat([decipher.update(sealed.subarray(29)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
