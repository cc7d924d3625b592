import type { Transaction } from '../../db/client.ts';

// HR requests demo data (designs/hr.md issue part 9); db/seed/demo.ts calls it after the employees and PTO exist.
export async function seedHrRequestsDemo(tx: Transaction): Promise<void> {
  void tx;
}
