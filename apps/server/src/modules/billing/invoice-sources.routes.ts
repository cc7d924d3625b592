import type { AppInstance } from '../../app-instance.ts';

// Where a new invoice's lines come from (designs/billing.md §5 /billing/invoices "New invoice"): a company's recurring
// items, its unbilled check-ins, a quote. Filled by the invoices page's work (issue 27).
export async function invoiceSourceRoutes(_app: AppInstance): Promise<void> {}
