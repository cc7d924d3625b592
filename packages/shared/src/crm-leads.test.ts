import { describe, expect, it } from 'vitest';
import {
  leadBulkInputSchema,
  leadCreateInputSchema,
  leadDispositionInputSchema,
  leadListQuerySchema,
  leadSortColumns,
  leadUpdateInputSchema,
} from './crm-leads.ts';
import './validation.ts';

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('lead create input', () => {
  it('needs a company name and normalises the rest', () => {
    expect(errorsOf(leadCreateInputSchema.safeParse({}))).toEqual({
      company_name: 'The company name field is required.',
    });
    const parsed = leadCreateInputSchema.parse({
      company_name: ' Acme Dental ',
      phone: '512.555.0123',
      email: '',
      state: 'tx',
      region_id: 0,
      first_name: '  ',
    });
    expect(parsed).toMatchObject({
      company_name: 'Acme Dental',
      phone: '(512) 555-0123',
      email: null,
      state: 'TX',
      region_id: null,
      first_name: null,
    });
  });

  it('refuses a bad phone, e-mail, state, status and next touch', () => {
    const errors = errorsOf(
      leadCreateInputSchema.safeParse({
        company_name: 'A',
        phone: '555-01',
        email: 'nope',
        state: 'Texas',
        status: 2,
        next_touch: '2026-02-30',
      }),
    );
    expect(errors).toEqual({
      phone: 'The phone number must be ten digits, optionally followed by an extension of up to 4 digits.',
      email: 'The email must be a valid email address.',
      state: 'The state must be a two-letter USPS code.',
      status: 'The selected status is invalid.',
      next_touch: 'The next touch is not a valid date.',
    });
  });

  it('update takes any subset', () => {
    expect(leadUpdateInputSchema.parse({ status: 3 })).toEqual({ status: 3 });
    expect(leadUpdateInputSchema.safeParse({ company_name: '' }).success).toBe(false);
  });
});

describe('lead list query', () => {
  it('defaults and coerces the query string', () => {
    expect(leadListQuerySchema.parse({})).toMatchObject({ page: 1, per_page: 50, sort: 'next_touch', dir: 'asc' });
    expect(leadListQuerySchema.parse({ status: '2', campaign_id: '0', state: 'ca', per_page: '500' })).toMatchObject({
      status: 2,
      campaign_id: 0,
      state: 'CA',
      per_page: 500,
    });
  });

  it('refuses out-of-range pages, unknown sorts and reversed ranges', () => {
    expect(errorsOf(leadListQuerySchema.safeParse({ per_page: '501', sort: 'nope', status: '4' }))).toEqual({
      per_page: 'The per page may not be greater than 500.',
      sort: 'The selected sort is invalid.',
      status: 'The selected status is invalid.',
    });
    expect(
      errorsOf(leadListQuerySchema.safeParse({ next_touch_from: '2026-03-02', next_touch_to: '2026-03-01' })),
    ).toEqual({ next_touch_to: 'The next touch to must be a date after or equal to next touch from.' });
  });

  it('sorts by the 14 columns', () => {
    expect(leadSortColumns).toHaveLength(14);
  });
});

describe('bulk and disposition', () => {
  it('checks the value by action', () => {
    expect(leadBulkInputSchema.parse({ ids: [1, 2], action: 'status', value: 3 })).toEqual({
      ids: [1, 2],
      action: 'status',
      value: 3,
    });
    expect(errorsOf(leadBulkInputSchema.safeParse({ ids: [1], action: 'status', value: 2 }))).toEqual({
      value: 'The selected status is invalid.',
    });
    expect(errorsOf(leadBulkInputSchema.safeParse({ ids: [1], action: 'merge' }))).toEqual({
      action: 'The selected action is invalid.',
    });
    expect(leadBulkInputSchema.safeParse({ ids: [], action: 'delete' }).success).toBe(false);
  });

  it('checks the disposition code', () => {
    expect(errorsOf(leadDispositionInputSchema.safeParse({ disposition: 'maybe' }))).toEqual({
      disposition: 'The selected disposition is invalid.',
    });
    expect(leadDispositionInputSchema.parse({ disposition: 'connected', next_touch: '' })).toEqual({
      disposition: 'connected',
      next_touch: null,
    });
  });
});
