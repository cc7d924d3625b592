import type { LeadEmail } from '@switchboard/shared/crm-documents';
import type { Lead, LeadDetail } from '@switchboard/shared/crm-leads';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule, latestSocket } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// The lead drawer's Email (designs/crm-softphone.md §4.2): a template fills subject, body and documents with the
// merge fields of the chosen contact and the agent; the POST carries what the form shows; the e-mail joins the
// timeline when crm_lead_{id} says LeadEmailSent.

vi.mock('socket.io-client', () => fakeSocketModule);
afterEach(() => vi.unstubAllGlobals());

const lead: Lead = {
  id: 5,
  company_name: 'Acme Dental',
  first_name: 'Dana',
  last_name: 'Doe',
  contact_name: 'Dana Doe',
  title: 'Office Manager',
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
};

const detail: LeadDetail = {
  ...lead,
  contacts: [
    {
      id: 11,
      lead_id: 5,
      first_name: 'Sam',
      last_name: 'Smith',
      title: 'Dentist',
      phone: null,
      phone_ext: null,
      mobile: null,
      email: 'sam@acme.test',
      is_primary: false,
      created_at: '2026-11-01T10:00:00Z',
      updated_at: '2026-11-01T10:00:00Z',
    },
  ],
  calls: [],
  notes: [],
};

const sentEmail: LeadEmail = {
  id: 41,
  lead_id: 5,
  user_id: 1,
  user_name: 'Ada Admin',
  contact_id: 11,
  to_email: 'sam@acme.test',
  to_name: 'Sam Smith',
  subject: 'Managed IT for Acme Dental',
  body_html: '<p>Hi Sam, Ada Admin here.</p>',
  template_id: 4,
  documents: [{ id: 1, name: 'Overview' }],
  delivered: 'smtp',
  created_at: '2026-11-20T10:00:00Z',
};

describe('lead drawer Email', { timeout: 150_000 }, () => {
  it('fills a template for the chosen contact, sends it, and shows it on the timeline live', async () => {
    const posted: unknown[] = [];
    let emails: LeadEmail[] = [];
    const api: ApiAnswer = (url, init) => {
      const method = init?.method ?? 'GET';
      const path = new URL(url, 'http://localhost').pathname;
      if (method === 'POST' && path === '/api/crm/leads/5/email') {
        posted.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, { message: 'E-mail sent.', data: sentEmail });
      }
      if (path === '/api/crm/leads/5') return jsonResponse(200, { data: detail });
      if (path === '/api/crm/leads/5/emails') return jsonResponse(200, { data: emails });
      if (path === '/api/crm/leads')
        return jsonResponse(200, {
          data: [lead],
          total: 1,
          current_page: 1,
          per_page: 50,
          from: 1,
          to: 1,
          last_page: 1,
          total_capped: false,
        });
      if (path === '/api/crm/email_templates')
        return jsonResponse(200, {
          data: [
            {
              id: 4,
              name: 'Introduction',
              subject: 'Managed IT for {{company_name}}',
              body_html: '<p>Hi {{contact_first_name}}, {{agent_name}} here.</p>',
              document_ids: [1],
              created_at: '2026-11-20T10:00:00Z',
              updated_at: '2026-11-20T10:00:00Z',
            },
          ],
        });
      if (path === '/api/crm/documents')
        return jsonResponse(200, {
          data: [
            {
              id: 1,
              name: 'Overview',
              category: null,
              description: null,
              original_name: 'Overview.pdf',
              mime: 'application/pdf',
              bytes: 10,
              icon_group: 'pdf',
              uploaded_by: null,
              created_at: '2026-11-20T10:00:00Z',
              updated_at: '2026-11-20T10:00:00Z',
            },
          ],
          categories: [],
        });
      return undefined;
    };
    const user = userEvent.setup();
    renderSignedIn('/crm?lead=5', { permissions: ['view crm'], api });
    const drawer = await screen.findByRole('dialog', { name: 'Acme Dental' }, firstLoad);
    await user.click(await within(drawer).findByRole('button', { name: 'Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email Acme Dental' });
    await user.click(within(dialog).getByRole('combobox', { name: 'To' }));
    await user.click(await screen.findByRole('option', { name: 'Sam Smith <sam@acme.test>' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Introduction' }));
    expect((within(dialog).getByRole('textbox', { name: 'Subject' }) as HTMLInputElement).value).toBe(
      'Managed IT for Acme Dental',
    );
    expect(await within(dialog).findByText('Overview', { selector: '.mantine-Pill-label' })).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Message' }).textContent).toBe('Hi Sam, Ada Admin here.'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      contact_id: 11,
      template_id: 4,
      subject: 'Managed IT for Acme Dental',
      body_html: '<p>Hi Sam, Ada Admin here.</p>',
      document_ids: [1],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Email Acme Dental' })).toBeNull());

    emails = [sentEmail];
    act(() => latestSocket().serverEmit('crm_lead_5', 'LeadEmailSent', sentEmail));
    const timeline = await within(drawer).findByRole('list', { name: 'Timeline' });
    expect(await within(timeline).findByText('Managed IT for Acme Dental')).toBeTruthy();
    expect(within(timeline).getByText('to Sam Smith <sam@acme.test>')).toBeTruthy();
  });
});
