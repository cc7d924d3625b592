import type { AppInstance } from '../../app-instance.ts';

// Registered in routes.ts; filled by helper inv (inventory) this session.
export async function inventoryRoutes(_app: AppInstance): Promise<void> {}
