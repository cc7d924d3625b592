import { describe, expect, it } from 'vitest';
import {
  campaignOptions,
  isOverdue,
  leadFiltersOf,
  leadListQueryOf,
  nextSort,
  verticalOptions,
  withParamChanges,
} from './lead-filters.ts';

// The leads list's filters <-> URL <-> API query (designs/crm-softphone.md §4.1).

const agent = { defaultStatus: 3, seesAllLeads: false };
const manager = { defaultStatus: 1, seesAllLeads: true };
const read = (search: string, context = agent) => leadFiltersOf(new URLSearchParams(search), context);

describe('leadFiltersOf', () => {
  it('reads an empty URL as the defaults: All campaigns, the user crm_load_status, page 1 of 50', () => {
    expect(read('')).toEqual({
      campaign_id: null,
      status: 3,
      region_id: null,
      industry_id: null,
      state: null,
      manager_id: null,
      next_touch: null,
      from: null,
      to: null,
      q: '',
      sort: null,
      dir: 'asc',
      page: 1,
      per_page: 50,
    });
    expect(leadListQueryOf(read(''))).toEqual({ status: 3, page: 1 });
  });

  it('reads every filter the URL names and sends them under the API names', () => {
    const filters = read(
      'campaign_id=4&status=2&region_id=7&industry_id=12&state=tx&manager_id=9&next_touch=overdue&q=%20acme%20' +
        '&sort=company&dir=desc&page=3&per_page=100',
      manager,
    );
    expect(filters).toMatchObject({ campaign_id: 4, status: 2, state: 'TX', manager_id: 9, next_touch: 'overdue' });
    expect(leadListQueryOf(filters)).toEqual({
      campaign_id: 4,
      status: 2,
      region_id: 7,
      industry_id: 12,
      state: 'TX',
      manager_id: 9,
      next_touch: 'overdue',
      q: 'acme',
      sort: 'company',
      dir: 'desc',
      page: 3,
      per_page: 100,
    });
  });

  it('ignores the agent filter for an agent who sees only their own leads', () => {
    expect(read('manager_id=9').manager_id).toBeNull();
    expect(read('manager_id=9', manager).manager_id).toBe(9);
  });

  it('reads malformed values as absent, never as an error', () => {
    const filters = read('campaign_id=abc&status=4&region_id=-1&state=Texas&sort=drop&page=0&per_page=900&dir=up');
    expect(filters).toMatchObject({
      campaign_id: null,
      status: 3,
      region_id: null,
      state: null,
      sort: null,
      page: 1,
      per_page: 50,
      dir: 'asc',
    });
    // status 0 'None' is a real filter, not a missing one.
    expect(read('status=0').status).toBe(0);
  });

  it('sends a range as next_touch_from/_to, and its dates only while the range is chosen', () => {
    expect(leadListQueryOf(read('next_touch=range&from=2026-12-01&to=2026-12-31'))).toEqual({
      status: 3,
      page: 1,
      next_touch_from: '2026-12-01',
      next_touch_to: '2026-12-31',
    });
    expect(read('next_touch=today&from=2026-12-01').from).toBeNull();
    expect(read('next_touch=range&from=12/01/2026').from).toBeNull();
  });
});

describe('withParamChanges', () => {
  const current = new URLSearchParams('status=1&page=4&next_touch=range&from=2026-12-01&to=2026-12-31');

  it('starts again at page 1 when a filter changes, and removes emptied keys', () => {
    const next = withParamChanges(current, { campaign_id: 5, status: null });
    expect(next.get('campaign_id')).toBe('5');
    expect(next.has('status')).toBe(false);
    expect(next.has('page')).toBe(false);
  });

  it('keeps the page when only the open lead or the page changes', () => {
    expect(withParamChanges(current, { lead: 12 }).get('page')).toBe('4');
    expect(withParamChanges(current, { page: 5 }).get('page')).toBe('5');
  });

  it('drops the range dates when the next touch filter leaves the range', () => {
    const next = withParamChanges(current, { next_touch: 'week' });
    expect(next.has('from')).toBe(false);
    expect(next.has('to')).toBe(false);
    expect(withParamChanges(current, { from: '2026-11-01' }).get('to')).toBe('2026-12-31');
  });
});

describe('sorting, overdue, options', () => {
  it('sorts a new column ascending, then flips the same column', () => {
    expect(nextSort(read(''), 'company')).toEqual({ sort: 'company', dir: 'asc' });
    expect(nextSort(read('sort=company&dir=asc'), 'company')).toEqual({ sort: 'company', dir: 'desc' });
    expect(nextSort(read('sort=company&dir=desc'), 'company')).toEqual({ sort: 'company', dir: 'asc' });
    expect(nextSort(read('sort=company&dir=desc'), 'city')).toEqual({ sort: 'city', dir: 'asc' });
    // Without a sort in the URL the list is in next touch order already: its header flips it.
    expect(nextSort(read(''), 'next_touch')).toEqual({ sort: 'next_touch', dir: 'desc' });
  });

  it('calls a next touch before today overdue, today and later not', () => {
    expect(isOverdue('2026-11-27', '2026-11-28')).toBe(true);
    expect(isOverdue('2026-11-28', '2026-11-28')).toBe(false);
    expect(isOverdue('2026-11-29', '2026-11-28')).toBe(false);
    expect(isOverdue(null, '2026-11-28')).toBe(false);
  });

  it("lists the 'All' campaign first, then active ones, then inactive ones", () => {
    const options = campaignOptions([
      { id: 3, campaign_name: 'Old Dental', status: 0 },
      { id: 2, campaign_name: 'Law Firms', status: 1 },
      { id: 1, campaign_name: 'Accountants', status: 1 },
    ]);
    expect(options).toEqual([
      { value: '', label: 'All' },
      { value: '1', label: 'Accountants' },
      { value: '2', label: 'Law Firms' },
      { value: '3', label: 'Old Dental (inactive)' },
    ]);
  });

  it('groups the verticals under their parent industry', () => {
    expect(
      verticalOptions([
        { id: 2, name: 'Dentists', parent_id: 1 },
        { id: 1, name: 'Medical', parent_id: 0 },
        { id: 9, name: 'Orphan', parent_id: 77 },
      ]),
    ).toEqual([
      {
        group: 'Medical',
        items: [
          { value: '1', label: 'Medical' },
          { value: '2', label: 'Dentists' },
        ],
      },
      { group: 'Other', items: [{ value: '9', label: 'Orphan' }] },
    ]);
  });
});
