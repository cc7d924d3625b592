import { describe, expect, it } from 'vitest';
import { groupSearchResults } from './search-results.ts';

describe('groupSearchResults (issue 4 part 5)', () => {
  it('groups by kind in order Companies, Accounts, Employees with their links, leaving empty kinds out', () => {
    const groups = groupSearchResults({
      tickets: [],
      devices: [],
      companies: [{ id: 4, name: 'Acme' }],
      accounts: [],
      employees: [{ id: 9, name: 'Eve Tech', email: 'eve@example.com', title: 'Technician' }],
      articles: [],
    });
    expect(groups.map((group) => group.title)).toEqual(['Companies', 'Employees']);
    expect(groups[0].items[0]).toMatchObject({ label: 'Acme', to: '/companies/4' });
    expect(groups[1].items[0]).toMatchObject({
      label: 'Eve Tech',
      detail: 'Technician · eve@example.com',
      to: '/employees/edit/9/account',
    });
  });

  it('links accounts to /accounts/edit/{id} and names their company', () => {
    const [accounts] = groupSearchResults({
      tickets: [],
      devices: [],
      companies: [],
      accounts: [{ id: 12, name: 'Carl Client', email: 'carl@acme.test', company: { id: 4, name: 'Acme' } }],
      employees: [],
      articles: [],
    });
    expect(accounts.title).toBe('Accounts');
    expect(accounts.items[0]).toMatchObject({ to: '/accounts/edit/12', detail: 'carl@acme.test · Acme' });
  });

  it('links tickets to /ticket/{id} and devices to their edit route, Tickets first and Devices before Employees', () => {
    const groups = groupSearchResults({
      tickets: [{ id: 252, subject: 'Outlook asks for password', company: { id: 4, name: 'Acme' }, status: 'Open' }],
      devices: [
        { id: 7, name: 'ACME-PC-01', type: 'workstations', asset_tag: 'AT-1', company: { id: 4, name: 'Acme' } },
      ],
      companies: [{ id: 4, name: 'Acme' }],
      accounts: [],
      employees: [{ id: 9, name: 'Eve Tech', email: 'eve@example.com', title: null }],
      articles: [],
    });
    expect(groups.map((group) => group.title)).toEqual(['Tickets', 'Companies', 'Devices', 'Employees']);
    expect(groups[0].items[0]).toEqual({
      key: 'ticket-252',
      label: '#252 Outlook asks for password',
      detail: 'Acme · Open',
      to: '/ticket/252',
    });
    expect(groups[2].items[0]).toMatchObject({
      label: 'ACME-PC-01',
      detail: 'Workstations · AT-1 · Acme',
      to: '/companies/4/devices/workstations/edit/7',
    });
  });

  it('links whiteboard articles to /whiteboard/{id}, last', () => {
    const groups = groupSearchResults({
      tickets: [],
      devices: [],
      companies: [{ id: 4, name: 'Acme' }],
      accounts: [],
      employees: [],
      articles: [{ id: 31, title: 'VLAN basics', category_id: 2 }],
    });
    expect(groups.map((group) => group.title)).toEqual(['Companies', 'Articles']);
    expect(groups[1].items[0]).toEqual({ key: 'article-31', label: 'VLAN basics', detail: null, to: '/whiteboard/31' });
  });
});
