import type { LeadDetail } from '@switchboard/shared/crm-leads';
import type { ProposalRow } from '@switchboard/shared/crm-proposals';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// The lead drawer's proposals (designs/crm-softphone.md §4.2, §4.7): 'New proposal' opens /crm/proposals by URL with
// the lead chosen (the drawer does not import the proposals feature), and the lead's proposals link to their editor.

vi.mock('socket.io-client', () => fakeSocketModule);
afterEach(() => vi.unstubAllGlobals());

const detail = {
  id: 5,
  company_name: 'Acme Dental',
  first_name: 'Dana',
  last_name: 'Doe',
  contact_name: 'Dana Doe',
  title: null,
  phone: '5125550123',
  phone_ext: null,
  mobile: null,
  email: 'dana@acme.test',
  address: null,
  city: 'Austin',
  state: 'TX',
  zip: null,
  website: null,
  region_id: null,
  region_name: null,
  industry_id: null,
  vertical_name: null,
  campaign_id: null,
  campaign_name: null,
  status: 1,
  next_touch: null,
  manager_id: 1,
  manager_name: 'Ada Admin',
  calls_count: 0,
  last_call_at: null,
  do_not_call: false,
  bad_number: false,
  company_id: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-19T15:00:00Z',
  contacts: [],
  calls: [],
  notes: [],
} as unknown as LeadDetail;

const proposal: ProposalRow = {
  id: 11,
  lead: { id: 5, company_name: 'Acme Dental', status: 1 },
  title: 'Managed IT for Acme',
  status: 'sent',
  monthly_total: 596,
  one_time_total: 1200.02,
  sent_at: '2026-11-20T10:00:00.000Z',
  valid_until: '2026-12-31',
  agent: { id: 1, name: 'Ada Admin' },
  created_at: '2026-11-19T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

describe("the lead drawer's proposals", { timeout: 60_000 }, () => {
  it('lists the lead’s proposals linked to their editor and links New proposal with the lead', async () => {
    const asked: string[] = [];
    renderSignedIn('/crm?lead=5', {
      permissions: ['view crm'],
      api: (url) => {
        const parsed = new URL(url, 'http://localhost');
        if (parsed.pathname === '/api/crm/leads/5') return jsonResponse(200, { data: detail });
        if (parsed.pathname === '/api/crm/proposals') {
          asked.push(parsed.search);
          return jsonResponse(200, {
            data: [proposal],
            total: 1,
            current_page: 1,
            per_page: 20,
            from: 1,
            to: 1,
            last_page: 1,
          });
        }
        return undefined;
      },
    });
    const section = await screen.findByRole('region', { name: 'Proposals' }, firstLoad);
    const link = await within(section).findByRole('link', { name: 'Managed IT for Acme' });
    expect(link.getAttribute('href')).toBe('/crm/proposals?proposal=11');
    expect(within(section).getByText('Sent')).toBeTruthy();
    expect(within(section).getByText('$596.00/mo · $1,200.02 one-time')).toBeTruthy();
    expect(asked).toContain('?lead_id=5&per_page=20');
    expect(screen.getByRole('link', { name: 'New proposal' }).getAttribute('href')).toBe('/crm/proposals?new=1&lead=5');
  });
});
