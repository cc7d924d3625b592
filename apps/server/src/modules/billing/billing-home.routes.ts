import type { AppInstance } from '../../app-instance.ts';

// /billing home's summary: cards, work queues and charts (designs/billing.md §5 first row).
// Being built this session (issue 27) by the helper that owns this file.
export async function billingHomeRoutes(app: AppInstance): Promise<void> {
  void app;
}
