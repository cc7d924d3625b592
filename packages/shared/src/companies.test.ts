import { describe, expect, it } from 'vitest';
import { contractCounterLabel, normalizeNotes, siteInputSchema } from './companies.ts';

describe('contractCounterLabel (spec 2 §2 header)', () => {
  const contract = { id: 1, start_date: '2026-01-01', end_date: '2026-12-31' };
  it('names the active contract by its retainer item, or says Active', () => {
    expect(
      contractCounterLabel({
        active_contract: contract,
        latest_contract: contract,
        active_retainer_item: { name: 'Managed Services Retainer' },
      }),
    ).toBe('Managed Services Retainer');
    expect(
      contractCounterLabel({ active_contract: contract, latest_contract: contract, active_retainer_item: null }),
    ).toBe('Active');
  });
  it('says Expired when only a latest contract exists, None without any', () => {
    expect(contractCounterLabel({ active_contract: null, latest_contract: contract, active_retainer_item: null })).toBe(
      'Expired',
    );
    expect(contractCounterLabel({ active_contract: null, latest_contract: null, active_retainer_item: null })).toBe(
      'None',
    );
  });
});

describe('siteInputSchema (spec 2 §5 Sites)', () => {
  it('answers Name Required, Region Required and City Required', () => {
    const result = siteInputSchema.safeParse({ id: 'new', name: ' ', region_id: '', city: '' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({ name: 'Name Required', region_id: 'Region Required', city: 'City Required' });
  });
  it("treats 'new' as an added site and keeps coordinates", () => {
    const result = siteInputSchema.parse({
      id: 'new',
      name: 'HQ',
      region_id: '3',
      city: 'Austin',
      lat: '30.25',
      lng: -97.75,
    });
    expect(result).toMatchObject({ id: null, region_id: 3, lat: 30.25, lng: -97.75, address: null });
  });
});

describe('normalizeNotes', () => {
  it("stores empty notes and the 'No Notes' placeholder as blank", () => {
    expect(normalizeNotes('No Notes')).toBeNull();
    expect(normalizeNotes('  ')).toBeNull();
    expect(normalizeNotes('Rack 2')).toBe('Rack 2');
  });
});
