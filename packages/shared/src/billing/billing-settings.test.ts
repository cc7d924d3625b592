import { describe, expect, it } from 'vitest';
import { billingSettingsInputSchema } from './ledger.ts';

// Billing settings (designs/billing.md §3.9): the delivery and run fields of /billing/settings, with the messages the
// form shows beside each field.

const base = { lock_date: null, time_zone: 'UTC' };
const errorsOf = (input: object) => {
  const result = billingSettingsInputSchema.safeParse({ ...base, ...input });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('billingSettingsInputSchema', () => {
  it('keeps the lock date and time zone alone valid, leaving the other fields out', () => {
    expect(billingSettingsInputSchema.parse(base)).toEqual(base);
  });

  it('takes every field at its bounds', () => {
    const full = {
      ...base,
      invoice_prefix: 'INV-',
      credit_note_prefix: 'CN-',
      quote_prefix: 'Q-',
      purchase_order_prefix: 'PO-2026-',
      receipt_prefix: 'RCV',
      journal_entry_prefix: 'ABCDEFGHIJ',
      remit_to: 'PO Box 12\nAustin TX',
      invoice_footer: 'Thank you.',
      late_fee_grace_days: 0,
      prorate_partial_months: false,
      run_day: 28,
      run_hour: 0,
      labor_item_id: 4,
    };
    expect(billingSettingsInputSchema.parse(full)).toEqual(full);
    expect(
      billingSettingsInputSchema.parse({
        ...full,
        run_day: 1,
        run_hour: 23,
        late_fee_grace_days: 365,
        labor_item_id: null,
      }),
    ).toMatchObject({ run_day: 1, run_hour: 23, late_fee_grace_days: 365, labor_item_id: null });
  });

  it('says what is wrong with each prefix: 1 to 10 letters, digits or dashes', () => {
    expect(errorsOf({ invoice_prefix: '' })).toEqual({
      invoice_prefix: 'The invoice prefix must be 1 to 10 letters, digits or dashes.',
    });
    expect(errorsOf({ credit_note_prefix: 'ABCDEFGHIJK' })).toEqual({
      credit_note_prefix: 'The credit note prefix must be 1 to 10 letters, digits or dashes.',
    });
    expect(errorsOf({ quote_prefix: 'Q/' })).toEqual({
      quote_prefix: 'The quote prefix must be 1 to 10 letters, digits or dashes.',
    });
    expect(errorsOf({ purchase_order_prefix: 'P O' })).toEqual({
      purchase_order_prefix: 'The purchase order prefix must be 1 to 10 letters, digits or dashes.',
    });
    expect(errorsOf({ receipt_prefix: 'RÇV' })).toEqual({
      receipt_prefix: 'The receipt prefix must be 1 to 10 letters, digits or dashes.',
    });
    expect(errorsOf({ journal_entry_prefix: 12 })).toEqual({
      journal_entry_prefix: 'The journal entry prefix must be 1 to 10 letters, digits or dashes.',
    });
  });

  it('bounds the run day to 1-28, the hour to 0-23 and the grace days to 0-365, whole numbers', () => {
    expect(errorsOf({ run_day: 0 })).toEqual({ run_day: 'The run day must be between 1 and 28.' });
    expect(errorsOf({ run_day: 29 })).toEqual({ run_day: 'The run day must be between 1 and 28.' });
    expect(errorsOf({ run_day: 1.5 })).toEqual({ run_day: 'The run day must be between 1 and 28.' });
    expect(errorsOf({ run_hour: -1 })).toEqual({ run_hour: 'The run hour must be between 0 and 23.' });
    expect(errorsOf({ run_hour: 24 })).toEqual({ run_hour: 'The run hour must be between 0 and 23.' });
    expect(errorsOf({ late_fee_grace_days: -1 })).toEqual({
      late_fee_grace_days: 'The grace days must be a whole number from 0 to 365.',
    });
    expect(errorsOf({ late_fee_grace_days: 366 })).toEqual({
      late_fee_grace_days: 'The grace days must be a whole number from 0 to 365.',
    });
  });

  it('refuses long texts and a labor item that is not an id', () => {
    expect(errorsOf({ remit_to: 'x'.repeat(1001) })).toEqual({
      remit_to: 'The remit-to text may not be greater than 1000 characters.',
    });
    expect(errorsOf({ invoice_footer: 'x'.repeat(2001) })).toEqual({
      invoice_footer: 'The invoice footer may not be greater than 2000 characters.',
    });
    expect(errorsOf({ labor_item_id: 0 })).toEqual({ labor_item_id: 'The selected labor item is invalid.' });
    expect(errorsOf({ labor_item_id: 'labor' })).toEqual({ labor_item_id: 'The selected labor item is invalid.' });
  });
});
