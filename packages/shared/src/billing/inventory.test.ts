import { describe, expect, it } from 'vitest';
import {
  adjustmentFormSchema,
  issueFormSchema,
  issueTargetMessage,
  locationFormSchema,
  locationSiteMessage,
  quantityText,
  stockListQuerySchema,
  transferFormSchema,
} from './inventory.ts';

// The inventory contract (designs/billing.md §3.8, §6) the routes and the page's dialogs share.

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe('inventory contract', () => {
  it('writes quantities as the numeric text the server stores', () => {
    expect(quantityText(3)).toBe('3');
    expect(quantityText(-1.5)).toBe('-1.5');
    expect(quantityText(0.25)).toBe('0.25');
    expect(quantityText(0)).toBe('0');
  });

  it('needs a site exactly for client-site locations', () => {
    expect(locationFormSchema.safeParse({ name: 'Van', kind: 'vehicle' }).success).toBe(true);
    expect(messages(locationFormSchema.safeParse({ name: 'Birch', kind: 'client_site' }))).toEqual({
      site_id: locationSiteMessage,
    });
    expect(messages(locationFormSchema.safeParse({ name: 'Van', kind: 'vehicle', site_id: 3 }))).toEqual({
      site_id: locationSiteMessage,
    });
    expect(locationFormSchema.safeParse({ name: 'Birch', kind: 'client_site', site_id: '3' }).success).toBe(true);
  });

  it('checks quantities (two decimals, transfers and issues above 0) and unit costs (four decimals)', () => {
    const adjust = { item_id: 1, location_id: 1, mode: 'delta', quantity: -2, reason: 'Broken' };
    expect(adjustmentFormSchema.safeParse(adjust).success).toBe(true);
    expect(messages(adjustmentFormSchema.safeParse({ ...adjust, quantity: 1.234 }))).toHaveProperty('quantity');
    expect(messages(adjustmentFormSchema.safeParse({ ...adjust, quantity: Number.NaN }))).toHaveProperty('quantity');
    expect(adjustmentFormSchema.safeParse({ ...adjust, unit_cost: 1.2345 }).success).toBe(true);
    expect(messages(adjustmentFormSchema.safeParse({ ...adjust, unit_cost: 1.23456 }))).toHaveProperty('unit_cost');
    expect(messages(adjustmentFormSchema.safeParse({ ...adjust, unit_cost: -1 }))).toHaveProperty('unit_cost');
    const transfer = { item_id: 1, from_location_id: 1, to_location_id: 2, quantity: 1 };
    expect(transferFormSchema.safeParse(transfer).success).toBe(true);
    expect(messages(transferFormSchema.safeParse({ ...transfer, quantity: 0 }))).toEqual({
      quantity: 'Quantity must be more than 0.',
    });
  });

  it('issues to exactly one of a ticket and a project', () => {
    const issue = { item_id: 1, location_id: 1, quantity: 1 };
    expect(issueFormSchema.safeParse({ ...issue, ticket_id: 4 }).success).toBe(true);
    expect(issueFormSchema.safeParse({ ...issue, project_id: 4 }).success).toBe(true);
    expect(messages(issueFormSchema.safeParse(issue))).toEqual({ ticket_id: issueTargetMessage });
    expect(messages(issueFormSchema.safeParse({ ...issue, ticket_id: 4, project_id: 4 }))).toEqual({
      ticket_id: issueTargetMessage,
    });
  });

  it('reads the list filters from the URL', () => {
    expect(stockListQuerySchema.parse({ below_reorder: 'true', location_id: '2' })).toMatchObject({
      below_reorder: true,
      location_id: 2,
      page: 1,
    });
    expect(stockListQuerySchema.parse({}).below_reorder).toBeUndefined();
    expect(stockListQuerySchema.safeParse({ type: 'moon' }).success).toBe(false);
  });
});
