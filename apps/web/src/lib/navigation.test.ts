import { permissionNames } from '@switchboard/shared';
import { describe, expect, it } from 'vitest';
import {
  buildQuickLinks,
  buildSectionLinks,
  buildSidebar,
  findActiveItemId,
  profilePathFor,
  sectionForPath,
  type NavGroup,
} from './navigation.ts';

const labels = (groups: NavGroup[]) => groups.flatMap((g) => g.items.map((i) => i.label));
const paths = (groups: NavGroup[]) => groups.flatMap((g) => g.items.map((i) => i.to));
const all = permissionNames;

describe('sectionForPath', () => {
  it.each([
    ['/dashboard', 'main'],
    ['/tickets', 'main'],
    ['/billing', 'billing'],
    ['/billing/ledgers/12', 'billing'],
    ['/billing/profile', 'billing'],
    ['/hr', 'hr'],
    ['/hr/jobs/view/3', 'hr'],
    ['/hrx', 'main'],
    ['/crm', 'crm'],
    ['/crm/admin/settings', 'crm'],
    ['/crmx', 'main'],
  ])('%s → %s', (path, section) => {
    expect(sectionForPath(path)).toBe(section);
  });
});

describe('buildSidebar: employee main menu (spec 1 §2.5)', () => {
  it('shows every entry, in order, to an employee holding every permission', () => {
    expect(paths(buildSidebar('main', all, 'Employee'))).toEqual([
      '/tickets',
      '/escalation',
      '/projects',
      '/calendar',
      '/resources',
      '/maintenance',
      '/companies',
      '/accounts',
      '/companies/devices',
      '/companies/map',
      '/projects/templates',
      '/whiteboard/',
      '/dashboard',
      '/dashboard',
      '/reports/timeclock',
      '/employees',
      '/admin',
      '/sync',
      '/chat',
    ]);
    expect(labels(buildSidebar('main', all, 'Employee'))).toContain('Settings');
  });

  it('keeps the ungated entries and hides every gated one without permissions', () => {
    const groups = buildSidebar('main', [], 'Employee');
    expect(labels(groups)).toEqual([
      'Tickets',
      'Escalation',
      'Projects',
      'Companies',
      'Accounts',
      'Devices',
      'Company Map',
      'Project Templates',
      'Whiteboard',
      'Employees',
      'Settings',
      'Chat',
    ]);
    // The reports group has nothing left, so it is not shown at all.
    expect(groups.map((g) => g.id)).not.toContain('reports');
  });

  it.each([
    [['view calendar'], ['Calendar']],
    [['view chat'], ['Resources', 'Maintenance']],
    [['manage sync'], ['Sync']],
    [['view reports'], []],
    [['view client report'], []],
    [['view reports', 'view client report'], ['Client Report']],
    [['view reports', 'view tech report'], ['Tech Report']],
    [['view timeclock'], []],
    [['view reports', 'view timeclock'], ['Timeclock']],
  ])('with %j adds %j', (held, added) => {
    const base = labels(buildSidebar('main', [], 'Employee'));
    const extra = labels(buildSidebar('main', held, 'Employee')).filter((label) => !base.includes(label));
    expect(extra).toEqual(added);
  });
});

describe('buildSidebar: billing settings', () => {
  it("lists Billing Settings only for 'manage accounting'", () => {
    const withIt = paths(buildSidebar('billing', ['view billing', 'manage accounting'], 'Employee'));
    expect(withIt).toContain('/billing/settings');
    expect(paths(buildSidebar('billing', ['view billing'], 'Employee'))).not.toContain('/billing/settings');
  });
});

describe('buildSidebar: sections', () => {
  it('billing lists the billing paths except ledger detail, and every report at its own route (0072)', () => {
    const groups = buildSidebar('billing', ['view billing'], 'Employee');
    const billingPaths = paths(groups).filter((p) => p.startsWith('/billing'));
    expect(billingPaths).toEqual([
      '/billing',
      '/billing/items',
      '/billing/ledgers',
      '/billing/vendors',
      '/billing/taxrates',
      '/billing/invoices',
      '/billing/quotes',
      '/billing/payments/receive',
      '/billing/payments/make',
      '/billing/purchaseorders',
      '/billing/receive',
      '/billing/inventory',
      '/billing/reports/agedreceivables',
      '/billing/reports/agedpayables',
      '/billing/reports/balancesheet',
      '/billing/reports/clientbalances',
      '/billing/reports/clientoverview',
      '/billing/reports/clientreceived',
      '/billing/reports/dortaxes',
      '/billing/reports/dorinvoices',
      '/billing/reports/incomestatement',
      '/billing/reports/invoicetotals',
      '/billing/reports/invoicelog',
      '/billing/reports/invoiceregister',
      '/billing/reports/outgoingsearch',
      '/billing/reports/services',
      '/billing/reports/verifytransactions',
    ]);
    // Decision 0072: no billing report entry is left on the spec's /tickets placeholder.
    expect(groups.flatMap((g) => g.items).filter((i) => i.to === '/tickets')).toEqual([]);
    expect(buildSidebar('billing', [], 'Employee')).toEqual([]);
  });

  it("HR gates its calendar on view hr calendar, jobs, reports and employees on theirs, admin on 'manage hr settings'", () => {
    // Self-service for everyone; the rest each behind its own permission (the gate change).
    expect(paths(buildSidebar('hr', [], 'Employee'))).toEqual(['/hr/requests', '/hr/forms', '/hr/anonemail']);
    expect(paths(buildSidebar('hr', ['manage jobs', 'view hr reports', 'view human resources'], 'Employee'))).toEqual([
      '/hr/requests',
      '/hr/forms',
      '/hr/anonemail',
      '/hr/jobs',
      '/hr/reports/pto',
      '/hr/employees',
    ]);
    expect(paths(buildSidebar('hr', ['view hr calendar'], 'Employee'))[0]).toBe('/hr');
    expect(paths(buildSidebar('hr', ['manage hr settings'], 'Employee')).slice(-2)).toEqual([
      '/hr/admin/categories',
      '/hr/admin/steps',
    ]);
  });

  it('CRM gates agents, import and admin on manage crm, settings also on edit crm settings, reports on view crm reports', () => {
    expect(paths(buildSidebar('crm', [], 'Employee'))).toEqual([
      '/crm',
      '/crm/voicemails',
      '/crm/documents',
      '/crm/calendar',
      '/crm/proposals',
    ]);
    const manager = paths(buildSidebar('crm', ['manage crm'], 'Employee'));
    expect(manager).toEqual(
      expect.arrayContaining([
        '/crm/agents',
        '/crm/import',
        '/crm/admin/campaigns',
        '/crm/admin/email',
        '/crm/admin/regions',
        '/crm/admin/verticals',
      ]),
    );
    expect(manager).not.toContain('/crm/admin/settings');
    expect(paths(buildSidebar('crm', ['edit crm settings'], 'Employee'))).not.toContain('/crm/admin/settings');
    expect(paths(buildSidebar('crm', ['manage crm', 'edit crm settings'], 'Employee'))).toContain(
      '/crm/admin/settings',
    );
    expect(paths(buildSidebar('crm', ['view crm reports'], 'Employee'))).toEqual(
      expect.arrayContaining([
        '/crm/reports/appointments',
        '/crm/reports/calls',
        '/crm/reports/callbreakdown',
        '/crm/reports/agents',
      ]),
    );
  });
});

describe('buildSidebar: client users', () => {
  it('get /tickets and /projects only, whatever the section and permissions', () => {
    for (const section of ['main', 'billing', 'hr', 'crm'] as const) {
      expect(paths(buildSidebar(section, all, 'Client'))).toEqual(['/tickets', '/projects']);
    }
  });
});

describe('top bar', () => {
  it('section buttons follow view dashboard / view billing / view human resources / view crm', () => {
    expect(buildSectionLinks([], 'Employee')).toEqual([]);
    expect(buildSectionLinks(['view dashboard'], 'Employee').map((l) => l.label)).toEqual(['Dashboard']);
    expect(buildSectionLinks(['view billing', 'view crm'], 'Employee').map((l) => l.label)).toEqual(['Billing', 'CRM']);
    expect(buildSectionLinks(all, 'Employee').map((l) => [l.label, l.to])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Billing', '/billing'],
      ['HR', '/hr'],
      ['CRM', '/crm'],
    ]);
    expect(buildSectionLinks(all, 'Client')).toEqual([]);
  });

  it('the HR button opens the first HR page the user may see', () => {
    expect(buildSectionLinks(['view human resources'], 'Employee')[0].to).toBe('/hr/requests');
  });

  it('My Profile goes to the profile of the current section', () => {
    expect(profilePathFor('main')).toBe('/profile');
    expect(profilePathFor('hr')).toBe('/profile');
    expect(profilePathFor('crm')).toBe('/crm/profile');
    expect(profilePathFor('billing')).toBe('/billing/profile');
  });
});

describe('findActiveItemId', () => {
  it('marks the longest matching entry and never an ambiguous one', () => {
    const main = buildSidebar('main', all, 'Employee');
    expect(findActiveItemId(main, '/companies/devices/server')).toBe('devices');
    expect(findActiveItemId(main, '/companies/12/basicinformation')).toBe('companies');
    expect(findActiveItemId(main, '/whiteboard/5')).toBe('whiteboard');
    expect(findActiveItemId(main, '/dashboard')).toBeNull();
    const crm = buildSidebar('crm', all, 'Employee');
    expect(findActiveItemId(crm, '/crm/voicemails')).toBe('crm-voicemails');
    expect(findActiveItemId(crm, '/crm')).toBe('crm-leads');
  });
});

describe('buildQuickLinks', () => {
  it('lists what the user may open, each path once and without the dashboard', () => {
    const links = buildQuickLinks(['view calendar', 'view billing'], 'Employee');
    const tos = links.map((l) => l.to);
    expect(tos).toContain('/calendar');
    expect(tos).toContain('/billing');
    expect(tos).not.toContain('/dashboard');
    expect(tos).not.toContain('/sync');
    expect(tos).not.toContain('/crm');
    expect(new Set(tos).size).toBe(tos.length);
    expect(buildQuickLinks(all, 'Client').map((l) => l.to)).toEqual(['/tickets', '/projects']);
  });
});
