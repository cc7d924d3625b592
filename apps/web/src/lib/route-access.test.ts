import { permissionNames, type SessionUser } from '@switchboard/shared';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../app/router.tsx';
import { evaluateRouteAccess, routeHandle, titleFromMatches, type RouteAccess } from './route-access.ts';

type TestUser = Pick<SessionUser, 'type' | 'role'>;
const employee: TestUser = { type: 'Employee', role: 'user' };
const admin: TestUser = { type: 'Employee', role: 'admin' };
const client: TestUser = { type: 'Client', role: 'user' };

function access(path: string, user: TestUser = employee, permissions: readonly string[] = []): RouteAccess {
  const matches = matchRoutes(routes, path);
  if (!matches) throw new Error(`no route for ${path}`);
  return evaluateRouteAccess(
    matches.map((m) => ({ handle: m.route.handle, params: m.params })),
    user,
    permissions,
  );
}

function routeName(path: string): string | undefined {
  const matches = matchRoutes(routes, path) ?? [];
  return matches
    .map((m) => routeHandle({ handle: m.route.handle, params: m.params }).name)
    .filter(Boolean)
    .pop();
}

describe('route map (spec 1 §2.1)', () => {
  it('records the spec route names', () => {
    expect(routeName('/login')).toBe('login');
    expect(routeName('/forgot-password')).toBe('forgotpassword');
    expect(routeName('/reset-password/abc')).toBe('resetpassword');
    expect(routeName('/reset-password')).toBe('resetpassword');
    expect(routeName('/hr/employees/edit/4/pto')).toBe('EditEmployeeHr');
    expect(routeName('/crm/agents/edit/4/agent')).toBe('EditEmployeeCRM');
    expect(routeName('/companies/12')).toBe('EditCompany');
    expect(routeName('/companies/12/sites/edit/3')).toBe('EditCompany');
    expect(routeName('/companies/12/grades/edit')).toBe('ManageGrade');
    expect(routeName('/companies/12/grades/view/3')).toBe('ViewGrade');
    expect(routeName('/companies/12/grades/new')).toBe('ManageGrade');
    expect(routeName('/whiteboard')).toBe('Whiteboard');
    expect(routeName('/whiteboard/15')).toBe('Whiteboard');
    expect(routeName('/pdf/invoice/3')).toBe('PDFViewer');
    expect(routeName('/pdf/Project_Overview/3/2')).toBe('PDFViewer');
  });

  it.each([
    '/ai',
    '/dashboard',
    '/developer',
    '/get/rates',
    '/test',
    '/chat',
    '/chat2',
    '/billing/ledgers/5',
    '/billing/reports/agedpayables',
    '/crm/import/new',
    '/crm/export',
    '/crm/reports/calls/2024-01-01/2024-01-31/7',
    '/crm/admin/regions/3',
    '/crm/phoneburner',
    '/hr/jobs/view/9',
    '/hr/admin/steps',
    '/hr/reports/pto/a/b',
    '/profile/sessions',
    '/crm/profile',
    '/billing/profile/account',
    '/employees/edit/3/permissions',
    '/tickets',
    '/escalation',
    '/tickets/create',
    '/ticket/42',
    '/projects',
    '/projects/create',
    '/projects/templates/4',
    '/projects/9',
    '/companies',
    '/companies/create',
    '/companies/map',
    '/companies/devices',
    '/companies/3/devices/server/edit/8',
    '/accounts/edit/5',
    '/admin/settings/1',
    '/maintenance/4/2024',
    '/maintenance/baseline/1/2/4/2024/77/3/1',
    '/maintenance/analysis/1/2/4/2024/77',
    '/maintenance/exchange/1/2/4/2024/77/3',
  ])('%s is a page of the route map, not the not-found screen', (path) => {
    const matches = matchRoutes(routes, path) ?? [];
    expect(matches.at(-1)?.route.path).not.toBe('*');
    expect(access(path, admin, permissionNames)).toEqual({ kind: 'allowed' });
  });

  it('sends unknown paths to the not-found route', () => {
    expect(matchRoutes(routes, '/no-such-page/anywhere')?.at(-1)?.route.path).toBe('*');
    expect(
      titleFromMatches((matchRoutes(routes, '/nope') ?? []).map((m) => ({ handle: m.route.handle, params: m.params }))),
    ).toBe('Page Not Found');
  });
});

describe('route gates (spec 1 §2.5, §6)', () => {
  it('redirects billing routes to /dashboard without view billing', () => {
    expect(access('/billing')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(access('/billing/invoices')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(access('/billing/ledgers/3')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(access('/billing/invoices', employee, ['view billing'])).toEqual({ kind: 'allowed' });
  });

  it.each([
    ['/calendar', ['view calendar']],
    ['/resources', ['view chat']],
    ['/maintenance', ['view chat']],
    ['/sync', ['manage sync']],
    ['/reports/timeclock', ['view reports', 'view timeclock']],
    ['/reports/timeclock/2024-01-01/2024-01-07', ['view reports', 'view timeclock']],
    // Decision 0104's gate change: each HR page its own permission, self-service pages none.
    ['/hr', ['view hr calendar']],
    ['/hr/admin/steps', ['manage hr settings']],
    ['/hr/reports/pto', ['view hr reports']],
    ['/hr/employees', ['view human resources']],
    ['/hr/employees/edit/4/pto', ['view human resources']],
    ['/crm', ['view crm']],
    ['/crm/agents', ['view crm', 'manage crm']],
    ['/crm/import', ['view crm', 'manage crm']],
    ['/crm/admin/campaigns', ['view crm', 'manage crm']],
    ['/crm/admin/settings', ['view crm', 'manage crm', 'edit crm settings']],
    ['/crm/reports/calls', ['view crm', 'view crm reports']],
  ])('%s needs %j, else shows the no-permission text', (path, needed) => {
    expect(access(path, employee, needed)).toEqual({ kind: 'allowed' });
    for (const name of needed) {
      expect(
        access(
          path,
          employee,
          needed.filter((n) => n !== name),
        ),
      ).toEqual({ kind: 'forbidden' });
    }
  });

  it('keeps client users to tickets, projects, their profile and the dashboard', () => {
    for (const path of [
      '/tickets',
      '/ticket/3',
      '/projects',
      '/projects/4',
      '/dashboard',
      '/profile',
      '/pdf/quote/4',
    ]) {
      expect(access(path, client)).toEqual({ kind: 'allowed' });
    }
    for (const path of [
      '/companies',
      '/employees',
      '/escalation',
      '/admin',
      '/calendar',
      '/projects/templates',
      '/whiteboard',
    ]) {
      expect(access(path, client, permissionNames)).toEqual({ kind: 'forbidden' });
    }
  });

  it('opens HR self-service to every employee and to no client account (decision 0104)', () => {
    // /hr/jobs too: an interviewer without 'manage jobs' sees their interviews there (the page decides).
    for (const path of ['/hr/requests', '/hr/forms', '/hr/anonemail', '/profile/hr', '/hr/jobs']) {
      expect(access(path, employee, [])).toEqual({ kind: 'allowed' });
      expect(access(path, client, permissionNames)).toEqual({ kind: 'forbidden' });
    }
  });

  it('shows /users to admins only, and not-found to others', () => {
    expect(access('/users', admin)).toEqual({ kind: 'allowed' });
    expect(access('/users', employee, permissionNames)).toEqual({ kind: 'not-found' });
  });

  it('treats non-numeric ids as unknown paths', () => {
    expect(access('/billing/ledgers/abc', employee, ['view billing'])).toEqual({ kind: 'not-found' });
    expect(access('/hr/jobs/view/abc', employee, ['manage jobs'])).toEqual({ kind: 'not-found' });
    expect(access('/ticket/abc')).toEqual({ kind: 'not-found' });
    expect(access('/companies/abc')).toEqual({ kind: 'not-found' });
  });
});
