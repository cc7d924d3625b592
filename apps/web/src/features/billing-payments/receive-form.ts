import { numericFromCents, unitsFromNumeric } from '@switchboard/shared/billing/money';
import { allocationOverBalanceMessage, autoApply } from '@switchboard/shared/billing/payment-state';
import {
  paymentSplit,
  receivePaymentInputSchema,
  type PaymentMethod,
  type PaymentSplit,
  type ReceivableInvoice,
  type ReceivePaymentInput,
} from '@switchboard/shared/billing/payments';

// The Receive Payments form's arithmetic, in integer cents (never floats), and its messages: the shared contract
// checks the body before it is sent; an Apply amount above its invoice's balance is refused beside that invoice.

export interface ReceiveForm {
  company_id: number | null;
  payment_date: string;
  method: PaymentMethod;
  reference: string;
  amount: string;
  account_id: number | null;
  memo: string;
  /** Apply amounts as typed, by invoice id. */
  applies: Record<number, string>;
}

export type FormErrors = Record<string, string[]>;

/** Cents of a typed dollar amount ('1,250.5' → 125050); '' is 0; null when it is not an amount of cents. */
export function centsFromText(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return 0;
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  return unitsFromNumeric(cleaned, 2);
}

/** Dollars text of cents, as the Apply inputs show it ('12.50'). */
export const textFromCents = (cents: number): string => numericFromCents(cents);

/** Auto-apply oldest first: the payment's cents over the open invoices' balances, each input filled, the rest blank. */
export function autoApplyTexts(amount: string, invoices: readonly ReceivableInvoice[]): Record<number, string> {
  const cents = centsFromText(amount) ?? 0;
  const open = invoices.map((invoice) => ({
    id: invoice.id,
    balance: centsFromText(invoice.balance.toFixed(2)) ?? 0,
    invoiceDate: invoice.invoice_date,
  }));
  const { allocations } = autoApply(cents, open);
  return Object.fromEntries(allocations.map((allocation) => [allocation.invoiceId, textFromCents(allocation.amount)]));
}

/** Applied, credit and over, in cents; unreadable amounts count as 0 (their own message says why). */
export function receiveSummary(form: Pick<ReceiveForm, 'amount' | 'applies'>): PaymentSplit {
  const amount = centsFromText(form.amount) ?? 0;
  return paymentSplit(
    amount,
    Object.values(form.applies).map((text) => centsFromText(text) ?? 0),
  );
}

/** The body sent: the Apply amounts above 0, in the invoices' order. */
export function receiveBody(form: ReceiveForm, invoices: readonly ReceivableInvoice[]): ReceivePaymentInput {
  const allocations = invoices
    .filter((invoice) => (centsFromText(form.applies[invoice.id] ?? '') ?? 1) !== 0)
    .map((invoice) => ({
      invoice_id: invoice.id,
      amount: Number((form.applies[invoice.id] ?? '').replace(/[$,]/g, '')),
    }));
  return {
    company_id: form.company_id ?? 0,
    payment_date: form.payment_date,
    method: form.method,
    reference: form.reference,
    amount: Number(form.amount.replace(/[$,\s]/g, '') || 'NaN'),
    account_id: form.account_id,
    memo: form.memo,
    allocations,
    auto_apply: false,
  };
}

/**
 * The form's messages before sending, keyed as the server keys them, except each Apply amount's, which is keyed
 * `apply.{invoiceId}` so it shows beside its invoice (the server's `allocations.N.*` are mapped the same way).
 */
export function checkReceiveForm(form: ReceiveForm, invoices: readonly ReceivableInvoice[]): FormErrors | null {
  const errors: FormErrors = {};
  const add = (key: string, message: string) => (errors[key] ??= []).includes(message) || errors[key].push(message);
  for (const invoice of invoices) {
    const text = form.applies[invoice.id] ?? '';
    const cents = centsFromText(text);
    if (cents === null) add(`apply.${invoice.id}`, 'The amount may have at most two decimals.');
    else if (cents > (centsFromText(invoice.balance.toFixed(2)) ?? 0))
      add(`apply.${invoice.id}`, allocationOverBalanceMessage);
  }
  const body = receiveBody(form, invoices);
  const parsed = receivePaymentInputSchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const [first, index, field] = issue.path;
      if (first === 'allocations' && typeof index === 'number') {
        const invoiceId = body.allocations![index]!.invoice_id;
        if (field === 'amount') add(`apply.${invoiceId}`, issue.message);
        continue;
      }
      add(String(first ?? '_'), issue.message);
    }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The server's 422 errors keyed for the form: `allocations.N.*` beside invoice N of the body sent; date → date. */
export function formErrorsFromServer(errors: FormErrors, body: ReceivePaymentInput): FormErrors {
  const out: FormErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    const match = /^allocations\.(\d+)\.\w+$/.exec(key);
    const invoiceId = match ? body.allocations?.[Number(match[1])]?.invoice_id : undefined;
    const target = invoiceId !== undefined ? `apply.${invoiceId}` : key === 'date' ? 'payment_date' : key;
    out[target] = [...(out[target] ?? []), ...messages];
  }
  return out;
}
