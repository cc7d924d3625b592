import type { AppInstance } from '../../app-instance.ts';
import { registerJob } from '../../plugins/jobs.ts';
import { runDeliveryJob, sendInvoiceJob } from './invoice-delivery.service.ts';

/**
 * billing-send-invoice (designs/billing.md §4 After posting): queued by the invoicePosted listener with singletonKey
 * `invoice:{id}:{revision}` and also run every ten minutes, it sends whatever deliveries are pending or failed (fewer
 * than five tries) and catches up on posted invoices still without their PDF. Each run is safe twice: a delivery row
 * is mailed under its row lock and only while pending or failed.
 */
export function registerInvoiceDeliveryJob(app: AppInstance): void {
  registerJob(app, sendInvoiceJob, '*/10 * * * *', runDeliveryJob);
}
