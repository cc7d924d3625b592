import type { Transaction } from '../../db/client.ts';

// HR anon demo data (designs/hr.md issue part 9); db/seed/demo.ts calls it after the employees and PTO exist.
export async function seedHrAnonDemo(tx: Transaction): Promise<void> {
  void tx;
}
