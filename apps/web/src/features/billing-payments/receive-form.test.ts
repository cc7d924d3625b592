import { allocationOverBalanceMessage, allocationPositiveMessage } from '@switchboard/shared/billing/payment-state';
import { allocationsOverPaymentMessage, type ReceivableInvoice } from '@switchboard/shared/billing/payments';
import { describe, expect, it } from 'vitest';
import {
  autoApplyTexts,
  centsFromText,
  checkReceiveForm,
  formErrorsFromServer,
  receiveBody,
  receiveSummary,
  type ReceiveForm,
} from './receive-form.ts';

// The Receive Payments arithmetic in cents and the form's messages (designs/billing.md §5).

const invoice = (id: number, balance: number, date: string): ReceivableInvoice => ({
  id,
  number: `INV-00000${id}`,
  invoice_date: date,
  due_date: null,
  total: balance,
  balance,
  state: 'Open',
});
const invoices = [invoice(1, 40, '2026-10-01'), invoice(2, 50.1, '2026-11-01')];

const form = (change: Partial<ReceiveForm> = {}): ReceiveForm => ({
  company_id: 7,
  payment_date: '2026-11-20',
  method: 'check',
  reference: '1042',
  amount: '60',
  account_id: null,
  memo: '',
  applies: {},
  ...change,
});

describe('apply arithmetic in cents', () => {
  it('reads typed dollars as cents, never through a float', () => {
    expect(centsFromText('')).toBe(0);
    expect(centsFromText('0.1')).toBe(10);
    expect(centsFromText('1,250.55')).toBe(125055);
    expect(centsFromText('$19.99')).toBe(1999);
    expect(centsFromText('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996 as a float
    expect(centsFromText('1.234')).toBeNull();
    expect(centsFromText('-5')).toBeNull();
    expect(centsFromText('abc')).toBeNull();
  });

  it('auto-applies oldest first and leaves the remainder as credit', () => {
    expect(autoApplyTexts('60', invoices)).toEqual({ 1: '40.00', 2: '20.00' });
    expect(autoApplyTexts('100.10', [...invoices].reverse())).toEqual({ 1: '40.00', 2: '50.10' });
    expect(receiveSummary({ amount: '100.10', applies: { 1: '40.00', 2: '50.10' } })).toEqual({
      applied: 9010,
      credit: 1000,
      over: 0,
    });
    expect(receiveSummary({ amount: '30', applies: { 1: '20.10', 2: '10.05' } })).toEqual({
      applied: 3015,
      credit: 0,
      over: 15,
    });
  });

  it('sends only the Apply amounts above 0, in the invoices’ order', () => {
    expect(receiveBody(form({ applies: { 2: '20', 1: '' } }), invoices).allocations).toEqual([
      { invoice_id: 2, amount: 20 },
    ]);
  });
});

describe('form messages', () => {
  it('passes a payment that fits and refuses one that does not, beside the field', () => {
    expect(checkReceiveForm(form({ applies: { 1: '40', 2: '20' } }), invoices)).toBeNull();
    expect(checkReceiveForm(form({ amount: '0' }), invoices)).toEqual({ amount: [allocationPositiveMessage] });
    expect(checkReceiveForm(form({ amount: '10.123' }), invoices)).toEqual({
      amount: ['The amount may have at most two decimals.'],
    });
    expect(checkReceiveForm(form({ applies: { 1: '40.01' } }), invoices)).toEqual({
      'apply.1': [allocationOverBalanceMessage],
    });
    expect(checkReceiveForm(form({ amount: '30', applies: { 1: '40' } }), invoices)).toEqual({
      allocations: [allocationsOverPaymentMessage],
    });
    expect(checkReceiveForm(form({ company_id: null }), invoices)).toEqual({
      company_id: ['The company field is required.'],
    });
  });

  it('puts the server’s allocation errors beside their invoice and the lock date on the date', () => {
    const body = receiveBody(form({ applies: { 2: '20' } }), invoices);
    expect(
      formErrorsFromServer({ 'allocations.0.amount': ['Too much.'], date: ['The period is closed.'] }, body),
    ).toEqual({ 'apply.2': ['Too much.'], payment_date: ['The period is closed.'] });
  });
});
