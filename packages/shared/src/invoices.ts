import { z } from 'zod';

// Invoices (designs/billing.md §3.4), the part projects need (issue 18 part 8; decision 0045): a project's deposit
// invoice and the Client Payment Invoices panel. The billing issue adds runs, approval, payments and the ledger.

export const depositInvoiceCreatedMessage = 'Deposit invoice created.';

export const invoiceTypeLabels: Record<string, string> = {
  contract: 'Contract',
  overage: 'Overage',
  project_deposit: 'Deposit',
  project: 'Project',
  one_off: 'One-off',
  credit_note: 'Credit note',
};

/** 'INV-000123' once posted, 'Draft 12' before: what the viewer's title and the panel show. */
export const invoiceLabel = (invoice: { id: number; number: string | null }) => invoice.number ?? `Draft ${invoice.id}`;

/** POST /api/billing/invoices/deposit: a deposit on a project, in dollars with at most two decimals. */
export const depositInvoiceInputSchema = z.object({
  project_id: z.coerce.number({ error: 'Choose a project.' }).int('Choose a project.').positive('Choose a project.'),
  amount: z
    .union([z.string(), z.number()], { error: 'Enter the deposit amount.' })
    .transform((value) => String(value).trim())
    .refine((value) => /^\d{1,9}(\.\d{1,2})?$/.test(value) && Number(value) > 0, {
      error: 'The amount must be more than 0 with at most 2 decimals.',
    }),
  memo: z.string().trim().max(500, 'Keep the memo to 500 characters.').optional().default(''),
});
export type DepositInvoiceInput = z.output<typeof depositInvoiceInputSchema>;

/** A project's invoice as the Client Payment Invoices panel shows it (spec 3 §3 Invoice), amounts in dollars. */
export const projectInvoiceSchema = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  type: z.string(),
  status: z.string(),
  total: z.number(),
  balance: z.number(),
  due_date: z.string().nullable(),
});
export type ProjectInvoice = z.infer<typeof projectInvoiceSchema>;
