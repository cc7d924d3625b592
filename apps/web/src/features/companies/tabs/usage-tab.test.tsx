import type { CompanyDetail, MonthlyUsageRow } from '@switchboard/shared';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { authStore } from '../../../lib/auth-store.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { signedInResponse } from '../../../test/signed-in.ts';
import { companyDetailQueryOptions } from '../api/company-detail.ts';
import { UsageTab } from './usage-tab.tsx';

const month = (id: string, extra: Partial<MonthlyUsageRow> = {}): MonthlyUsageRow => ({
  id,
  billing_date: `${id}-01`,
  retainer: 10,
  adjustments: 0,
  rollover: 0,
  helpdesk: 4,
  project: 0,
  non_billable: 0,
  total_used: 4,
  balance: 6,
  projected_billed: 0,
  ...extra,
});

function renderUsage(permissions: string[]) {
  authStore.signIn(signedInResponse(permissions));
  stubApi({ 'GET /api/companies/usage/adjustments.5': [200, { data: [] }] });
  const queryClient = createQueryClient();
  const company = {
    id: 5,
    monthly_usage: [month('2026-10', { invoiced: true, invoice_id: 42 }), month('2026-11')],
  } as unknown as CompanyDetail;
  queryClient.setQueryData(companyDetailQueryOptions(5).queryKey, company);
  const element = <UsageTab companyId={5} companyName="Acme Dental" method="index" methodId={undefined} />;
  const router = createMemoryRouter([{ path: '*', element }]);
  render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
}

afterEach(() => authStore.clear());

describe('Monthly Usage card, frozen months (designs/billing.md §3.9)', { timeout: 20_000 }, () => {
  it('badges a month its invoice froze as Invoiced, linked to the invoice for billing staff, and no other', async () => {
    renderUsage(['view billing']);
    const table = await screen.findByRole('table', { name: 'Monthly Usage' });
    const [october, november] = within(table).getAllByRole('row').slice(1);
    expect(within(october!).getByText('Invoiced')).toBeTruthy();
    const link = within(october!).getByRole('link', { name: 'Open the invoice of this month' });
    expect(link.getAttribute('href')).toBe('/billing/invoices?id=42');
    expect(within(november!).queryByText('Invoiced')).toBeNull();
  });

  it('shows the badge without a link to staff who cannot see billing', async () => {
    renderUsage([]);
    const table = await screen.findByRole('table', { name: 'Monthly Usage' });
    expect(within(table).getByText('Invoiced')).toBeTruthy();
    expect(within(table).queryByRole('link')).toBeNull();
  });
});
