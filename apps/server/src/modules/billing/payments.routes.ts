import type { AppInstance } from '../../app-instance.ts';

// Payments, allocations, write-offs, refunds and bank deposits (designs/billing.md §3.6, §6 Money).
// Being built this session (issue 27) by the helper that owns this file.
export async function paymentRoutes(app: AppInstance): Promise<void> {
  void app;
}
