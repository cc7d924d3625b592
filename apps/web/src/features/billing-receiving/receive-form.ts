import { lineAmount } from '@switchboard/shared/billing/money';
import {
  locationRequiredMessage,
  receiptInputSchema,
  wholeQuantityMessage,
  type OpenOrder,
  type ReceiptInput,
} from '@switchboard/shared/billing/receipts';

// The Receive Items form's rules (designs/billing.md §5 /billing/receive): what the person typed per line (receive
// now, serials), checked with the shared contract before it is sent, and the server's 422 keys (lines.N.field) mapped
// back to the line they name.

export interface ReceiveForm {
  received_on: string;
  location_id: number | null;
  memo: string;
  /** Receive now and serials text, by PO line id. */
  quantities: Record<number, string>;
  serials: Record<number, string>;
  /** "Bill received with items": the vendor's invoice number, its date and the billed unit cost by PO line id. */
  bill: boolean;
  vendor_ref: string;
  bill_date: string;
  bill_costs: Record<number, string>;
}

/**
 * Errors by form key: 'qty.{lineId}', 'serials.{lineId}', 'cost.{lineId}', 'location_id', 'received_on', 'memo',
 * 'bill.vendor_ref', 'bill.bill_date', '_'.
 */
export type FormErrors = Record<string, string[]>;

export const emptyReceiveForm = (today: string, order: OpenOrder | null): ReceiveForm => ({
  received_on: today,
  location_id: order?.location_id ?? null,
  memo: '',
  quantities: {},
  serials: {},
  bill: false,
  vendor_ref: '',
  bill_date: today,
  bill_costs: {},
});

/** A billed unit cost as typed: blank is the order's cost (null), else the number the contract checks. */
const billedCost = (text: string | undefined): number | null => {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? null : Number(trimmed);
};

/** Serial numbers as typed: one per line, or separated by commas. */
export const serialList = (text: string | undefined): string[] =>
  (text ?? '')
    .split(/[\n,]+/)
    .map((serial) => serial.trim())
    .filter((serial) => serial !== '');

/** The lines being received now (a blank or 0 receive-now leaves the line out), in the order's line order. */
function chosenLines(form: ReceiveForm, order: OpenOrder) {
  return order.lines.filter((line) => {
    const text = (form.quantities[line.id] ?? '').trim();
    return text !== '' && Number(text) !== 0;
  });
}

export function receiptBody(form: ReceiveForm, order: OpenOrder): ReceiptInput {
  const lines = chosenLines(form, order);
  const needsLocation = !order.drop_ship && lines.some((line) => line.tracked);
  return {
    po_id: order.id,
    received_on: form.received_on,
    location_id: needsLocation ? form.location_id : null,
    memo: form.memo,
    lines: lines.map((line) => ({
      po_line_id: line.id,
      quantity: (form.quantities[line.id] ?? '').trim(),
      serials: serialList(form.serials[line.id]),
      ...(form.bill ? { bill_unit_cost: billedCost(form.bill_costs[line.id]) } : {}),
    })),
    bill: form.bill ? { vendor_ref: form.vendor_ref, bill_date: form.bill_date } : null,
  };
}

/** The bill's total in cents: each received line at its billed cost, else the order's (as the server bills it). */
export function billTotalCents(form: ReceiveForm, order: OpenOrder): number | null {
  try {
    return chosenLines(form, order).reduce((total, line) => {
      const typed = (form.bill_costs[line.id] ?? '').trim();
      return total + lineAmount((form.quantities[line.id] ?? '').trim(), typed === '' ? String(line.unit_cost) : typed);
    }, 0);
  } catch {
    return null; // something typed is not a number yet
  }
}

/** Maps 422 keys of a body to the form's: lines.N.quantity → qty.{lineId}, lines.N.serials → serials.{lineId}. */
export function formErrorsFromServer(errors: Record<string, string[]>, body: ReceiptInput): FormErrors {
  const mapped: FormErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    const match = /^lines\.(\d+)\.(\w+)/.exec(key);
    const line = match ? body.lines[Number(match[1])] : undefined;
    let target = key;
    if (match && line)
      target =
        match[2] === 'serials'
          ? `serials.${line.po_line_id}`
          : match[2] === 'bill_unit_cost'
            ? `cost.${line.po_line_id}`
            : `qty.${line.po_line_id}`;
    else if (key === 'po_id' || key === 'lines') target = '_';
    (mapped[target] ??= []).push(...messages);
  }
  return mapped;
}

/**
 * The browser's check before sending: the shared contract, then what the open lines tell (no more than remaining,
 * whole units of items counted each, a location for stock); null when the form can be sent.
 */
export function checkReceiveForm(form: ReceiveForm, order: OpenOrder): FormErrors | null {
  const body = receiptBody(form, order);
  const errors: FormErrors = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  const parsed = receiptInputSchema.safeParse(body);
  if (!parsed.success) {
    const byKey: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (byKey[issue.path.join('.')] ??= []).push(issue.message);
    Object.assign(errors, formErrorsFromServer(byKey, body));
  }
  body.lines.forEach((entry) => {
    const line = order.lines.find((row) => row.id === entry.po_line_id)!;
    if (errors[`qty.${line.id}`]) return;
    const quantity = Number(entry.quantity);
    if (quantity > line.remaining + 1e-9) add(`qty.${line.id}`, `Only ${line.remaining} left to receive on this line.`);
    else if (line.unit === 'each' && !Number.isInteger(quantity)) add(`qty.${line.id}`, wholeQuantityMessage);
  });
  if (
    body.lines.length > 0 &&
    !order.drop_ship &&
    body.lines.some((entry) => order.lines.find((l) => l.id === entry.po_line_id)?.tracked) &&
    form.location_id === null
  )
    add('location_id', locationRequiredMessage);
  return Object.keys(errors).length > 0 ? errors : null;
}
