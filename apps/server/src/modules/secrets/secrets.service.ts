import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { appSecrets } from './secrets.table.ts';

// A secret never changes once made, so each process reads it once per database.
const cache = new WeakMap<object, Map<string, Buffer>>();

/** The named server secret, made (32 random bytes) the first time any process asks for it. */
export async function getAppSecret(db: DbOrTransaction, name: string): Promise<Buffer> {
  const known = cache.get(db)?.get(name);
  if (known) return known;
  // Two processes may make one at once: the first insert wins and both read it back.
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  const secret = Buffer.from(row!.value, 'base64');
  if (!cache.has(db)) cache.set(db, new Map());
  cache.get(db)!.set(name, secret);
  return secret;
}
