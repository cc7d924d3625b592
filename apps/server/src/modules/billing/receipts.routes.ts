import type { AppInstance } from '../../app-instance.ts';

// Registered in routes.ts; filled by helper rcv (receiving) this session.
export async function receiptRoutes(_app: AppInstance): Promise<void> {}
