import { describe, expect, it } from 'vitest';
import { groupSearchResults } from './search-results.ts';

describe('groupSearchResults (issue 4 part 5)', () => {
  it('groups by kind in order Companies, Accounts, Employees with their links, leaving empty kinds out', () => {
    const groups = groupSearchResults({
      companies: [{ id: 4, name: 'Acme' }],
      accounts: [],
      employees: [{ id: 9, name: 'Eve Tech', email: 'eve@example.com', title: 'Technician' }],
    });
    expect(groups.map((group) => group.title)).toEqual(['Companies', 'Employees']);
    expect(groups[0].items[0]).toMatchObject({ label: 'Acme', to: '/companies/4' });
    expect(groups[1].items[0]).toMatchObject({ label: 'Eve Tech', detail: 'Technician · eve@example.com', to: '/employees/edit/9/account' });
  });

  it('links accounts to /accounts/edit/{id} and names their company', () => {
    const [accounts] = groupSearchResults({
      companies: [],
      accounts: [{ id: 12, name: 'Carl Client', email: 'carl@acme.test', company: { id: 4, name: 'Acme' } }],
      employees: [],
    });
    expect(accounts.title).toBe('Accounts');
    expect(accounts.items[0]).toMatchObject({ to: '/accounts/edit/12', detail: 'carl@acme.test · Acme' });
  });
});
