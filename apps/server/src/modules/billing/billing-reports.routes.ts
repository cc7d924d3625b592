import type { AppInstance } from '../../app-instance.ts';

// Billing reports of part 1 (designs/billing.md §5): aged receivables, client balances, register, log.
// Being built this session (issue 27) by the helper that owns this file.
export async function billingReportRoutes(app: AppInstance): Promise<void> {
  void app;
}
