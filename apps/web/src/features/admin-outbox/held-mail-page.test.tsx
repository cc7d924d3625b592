import type { HeldMailItem } from '@switchboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { stubApi } from '../../test/api-stub.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { renderApp } from '../../test/render.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

const agentSettings = {
  has_settings: false,
  phone_number: null,
  username: null,
  callback_number: null,
  connection_id: null,
};
const session = (role: 'admin' | 'user') => ({
  data: {
    user: { id: 1, type: 'Employee', role, name: 'Ada Admin', shortname: 'AA', email: 'ada@example.com', photo: null },
    permissions: ['view dashboard'],
    notifications: [],
    agent_settings: agentSettings,
    token_id: 'token-1',
    shadowing: false,
  },
});

function signIn() {
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
}

const base = {
  to_email: 'helpdesk@switchboard.local',
  text_body: 'Our scanner stopped working.',
  received_at: '2026-01-02T10:00:00.000Z',
};
const forgedVerdict = {
  spf: 'pass',
  dkim: 'none',
  dmarc: 'fail',
  verified: false,
  summary: 'Not verified: DMARC fail for newcomer.example',
};
const forgedReason = 'It names ticket #12 without its reply address, and the sender could not be verified.';
const waiting: HeldMailItem = {
  ...base,
  id: 3,
  from_email: 'nina@newcomer.example',
  subject: 'Scanner broken',
  reviewed_at: null,
  ticket_id: null,
  held_reason: forgedReason,
  mail_auth: forgedVerdict,
};
const reviewed: HeldMailItem = {
  ...base,
  id: 2,
  from_email: 'spam@junk.example',
  subject: 'Cheap watches',
  reviewed_at: '2026-01-02T11:00:00.000Z',
  ticket_id: null,
  held_reason: '',
  mail_auth: null,
};
const ticketed: HeldMailItem = {
  ...base,
  id: 1,
  from_email: 'old@newcomer.example',
  subject: 'Printer',
  reviewed_at: '2026-01-02T11:00:00.000Z',
  ticket_id: 12,
  held_reason: 'It names no ticket and comes from no client account.',
  mail_auth: { spf: 'pass', dkim: 'pass', dmarc: 'pass', verified: true, summary: 'DMARC pass for newcomer.example' },
};

const page = (data: HeldMailItem[]) => ({
  data,
  total: data.length,
  current_page: 1,
  per_page: 50,
  from: data.length ? 1 : null,
  to: data.length || null,
  last_page: 1,
});

function stubHeldMailApi(role: 'admin' | 'user', routes: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/session': [200, session(role)],
    'GET /api/misc/staticdata': [200, { data: {} }],
    'GET /api/notifications': [200, { data: [] }],
    'GET /api/admin/held-mail': [200, page([waiting, reviewed, ticketed])],
    'GET /api/company.list': [
      200,
      {
        data: [
          { id: 4, name: 'Harbor Clinic' },
          { id: 5, name: 'Other Co' },
        ],
      },
    ],
    'GET /api/users/client.list.4': [200, { data: [{ id: 7, name: 'Carla Client' }] }],
    'GET /api/companies/sites.list.4': [200, { data: [{ id: 9, name: 'Main Office' }] }],
    ...routes,
  });
}

const rowOf = async (id: number) => {
  const table = await screen.findByRole('table', { name: 'Held mail' });
  await within(table).findByText('Scanner broken');
  return table.querySelector<HTMLElement>(`tr[data-held-id="${id}"]`)!;
};

async function choose(dialog: HTMLElement, label: RegExp, option: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('held mail (/admin/held-mail): create a ticket or attach to one', { timeout: 20_000 }, () => {
  it('offers Create ticket and Attach to ticket on unreviewed rows only, and links rows that became tickets', async () => {
    signIn();
    stubHeldMailApi('admin');
    renderApp('/admin/held-mail');
    const open = await rowOf(3);
    expect(within(open).getByRole('button', { name: 'Create ticket' })).toBeTruthy();
    expect(within(open).getByRole('button', { name: 'Attach to ticket' })).toBeTruthy();
    expect(within(open).getByRole('button', { name: 'Mark Reviewed' })).toBeTruthy();

    const done = await rowOf(2);
    expect(within(done).getByText('Reviewed')).toBeTruthy();
    expect(within(done).queryByRole('button')).toBeNull();

    // Each row says why it was held and what the SPF, DKIM and DMARC checks found.
    expect(within(open).getByText(forgedReason)).toBeTruthy();
    expect(within(open).getByText('Not verified: DMARC fail for newcomer.example')).toBeTruthy();
    expect(within(open).getByText('SPF pass, DKIM none, DMARC fail')).toBeTruthy();
    expect(within(open).getByText('Sender not verified')).toBeTruthy();
    expect(within(await rowOf(1)).getByText('Sender verified')).toBeTruthy();

    const link = within(await rowOf(1)).getByRole('link', { name: 'Ticket #12' });
    expect(link.getAttribute('href')).toBe('/ticket/12');
    expect(within(await rowOf(1)).queryByRole('button')).toBeNull();
  });

  it('creates a ticket for the chosen company, client and site, toasts the answer and offers a link to the ticket', async () => {
    signIn();
    const api = stubHeldMailApi('admin', {
      'POST /api/admin/held-mail/3/ticket': [200, { message: 'Ticket created.', data: { id: 55 } }],
    });
    const { router } = renderApp('/admin/held-mail');
    await userEvent.click(within(await rowOf(3)).getByRole('button', { name: 'Create ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create ticket' });

    // The company is required; nothing is sent without it.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create ticket' }));
    expect(await within(dialog).findByText('Choose a company.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/held-mail/3/ticket')).toHaveLength(0);

    await choose(dialog, /^Company/, 'Harbor Clinic');
    await choose(dialog, /^Client/, 'Carla Client');
    await choose(dialog, /^Site/, 'Main Office');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create ticket' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/admin/held-mail/3/ticket')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/held-mail/3/ticket')[0]!.body).toEqual({
      company_id: '4',
      client_id: '7',
      site_id: '9',
    });
    expect(await screen.findByText('Ticket created.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create ticket' })).toBeNull());
    // The list is read again, so the row shows its ticket.
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/held-mail')).toHaveLength(2));

    const link = within(screen.getByTestId('held-mail-created')).getByRole('link', { name: 'Open ticket #55' });
    expect(link.getAttribute('href')).toBe('/ticket/55');
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ticket/55'));
  });

  it('clears the client and site when the company changes', async () => {
    signIn();
    const api = stubHeldMailApi('admin', {
      'GET /api/users/client.list.5': [200, { data: [] }],
      'GET /api/companies/sites.list.5': [200, { data: [] }],
      'POST /api/admin/held-mail/3/ticket': [200, { message: 'Ticket created.', data: { id: 56 } }],
    });
    renderApp('/admin/held-mail');
    await userEvent.click(within(await rowOf(3)).getByRole('button', { name: 'Create ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create ticket' });
    await choose(dialog, /^Company/, 'Harbor Clinic');
    await choose(dialog, /^Client/, 'Carla Client');
    await choose(dialog, /^Company/, 'Other Co');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/held-mail/3/ticket')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/held-mail/3/ticket')[0]!.body).toEqual({
      company_id: '5',
      client_id: null,
      site_id: null,
    });
  });

  it("toasts 'An error occured.' when the save fails, with the server's field errors beside their fields", async () => {
    signIn();
    stubHeldMailApi('admin', {
      'POST /api/admin/held-mail/3/ticket': [
        422,
        { message: 'The given data was invalid.', errors: { client_id: ['The selected client is invalid.'] } },
      ],
    });
    renderApp('/admin/held-mail');
    await userEvent.click(within(await rowOf(3)).getByRole('button', { name: 'Create ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create ticket' });
    await choose(dialog, /^Company/, 'Harbor Clinic');
    await choose(dialog, /^Client/, 'Carla Client');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create ticket' }));
    expect(await screen.findByText('An error occured.')).toBeTruthy();
    expect(await within(dialog).findByText('The selected client is invalid.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Create ticket' })).toBeTruthy();
    expect(screen.queryByTestId('held-mail-created')).toBeNull();
  });

  it("toasts 'An error occured.' and shows the server's reason when the mail is already a ticket", async () => {
    signIn();
    stubHeldMailApi('admin', {
      'POST /api/admin/held-mail/3/ticket': [409, { message: 'This mail is already a ticket.' }],
    });
    renderApp('/admin/held-mail');
    await userEvent.click(within(await rowOf(3)).getByRole('button', { name: 'Create ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create ticket' });
    await choose(dialog, /^Company/, 'Harbor Clinic');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create ticket' }));
    expect(await screen.findByText('An error occured.')).toBeTruthy();
    expect(await within(dialog).findByText('This mail is already a ticket.')).toBeTruthy();
  });

  it('attaches the mail to a ticket by its number (a leading # is fine) and toasts the answer', async () => {
    signIn();
    const api = stubHeldMailApi('admin', {
      'POST /api/admin/held-mail/3/attach': [200, { message: 'Mail attached to the ticket.', data: { id: 12 } }],
    });
    renderApp('/admin/held-mail');
    await userEvent.click(within(await rowOf(3)).getByRole('button', { name: 'Attach to ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attach to ticket' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Attach' }));
    expect(await within(dialog).findByText('The ticket number field is required.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/held-mail/3/attach')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Ticket number/ }), '#12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Attach' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/held-mail/3/attach')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/held-mail/3/attach')[0]!.body).toEqual({ ticket_id: '12' });
    expect(await screen.findByText('Mail attached to the ticket.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Attach to ticket' })).toBeNull());
  });

  it("toasts 'An error occured.' and shows the field error for an unknown ticket number", async () => {
    signIn();
    stubHeldMailApi('admin', {
      'POST /api/admin/held-mail/3/attach': [
        422,
        { message: 'The given data was invalid.', errors: { ticket_id: ['The selected ticket number is invalid.'] } },
      ],
    });
    renderApp('/admin/held-mail');
    await userEvent.click(within(await rowOf(3)).getByRole('button', { name: 'Attach to ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attach to ticket' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Ticket number/ }), '999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Attach' }));
    expect(await screen.findByText('An error occured.')).toBeTruthy();
    expect(await within(dialog).findByText('The selected ticket number is invalid.')).toBeTruthy();
  });

  it('is not found for anyone but administrators', async () => {
    signIn();
    const api = stubHeldMailApi('user');
    renderApp('/admin/held-mail');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(api.callsTo('GET', '/api/admin/held-mail')).toHaveLength(0);
  });
});
