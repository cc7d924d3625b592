import type { CompanyDetail } from '@switchboard/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { authStore } from '../../../lib/auth-store.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { staticDataQueryOptions } from '../../../lib/static-data.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { signedInResponse } from '../../../test/signed-in.ts';
import { companyDetailQueryOptions } from '../api/company-detail.ts';
import { BasicInformationTab } from './basic-information-tab.tsx';

const industries = [
  { id: 1, name: 'Healthcare', parent_id: 0 },
  { id: 2, name: 'Dental', parent_id: 1 },
];

/** A company whose industry (9) has since been removed from the list. */
const company = {
  id: 5,
  name: 'Acme Dental',
  website: null,
  industry_id: 9,
  industry: null,
  active: 0,
  logo_url: null,
  logo: null,
  flags: [],
  sites: [],
  sites_count: 0,
  accounts_count: 0,
  open_tickets_count: 0,
  active_contract: null,
  latest_contract: null,
  active_retainer_item: null,
  latest_retainer_item: null,
  contracts: [],
  monthly_usage: [],
  created_at: '2026-01-01T00:00:00.000Z',
} satisfies CompanyDetail;

afterEach(() => {
  authStore.clear();
});

describe('company Basic Information form (issue 16)', { timeout: 20_000 }, () => {
  it('reports every field at once on the first submit, the unknown industry included', async () => {
    authStore.signIn(signedInResponse());
    const api = stubApi({ 'GET /api/misc/staticdata': [200, { data: { industries } }] });
    const queryClient = createQueryClient();
    queryClient.setQueryData(companyDetailQueryOptions(5).queryKey, company);
    render(
      <Providers queryClient={queryClient} env="test">
        <BasicInformationTab companyId={5} companyName="Acme Dental" method="index" methodId={undefined} />
      </Providers>,
    );
    const user = userEvent.setup();
    // The industry list has arrived: the form can tell that industry 9 is no longer in it.
    await waitFor(() => expect(queryClient.getQueryData(staticDataQueryOptions('staff').queryKey)).toBeDefined());
    await user.clear(screen.getByRole('textbox', { name: /^Name/ }));
    await user.type(screen.getByRole('textbox', { name: /^Website/ }), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('The name field is required.')).toBeTruthy();
    expect(screen.getByText('The selected industry id is invalid.')).toBeTruthy();
    expect(screen.getByText('The website must be a valid URL.')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/company/5')).toEqual([]);
    expect(api.callsTo('POST', '/api/company/5')).toEqual([]);
  });
});
