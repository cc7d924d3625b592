import { describe, expect, it } from 'vitest';
import { agedReceivablesQuerySchema, invoiceLogDetail, invoiceRegisterQuerySchema } from './reports.ts';

describe('invoiceLogDetail', () => {
  it('words each event the invoice services write', () => {
    expect(invoiceLogDetail({ revision: 0, recipients: ['ap@acme.test', 'owner@acme.test'] })).toBe(
      'to ap@acme.test, owner@acme.test',
    );
    expect(invoiceLogDetail({ revision: 1, recipient: 'ap@acme.test', via: 'failed', error: 'Mailbox full' })).toBe(
      'to ap@acme.test, failed, Mailbox full',
    );
    expect(invoiceLogDetail({ number: 'INV-000123', total: 1234.5, journal_entry: 'JE-000045' })).toBe(
      'INV-000123, $1,234.50, JE-000045',
    );
    expect(invoiceLogDetail({ allocation_id: 3, source_type: 'payment', source_id: 9, amount: 200 })).toBe('$200.00');
    expect(invoiceLogDetail({ reason: 'Billed twice', date: '2026-03-02', journal_entry: 'JE-000050' })).toBe(
      'Billed twice, JE-000050',
    );
    expect(invoiceLogDetail({})).toBe('');
    expect(invoiceLogDetail(null)).toBe('');
  });
});

describe('report queries', () => {
  it('defaults aged receivables to due date, 30-day buckets, three of them, JSON', () => {
    expect(agedReceivablesQuerySchema.parse({})).toEqual({ basis: 'due_date', width: 30, count: 3, format: 'json' });
    expect(agedReceivablesQuerySchema.safeParse({ width: '0' }).success).toBe(false);
    expect(agedReceivablesQuerySchema.safeParse({ count: '13' }).success).toBe(false);
    expect(agedReceivablesQuerySchema.safeParse({ as_of: '2026-02-30' }).success).toBe(false);
  });

  it('refuses a register range that ends before it starts', () => {
    const result = invoiceRegisterQuerySchema.safeParse({ from: '2026-03-01', to: '2026-02-28' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['to'],
      message: 'The to date must be a date after or equal to the from date.',
    });
    expect(invoiceRegisterQuerySchema.parse({ from: '2026-03-01', to: '2026-03-01' }).per_page).toBe(50);
  });
});
