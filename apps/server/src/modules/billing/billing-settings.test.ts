import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';

// GET|PUT /api/billing/settings with the delivery and run fields (designs/billing.md §3.9; issue 27 parts 3 and 8):
// 'view billing' reads, 'manage accounting' saves; 422 with a message per field; omitted fields stay as they were.

let ctx: TestContext;
let manager: string;
let viewer: string;
let laborItemId: number;

const call = (method: 'GET' | 'PUT', payload?: object, token = manager) =>
  ctx.app.inject({ method, url: '/api/billing/settings', headers: bearer(token), payload });

beforeAll(async () => {
  ctx = await createTestContext();
  const m = await createUser(ctx.db, { permissions: ['view billing', 'manage accounting'] });
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  manager = (await login(ctx.app, m.email, m.password)).access_token;
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const [item] = await ctx.db
    .insert(billingItems)
    .values({ name: 'Labor (hour)', type: 'overage', price: 150 })
    .returning({ id: billingItems.id });
  laborItemId = item!.id;
});

afterAll(async () => {
  await ctx?.close();
});

describe('billing settings: delivery and run fields', () => {
  it('reads the defaults', async () => {
    expect((await call('GET', undefined, viewer)).json().data).toEqual({
      lock_date: null,
      time_zone: 'UTC',
      invoice_prefix: 'INV-',
      credit_note_prefix: 'CN-',
      quote_prefix: 'Q-',
      purchase_order_prefix: 'PO-',
      receipt_prefix: 'RCV-',
      journal_entry_prefix: 'JE-',
      remit_to: '',
      invoice_footer: '',
      late_fee_grace_days: 0,
      prorate_partial_months: true,
      run_day: 1,
      run_hour: 6,
      labor_item_id: null,
    });
  });

  it('saves every field, and a later save of the lock date alone keeps them', async () => {
    const input = {
      lock_date: null,
      time_zone: 'America/Chicago',
      invoice_prefix: 'NW-INV-',
      credit_note_prefix: 'NW-CN-',
      quote_prefix: 'NW-Q-',
      purchase_order_prefix: 'NW-PO-',
      receipt_prefix: 'NW-RCV-',
      journal_entry_prefix: 'NW-JE-',
      remit_to: 'Northwind MSP\nPO Box 12, Austin TX',
      invoice_footer: 'Thank you for your business.',
      late_fee_grace_days: 5,
      prorate_partial_months: false,
      run_day: 3,
      run_hour: 7,
      labor_item_id: laborItemId,
    };
    const saved = await call('PUT', input);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: 'Settings saved.', data: input });
    const again = await call('PUT', { lock_date: '2025-12-31', time_zone: 'UTC' });
    expect(again.json().data).toEqual({ ...input, lock_date: '2025-12-31', time_zone: 'UTC' });
    const cleared = await call('PUT', { lock_date: null, time_zone: 'UTC', labor_item_id: null });
    expect(cleared.json().data.labor_item_id).toBeNull();
  });

  it('answers 422 with each field message, and saves nothing', async () => {
    const before = (await call('GET')).json().data;
    const bad = await call('PUT', {
      lock_date: null,
      time_zone: 'UTC',
      invoice_prefix: 'INV/2026',
      run_day: 29,
      run_hour: 24,
      late_fee_grace_days: -1,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        invoice_prefix: ['The invoice prefix must be 1 to 10 letters, digits or dashes.'],
        run_day: ['The run day must be between 1 and 28.'],
        run_hour: ['The run hour must be between 0 and 23.'],
        late_fee_grace_days: ['The grace days must be a whole number from 0 to 365.'],
      },
    });
    const unknownItem = await call('PUT', { lock_date: null, time_zone: 'UTC', labor_item_id: 99999999, run_day: 9 });
    expect(unknownItem.statusCode).toBe(422);
    expect(unknownItem.json().errors).toEqual({ labor_item_id: ['The selected labor item is invalid.'] });
    expect((await call('GET')).json().data).toEqual(before);
  });

  it('needs manage accounting to save', async () => {
    expect((await call('PUT', { lock_date: null, time_zone: 'UTC', run_day: 2 }, viewer)).statusCode).toBe(403);
  });
});
