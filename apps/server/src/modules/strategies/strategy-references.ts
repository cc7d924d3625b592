import { backupPrograms, backupTypes, nameOf } from '@switchboard/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';

// What a company's backup strategies point at (decision 0050): nothing a strategy picks disappears silently.

export interface StrategyUsing {
  id: number;
  backup_type: number;
  program: number;
  /** The picked id (a drive's, a software row's) the strategy names. */
  picked_id: number;
}

/**
 * The company's backup strategies whose source or destination of type `typeId` picks any of `ids` (source type 1 picks
 * drives, 2 software: backupTargetOf), one row per strategy and id, by strategy.
 */
export async function strategiesPicking(
  db: DbOrTransaction,
  companyId: number,
  typeId: number,
  ids: number[],
): Promise<StrategyUsing[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<{ id: number; backup_type: number; program: number; picked_id: number }>(sql`
    select b.id, b.backup_type, b.program, (e.value)::int as picked_id
    from backup_strategies b, lateral (
      select value from jsonb_array_elements(b.source) where b.source_type = ${typeId}
      union all
      select value from jsonb_array_elements(b.destination) where b.destination_type = ${typeId}) e
    where b.company_id = ${companyId} and (e.value)::int = any(${`{${ids.join(',')}}`}::int[])
    order by b.id, picked_id`);
  return result.rows;
}

/** "{what} is {used} backup strategy #3 (Full, Datto): change that strategy before removing it." */
export const strategyInUseMessage = (what: string, used: string, strategy: StrategyUsing) =>
  `${what} is ${used} backup strategy #${strategy.id} (${nameOf(backupTypes, strategy.backup_type)}, ` +
  `${nameOf(backupPrograms, strategy.program)}): change that strategy before removing it.`;
