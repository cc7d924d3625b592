import { z } from 'zod';

// Invoice delivery (designs/billing.md §4 "After posting", §5 PDFs and e-mail): Send, the "To print" batch and Mark
// printed, under /api/billing/invoices. Amounts travel as dollars.

export const onlyPostedSendMessage = 'Only a posted invoice can be sent.';
export const noRecipientsMessage = 'The invoice has no billing contact with an e-mail address.';
export const nothingToPrintMessage = 'There is nothing to print.';
export const choosePrintedMessage = 'Choose at least one invoice.';

/** POST /api/billing/invoices/to-print/mark */
export const markPrintedInputSchema = z.object({
  ids: z
    .array(z.number().int().positive(), { error: choosePrintedMessage })
    .min(1, choosePrintedMessage)
    .max(500, 'Choose at most 500 invoices.'),
});
export type MarkPrintedInput = z.infer<typeof markPrintedInputSchema>;

/** GET /api/billing/invoices/to-print: posted invoices with paperless 1 (No) not printed yet, oldest first. */
export const toPrintQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});

export interface ToPrintRow {
  id: number;
  number: string;
  company_id: number;
  company_name: string;
  invoice_date: string;
  due_date: string | null;
  total: number;
  balance: number;
  /** The latest stored PDF revision, null when none is stored yet (one is made for the batch). */
  revision: number | null;
}

/** POST /api/billing/invoices/{id}/send */
export interface SendInvoiceResult {
  id: number;
  revision: number;
  /** Recipients this send mails (those of the revision not sent yet). */
  recipients: string[];
  /** Recipients already sent this revision, left out. */
  already_sent: string[];
}

/** POST /api/billing/invoices/to-print/mark */
export interface MarkPrintedResult {
  marked: number[];
}
