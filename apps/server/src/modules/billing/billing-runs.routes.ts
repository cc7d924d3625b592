import type { AppInstance } from '../../app-instance.ts';

// The monthly contract billing run (designs/billing.md §4, §6 Run).
// Being built this session (issue 27) by the helper that owns this file.
export async function billingRunRoutes(app: AppInstance): Promise<void> {
  void app;
}
