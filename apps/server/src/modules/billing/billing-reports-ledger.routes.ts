import type { AppInstance } from '../../app-instance.ts';

// Registered in routes.ts; filled by helper rep1 (ledger reports) this session.
export async function ledgerReportRoutes(_app: AppInstance): Promise<void> {}
