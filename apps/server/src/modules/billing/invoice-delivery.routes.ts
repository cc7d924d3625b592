import type { AppInstance } from '../../app-instance.ts';

// Invoice PDFs, sending and the To print batch (designs/billing.md §4 After posting, §5 PDFs and e-mail).
// Being built this session (issue 27) by the helper that owns this file.
export async function invoiceDeliveryRoutes(app: AppInstance): Promise<void> {
  void app;
}
