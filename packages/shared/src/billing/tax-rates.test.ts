import { describe, expect, it } from 'vitest';
import {
  companyBillingSettingsInputSchema,
  rateDatesMessage,
  ratePercentDecimalsMessage,
  ratePercentRangeMessage,
  taxRateInputSchema,
} from './tax-rates.ts';

// The tax rate contract the server and the /billing/taxrates form share (decisions 0066, 0082).

const base = { name: 'Minnesota State', jurisdiction: 'mn', percent: 6.875, effective_from: '2026-01-01' };
const messages = (input: object) => {
  const parsed = taxRateInputSchema.safeParse({ ...base, ...input });
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('taxRateInputSchema', () => {
  it('takes numbers and decimal strings, upper-cases the state, defaults the rest', () => {
    expect(taxRateInputSchema.parse({ ...base, percent: ' 7.2500 ' })).toEqual({
      name: 'Minnesota State',
      jurisdiction: 'MN',
      dor_code: '',
      percent: 7.25,
      liability_account_id: null,
      effective_from: '2026-01-01',
      effective_to: null,
      active: true,
    });
    expect(messages({ percent: 0 })).toEqual([]);
    expect(messages({ percent: 100 })).toEqual([]);
    expect(messages({ percent: '99.9999' })).toEqual([]);
  });

  it('refuses a rate outside 0 to 100, text, blank and a fifth decimal', () => {
    expect(messages({ percent: 100.0001 })).toEqual([`percent: ${ratePercentRangeMessage}`]);
    expect(messages({ percent: -0.5 })).toEqual([`percent: ${ratePercentRangeMessage}`]);
    expect(messages({ percent: 'seven' })).toEqual([`percent: ${ratePercentRangeMessage}`]);
    expect(messages({ percent: '' })).toEqual([`percent: ${ratePercentRangeMessage}`]);
    expect(messages({ percent: 6.87501 })).toEqual([`percent: ${ratePercentDecimalsMessage}`]);
  });

  it('refuses an end date before the start date, takes the same day', () => {
    expect(messages({ effective_to: '2025-12-31' })).toEqual([`effective_to: ${rateDatesMessage}`]);
    expect(messages({ effective_to: '2026-01-01' })).toEqual([]);
  });

  it('asks for a two-letter state code', () => {
    expect(messages({ jurisdiction: 'Minn' })).toEqual([
      'jurisdiction: The jurisdiction must be a two-letter state code.',
    ]);
  });
});

describe('companyBillingSettingsInputSchema', () => {
  it('defaults every field', () => {
    expect(companyBillingSettingsInputSchema.parse({})).toEqual({
      tax_rate_id: null,
      tax_exempt: false,
      exempt_certificate: '',
      exempt_expires_on: null,
      billing_site_id: null,
      separate_overage_invoice: false,
      waive_late_fees: false,
      invoice_notes: '',
    });
  });
});
