import type { AppInstance } from '../../app-instance.ts';

// Registered in routes.ts; filled by helper bills (bills and payments made) this session.
export async function billRoutes(_app: AppInstance): Promise<void> {}
