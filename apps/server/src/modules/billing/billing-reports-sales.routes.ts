import type { AppInstance } from '../../app-instance.ts';

// Registered in routes.ts; filled by helper rep2 (sales reports) this session.
export async function salesReportRoutes(_app: AppInstance): Promise<void> {}
