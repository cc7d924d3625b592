import type { ProposalDetail, PublicProposal } from '@switchboard/shared/crm-proposals';
import { proposalMessages } from '@switchboard/shared/crm-proposals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse, renderApp } from '../../test/render.tsx';
import { firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

// /crm/proposals (designs/crm-softphone.md §4.7): the list, the editor's live totals in cents and its checks before
// any call, New proposal from the lead drawer's URL, the accepted offer to set the lead to Current Client, and the
// public acceptance page.

const detail = (status: ProposalDetail['status'], leadStatus = 1): ProposalDetail => ({
  id: 11,
  lead: { id: 7, company_name: 'Acme Dental', status: leadStatus },
  title: 'Managed IT for Acme',
  status,
  monthly_total: 596,
  one_time_total: 1200.02,
  sent_at: status === 'draft' ? null : '2026-11-20T10:00:00.000Z',
  valid_until: '2026-12-31',
  agent: { id: 3, name: 'Andy Agent' },
  created_at: '2026-11-19T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  lines: [
    { id: 1, kind: 'monthly', description: 'Managed workstation', quantity: 12, unit_price: 45.5, amount: 546 },
    { id: 2, kind: 'monthly', description: 'Backup', quantity: 1.5, unit_price: 33.33, amount: 50 },
    { id: 3, kind: 'one_time', description: 'Onboarding', quantity: 1, unit_price: 1200, amount: 1200 },
    { id: 4, kind: 'one_time', description: 'Cabling', quantity: 0.33, unit_price: 0.05, amount: 0.02 },
  ],
  decided_at: status === 'accepted' ? '2026-11-22T10:00:00.000Z' : null,
  decided_by_name: status === 'accepted' ? 'Ann Acme' : null,
  sent_to: status === 'draft' ? null : 'ann@acme-dental.test',
  link_expires_at: null,
});

const page = (row: ProposalDetail) => {
  const { lines: _l, decided_at: _d, decided_by_name: _n, sent_to: _s, link_expires_at: _e, ...listRow } = row;
  return { data: [listRow], total: 1, current_page: 1, per_page: 50, from: 1, to: 1, last_page: 1 };
};
const emptyLeads = { data: [], total: 0, current_page: 1, per_page: 20, from: null, to: null, last_page: 1 };

function render(url: string, row: ProposalDetail) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  renderSignedIn(url, {
    permissions: ['view crm'],
    api: (requestUrl, init) => {
      const path = requestUrl.split('?')[0]!;
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      if (method !== 'GET') calls.push({ method, path, body });
      if (method === 'GET' && path === '/api/crm/proposals') return jsonResponse(200, page(row));
      if (method === 'GET' && path === '/api/crm/proposals/11') return jsonResponse(200, { data: row });
      if (method === 'GET' && path === '/api/crm/leads') return jsonResponse(200, emptyLeads);
      if (method === 'GET' && path === '/api/crm/leads/7')
        return jsonResponse(200, { data: { id: 7, company_name: 'Acme Dental' } });
      if (method === 'POST' && path === '/api/crm/proposals')
        return jsonResponse(200, { message: proposalMessages.created, data: { ...row, status: 'draft' } });
      if (method === 'PUT' && path === '/api/crm/leads/7')
        return jsonResponse(200, { message: 'The lead was updated.', data: { id: 7, status: 5 } });
      return undefined;
    },
  });
  return calls;
}

describe('/crm/proposals', { timeout: 60_000 }, () => {
  it('lists lead, title, status, monthly and one-time in USD, sent, valid until and agent', async () => {
    render('/crm/proposals', detail('sent'));
    const table = await screen.findByRole('table', { name: 'Proposals' }, firstLoad);
    const row = await within(table).findByText('Managed IT for Acme');
    const cells = within(row.closest('tr')!);
    expect(cells.getByText('Acme Dental')).toBeTruthy();
    expect(cells.getByText('Sent')).toBeTruthy();
    expect(cells.getByText('$596.00')).toBeTruthy();
    expect(cells.getByText('$1,200.02')).toBeTruthy();
    expect(cells.getByText('2026-11-20')).toBeTruthy();
    expect(cells.getByText('2026-12-31')).toBeTruthy();
    expect(cells.getByText('Andy Agent')).toBeTruthy();
  });

  it('opens New proposal with the lead of the URL, live totals in cents, no call on a third decimal', async () => {
    const calls = render('/crm/proposals?new=1&lead=7', detail('draft'));
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'New proposal' }, firstLoad);
    await waitFor(() =>
      expect((screen.getByPlaceholderText('Search leads') as HTMLInputElement).value).toBe('Acme Dental'),
    );
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Managed IT for Acme');
    await user.type(screen.getByLabelText('Monthly description 1'), 'Backup');
    const quantity = screen.getByLabelText('Monthly quantity 1');
    await user.clear(quantity);
    await user.type(quantity, '1.5');
    await user.type(screen.getByLabelText('Monthly unit price 1'), '33.33');
    // 1.5 x 33.33 = 49.995, rounded once half away from zero.
    expect(screen.getByTestId('monthly-total').textContent).toBe('$50.00');
    await user.type(screen.getByLabelText('One-time description 2'), 'Cabling');
    await user.type(screen.getByLabelText('One-time unit price 2'), '10.005');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(proposalMessages.priceDecimals)).toBeTruthy();
    expect(calls).toEqual([]);

    const price = screen.getByLabelText('One-time unit price 2');
    await user.clear(price);
    await user.type(price, '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/crm/proposals',
      body: {
        lead_id: 7,
        title: 'Managed IT for Acme',
        valid_until: null,
        lines: [
          { kind: 'monthly', description: 'Backup', quantity: 1.5, unit_price: 33.33 },
          { kind: 'one_time', description: 'Cabling', quantity: 1, unit_price: 10 },
        ],
      },
    });
  });

  it('shows an accepted proposal read-only and sets the lead to Current Client', async () => {
    const calls = render('/crm/proposals?proposal=11', detail('accepted'));
    const user = userEvent.setup();
    expect(await screen.findByText('Accepted by Ann Acme on 2026-11-22.', {}, firstLoad)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View PDF' }).getAttribute('href')).toBe('/pdf/proposal/11');
    await user.click(screen.getByRole('button', { name: 'Set lead to Current Client' }));
    expect(await screen.findByText('The lead is a Current Client.')).toBeTruthy();
    expect(calls).toEqual([{ method: 'PUT', path: '/api/crm/leads/7', body: { status: 5 } }]);
  });
});

describe('the public acceptance page', { timeout: 30_000 }, () => {
  const token = 'tok_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdef';
  const path = `/api/public/proposals/${token}`;
  const shown: PublicProposal = {
    title: 'Managed IT for Acme',
    company_name: 'Acme Dental',
    agent_name: 'Andy Agent',
    valid_until: '2026-12-31',
    monthly_total: 596,
    one_time_total: 1200.02,
    lines: [{ kind: 'monthly', description: 'Backup', quantity: 1.5, unit_price: 33.33, amount: 50 }],
    has_pdf: true,
    expires_at: '2026-12-20T10:00:00.000Z',
  };

  it('shows only the proposal and its PDF, asks the typed name, accepts without a bearer token', async () => {
    const api = stubApi({
      [`GET ${path}`]: [200, { data: shown }],
      [`POST ${path}`]: [200, { message: proposalMessages.accepted }],
    });
    renderApp(`/proposal/${token}`);
    expect(await screen.findByRole('heading', { name: 'Managed IT for Acme' })).toBeTruthy();
    expect(screen.getByText('Monthly: $596.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Proposal (PDF)' }).getAttribute('href')).toBe(`${path}/pdf`);
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(proposalMessages.nameRequired)).toBeTruthy();
    expect(api.callsTo('POST', path)).toEqual([]);
    await userEvent.type(screen.getByLabelText(/Your name/), 'Ann Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(proposalMessages.accepted)).toBeTruthy();
    const [sent] = api.callsTo('POST', path);
    expect(sent?.body).toEqual({ decision: 'accept', name: 'Ann Acme' });
    expect(sent?.authorization).toBeNull();
  });

  it('says when the proposal was already answered and offers no answer', async () => {
    stubApi({ [`GET ${path}`]: [409, { message: proposalMessages.linkUsed }] });
    renderApp(`/proposal/${token}`);
    expect(await screen.findByText(proposalMessages.linkUsed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});
