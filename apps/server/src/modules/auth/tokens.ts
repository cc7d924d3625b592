import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/** An opaque bearer or refresh token: 32 random bytes, base64url. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash, so a database leak gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// Derived from the token itself, never from its stored hash: only whoever holds the token can rebuild it.
function keyFromToken(token: string): Buffer {
  return createHmac('sha256', token).update('switchboard sealed by token').digest();
}

/** Encrypts `plain` (AES-256-GCM) so that only the holder of `token` can read it; `context` binds it to its row. */
export function sealWithToken(token: string, context: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFromToken(token), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** What sealWithToken sealed, or null when the token, the context or the data do not match. */
export function openWithToken(token: string, context: string, sealed: string): string | null {
  try {
    const data = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyFromToken(token), data.subarray(0, 12));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(data.subarray(12, 28));
    return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
