import { describe, expect, it } from 'vitest';
import {
  campaignInputSchema,
  crmAdminMessages,
  orderVerticalTree,
  regionInputSchema,
  verticalInputSchema,
} from './crm-admin.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('campaignInputSchema', () => {
  it('trims the name and accepts status 1 or 0', () => {
    expect(campaignInputSchema.parse({ campaign_name: '  Spring  ', status: 0 })).toEqual({
      campaign_name: 'Spring',
      status: 0,
    });
  });

  it('refuses an empty or long name and any other status', () => {
    expect(messagesOf(campaignInputSchema.safeParse({ campaign_name: ' ', status: 2 }))).toEqual({
      campaign_name: crmAdminMessages.campaignNameRequired,
      status: crmAdminMessages.statusInvalid,
    });
    expect(messagesOf(campaignInputSchema.safeParse({ campaign_name: 'x'.repeat(101), status: '1' }))).toEqual({
      campaign_name: crmAdminMessages.campaignNameTooLong,
      status: crmAdminMessages.statusInvalid,
    });
    expect(campaignInputSchema.safeParse({ campaign_name: 'x'.repeat(100), status: 1 }).success).toBe(true);
  });
});

describe('regionInputSchema and verticalInputSchema', () => {
  it('need a name', () => {
    expect(messagesOf(regionInputSchema.safeParse({}))).toEqual({ name: crmAdminMessages.nameRequired });
    expect(messagesOf(verticalInputSchema.safeParse({ name: '', parent_id: 0 }))).toEqual({
      name: crmAdminMessages.nameRequired,
    });
  });

  it('take parent_id as a whole number from 0', () => {
    expect(verticalInputSchema.parse({ name: 'Dental', parent_id: 3 })).toEqual({ name: 'Dental', parent_id: 3 });
    for (const parent_id of [-1, 1.5, '3', null])
      expect(messagesOf(verticalInputSchema.safeParse({ name: 'Dental', parent_id }))).toEqual({
        parent_id: crmAdminMessages.parentInvalid,
      });
  });
});

describe('orderVerticalTree', () => {
  it('lists each parent by name followed by its children by name, orphans last', () => {
    const rows = [
      { id: 1, name: 'Retail', parent_id: 0 },
      { id: 2, name: 'Shoes', parent_id: 1 },
      { id: 3, name: 'Health', parent_id: 0 },
      { id: 4, name: 'Dental', parent_id: 3 },
      { id: 5, name: 'Clinics', parent_id: 3 },
      { id: 6, name: 'Lost', parent_id: 99 },
    ];
    expect(orderVerticalTree(rows).map((row) => row.id)).toEqual([3, 5, 4, 1, 2, 6]);
  });
});
