import type {
  HrFormAssignment,
  HrFormDetail,
  HrFormMineListResponse,
  HrFormVersion,
} from '@switchboard/shared/hr/forms';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// /hr/forms (designs/hr.md §3): My forms split into to do and done (with the signed PDF), the signing view checking
// the version's fields and the typed name with the shared buildFormSchema before anything is posted, and the builder's
// contract check, live preview and Publish question.

vi.mock('socket.io-client', () => fakeSocketModule);

const version: HrFormVersion = {
  id: 31,
  form_id: 7,
  version: 2,
  title: 'Security Policy',
  kind: 'both',
  body_html: '<p>Lock your screen.</p><script>alert(1)</script>',
  file: null,
  fields: [
    {
      key: 'laptop_tag',
      kind: 'short_text',
      label: 'Laptop tag',
      help: '',
      required: true,
      min_length: null,
      max_length: 20,
    },
    { key: 'signature', kind: 'signature', label: 'Signature', help: '', required: true },
  ],
  published_at: '2026-11-20T10:00:00Z',
  published_by: { id: 1, name: 'Ada Admin' },
  require_resign: true,
  content_sha256: 'a'.repeat(64),
};

const assignment = (overrides: Partial<HrFormAssignment>): HrFormAssignment => ({
  id: 90,
  user: { id: 1, name: 'Ada Admin' },
  version_id: 31,
  version: 2,
  assigned_at: '2026-11-20T10:00:00Z',
  due_on: '2026-11-27',
  status: 'overdue',
  submission_id: null,
  signed_at: null,
  ...overrides,
});

const detail: HrFormDetail = {
  id: 7,
  title: 'Security Policy',
  description: 'Read every year.',
  kind: 'both',
  due_days: 7,
  renew_months: 12,
  audience: null,
  archived_at: null,
  current_version: version,
  my_version: version,
  assignment: assignment({}),
  draft: null,
  has_unpublished_changes: false,
  versions: [],
  can_manage: false,
};

const mine: HrFormMineListResponse = {
  data: [
    { id: 7, title: 'Security Policy', kind: 'both', description: '', assignment: assignment({}) },
    {
      id: 8,
      title: 'Handbook',
      kind: 'acknowledgement',
      description: '',
      assignment: assignment({
        id: 91,
        status: 'done',
        due_on: null,
        submission_id: 555,
        signed_at: '2026-11-02T09:00:00Z',
      }),
    },
  ],
  total: 2,
  current_page: 1,
  per_page: 50,
  from: 1,
  to: 2,
  last_page: 1,
};

let posted: { url: string; body: unknown }[] = [];
const api: ApiAnswer = (url, init) => {
  const method = init?.method ?? 'GET';
  if (method !== 'GET') posted.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
  if (url.startsWith('/api/hr/forms?')) return jsonResponse(200, mine);
  if (url === '/api/hr/forms/7' && method === 'GET') return jsonResponse(200, { data: detail });
  if (url === '/api/hr/forms/7/submit') return jsonResponse(200, { message: 'Form signed.', data: { id: 556 } });
  if (url === '/api/hr/forms/7/publish')
    return jsonResponse(200, { message: 'Version 3 published.', data: { ...detail, can_manage: true } });
  if (url === '/api/hr/forms' && method === 'POST')
    return jsonResponse(200, { message: 'Form created.', data: { ...detail, id: 12, current_version: null } });
};

beforeEach(() => {
  posted = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/hr/forms', { timeout: 60_000 }, () => {
  it('lists what is to do (overdue) and what is done with its signed PDF', async () => {
    renderSignedIn('/hr/forms', { permissions: [], api });
    const todo = await screen.findByRole('region', { name: 'To do' }, firstLoad);
    expect(within(todo).getByText('Security Policy')).toBeTruthy();
    expect(within(todo).getByText('Overdue')).toBeTruthy();
    const done = screen.getByRole('region', { name: 'Done' });
    expect(within(done).getByRole('link', { name: 'PDF of Handbook' }).getAttribute('href')).toBe('/pdf/hr_form/555');
    // Without 'manage hr forms' there is no HR tab.
    expect(screen.queryByRole('tab', { name: 'Manage forms' })).toBeNull();
  });

  it('checks the fields and the typed name before posting, then signs', async () => {
    const user = userEvent.setup();
    renderSignedIn('/hr/forms?form=7', { permissions: [], api });
    const form = await screen.findByRole('form', { name: 'Sign the form' }, firstLoad);
    const policy = screen.getByRole('region', { name: 'Policy text' });
    expect(within(policy).getByText('Lock your screen.')).toBeTruthy();
    expect(policy.querySelector('script')).toBeNull();

    await user.click(within(form).getByRole('button', { name: 'Sign and submit' }));
    expect(await within(form).findByText('The Laptop tag field is required.')).toBeTruthy();
    expect(within(form).getByText('Tick the box to confirm that you have read and understood the form.')).toBeTruthy();

    await user.type(within(form).getByRole('textbox', { name: /Laptop tag/ }), 'LT-204');
    await user.click(
      within(form).getByRole('checkbox', { name: 'I have read and understood Security Policy (version 2)' }),
    );
    await user.type(within(form).getByRole('textbox', { name: /Signature/ }), 'Grace Hopper');
    await user.click(within(form).getByRole('button', { name: 'Sign and submit' }));
    expect(await within(form).findByText('The signature must match your name.')).toBeTruthy();
    expect(posted).toEqual([]);

    const signature = within(form).getByRole('textbox', { name: /Signature/ });
    await user.clear(signature);
    await user.type(signature, '  ada   admin ');
    await user.click(within(form).getByRole('button', { name: 'Sign and submit' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      url: '/api/hr/forms/7/submit',
      body: {
        version_id: 31,
        values: { laptop_tag: 'LT-204', signature: 'ada   admin' },
        acknowledged: true,
        signed_name: 'ada   admin',
      },
    });
    expect(await screen.findByText('Form signed.')).toBeTruthy();
  });

  it('builds a form: the contract refuses an empty title, a signature field shows in the preview', async () => {
    const user = userEvent.setup();
    renderSignedIn('/hr/forms?edit=new', { permissions: ['manage hr forms'], api });
    const settings = await screen.findByRole('region', { name: 'Form settings' }, firstLoad);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await within(settings).findByText('The title field is required.')).toBeTruthy();
    expect(posted).toEqual([]);

    await user.type(within(settings).getByRole('textbox', { name: /Title/ }), 'Equipment Agreement');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Typed signature' }));
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Equipment Agreement')).toBeTruthy();
    expect(within(preview).getByRole('textbox', { name: /Signature/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      url: '/api/hr/forms',
      body: {
        title: 'Equipment Agreement',
        description: '',
        kind: 'acknowledgement',
        body_html: '',
        file_id: null,
        fields: [{ key: 'signature_1', kind: 'signature', label: 'Signature', help: '', required: true }],
      },
    });
  });

  it("asks 'Require everyone to sign again?' before publishing and sends the answer", async () => {
    const user = userEvent.setup();
    const editable: HrFormDetail = {
      ...detail,
      can_manage: true,
      draft: { body_html: '<p>Lock your screen.</p>', file: null, fields: version.fields, updated_at: '' },
    };
    const answer: ApiAnswer = (url, init) =>
      url === '/api/hr/forms/7' && (init?.method ?? 'GET') === 'GET'
        ? jsonResponse(200, { data: editable })
        : api(url, init);
    renderSignedIn('/hr/forms?edit=7', { permissions: ['manage hr forms'], api: answer });
    await screen.findByRole('heading', { name: 'Edit Security Policy' }, firstLoad);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish this form' });
    expect(within(dialog).getByText('Require everyone to sign again?')).toBeTruthy();
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(posted).toEqual([{ url: '/api/hr/forms/7/publish', body: { require_resign: false } }]));
    expect(await screen.findByText('Version 3 published.')).toBeTruthy();
  });
});
