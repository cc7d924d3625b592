import type { HrBase } from '@switchboard/shared/hr/base';
import type { HrRequestDay, HrRequestDetail, HrRequestPreview } from '@switchboard/shared/hr/requests';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// /hr/requests (designs/hr.md §2): the drawer shows the buttons its can_* flags allow, refuses a deny without a
// comment before posting, and shows the server's 409; the time-off form sends the parts the table chose to the preview
// and shows its total and the balance red below zero.

vi.mock('socket.io-client', () => fakeSocketModule);

afterEach(() => {
  vi.unstubAllGlobals();
});

const base: HrBase = {
  categories: [
    {
      id: 1,
      name: 'Time Off',
      kind: 'time_off',
      approval: 'manager',
      color: '#228be6',
      instructions: 'Ask two weeks ahead.',
      active: true,
      sort_order: 1,
    },
    {
      id: 2,
      name: 'Old kind',
      kind: 'general',
      approval: 'hr',
      color: '#12b886',
      instructions: '',
      active: false,
      sort_order: 2,
    },
  ],
  steps: [],
  reasons: ['Sick', 'Vacation', 'Personal Time', 'Appointment'],
  anon_readers: [],
};

const day = (date: string, weekday: number, hours: number, extra: Partial<HrRequestDay> = {}): HrRequestDay => ({
  date,
  weekday,
  part: 'full',
  start: null,
  end: null,
  hours,
  scheduled_hours: 8,
  holiday: null,
  non_working: false,
  ...extra,
});

const detail = (overrides: Partial<HrRequestDetail> = {}): HrRequestDetail => ({
  id: 7,
  status: 'pending',
  stage: 'manager',
  category: { id: 1, name: 'Time Off', kind: 'time_off', color: '#228be6' },
  requester: { id: 5, name: 'Erin Employee' },
  summary: 'Vacation, 12.00 h Lump Sum',
  reason: 'Vacation',
  bank: 'lump_sum',
  start_date: '2026-03-05',
  end_date: '2026-03-06',
  total_hours: 12,
  created_at: '2026-03-01T10:00:00Z',
  decided_at: null,
  decided_by: null,
  version: 3,
  can_edit: false,
  can_withdraw: false,
  can_approve: true,
  can_deny: true,
  can_cancel: false,
  can_shorten: false,
  can_complete: false,
  can_comment: true,
  note: 'Family visit',
  details: null,
  days: [day('2026-03-05', 4, 8), day('2026-03-06', 5, 4, { part: 'morning' })],
  approvers: [{ id: 1, name: 'Ada Admin' }],
  created_by: { id: 5, name: 'Erin Employee' },
  events: [
    {
      id: 1,
      action: 'submitted',
      actor: { id: 5, name: 'Erin Employee' },
      comment: null,
      detail: null,
      created_at: '2026-03-01T10:00:00Z',
    },
  ],
  balances: [
    {
      bank: 'Lump Sum',
      period_start: '2026-01-15',
      period_end: '2027-01-14',
      available: 8,
      pending_elsewhere: 0,
      this_request: 12,
      after: -4,
    },
  ],
  negative: true,
  attachment: null,
  ...overrides,
});

const emptyPage = { data: [], total: 0, current_page: 1, per_page: 50, from: null, to: null, last_page: 1 };

function apiWith(posts: { url: string; body: unknown }[], answers: Record<string, [number, unknown]> = {}): ApiAnswer {
  return (url, init) => {
    const path = url.split('?')[0]!;
    const method = init?.method ?? 'GET';
    if (method !== 'GET') posts.push({ url: path, body: JSON.parse(String(init?.body ?? 'null')) });
    const answer = answers[`${method} ${path}`];
    if (answer) return jsonResponse(...answer);
    if (path === '/api/hr/base') return jsonResponse(200, { data: base });
    if (path === '/api/hr/requests') return jsonResponse(200, emptyPage);
    if (path === '/api/hr/out') return jsonResponse(200, { data: [] });
    if (path === '/api/hr/requests/7') return jsonResponse(200, { data: detail() });
    return undefined;
  };
}

describe('/hr/requests', { timeout: 150_000 }, () => {
  it('opens ?request= with its days, the red balance, and the buttons its flags allow', async () => {
    const posts: { url: string; body: unknown }[] = [];
    const user = userEvent.setup();
    renderSignedIn('/hr/requests?scope=approvals&request=7', {
      permissions: [],
      api: apiWith(posts, {
        'POST /api/hr/requests/7/approve': [409, { message: 'This request was already decided by Mona Manager.' }],
      }),
    });
    const drawer = await screen.findByRole('dialog', { name: 'Request #7' }, firstLoad);
    expect(await within(drawer).findByText('Vacation, 12.00 h Lump Sum')).toBeTruthy();
    const days = within(drawer).getByRole('table', { name: 'Requested days' });
    expect(within(days).getByText('Morning')).toBeTruthy();
    expect(within(days).getByText('12.00 h')).toBeTruthy();
    const after = within(drawer).getByRole('table', { name: 'Balance impact' }).querySelector('[data-column="after"]');
    expect(after?.textContent).toBe('-4.00');
    expect(within(drawer).getByText('This request leaves a negative balance.')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Return early' })).toBeNull();
    // The manager neither reads nor changes the HR-only attachment.
    expect(within(drawer).queryByText('Attachment (HR only)')).toBeNull();

    // Deny needs a comment: refused here, nothing posted.
    await user.click(within(drawer).getByRole('button', { name: 'Deny' }));
    await user.click(within(drawer).getByRole('button', { name: 'Deny request' }));
    expect(await within(drawer).findByText('A comment is required to deny a request.')).toBeTruthy();
    expect(posts).toEqual([]);

    // Approve below zero confirms it, with the version read; someone else was first: their name is shown.
    await user.click(within(drawer).getByRole('button', { name: 'Approve' }));
    await user.click(within(drawer).getByRole('checkbox', { name: 'Approve despite negative balance' }));
    await user.click(within(drawer).getByRole('button', { name: 'Approve request' }));
    expect(await within(drawer).findByText('This request was already decided by Mona Manager.')).toBeTruthy();
    expect(posts).toEqual([
      {
        url: '/api/hr/requests/7/approve',
        body: { comment: '', approve_despite_negative: true, version: 3 },
      },
    ]);
  });

  it('lets the requester replace and remove the attachment of a pending request', async () => {
    const sent: { method: string; url: string; file: string | null }[] = [];
    let current = detail({
      can_edit: true,
      can_approve: false,
      can_deny: false,
      attachment: { name: 'note.pdf', mime: 'application/pdf', bytes: 2048 },
    });
    const user = userEvent.setup();
    renderSignedIn('/hr/requests?request=7', {
      permissions: [],
      api: (url, init) => {
        const path = url.split('?')[0]!;
        const method = init?.method ?? 'GET';
        if (path === '/api/hr/requests/7/attachment' && method !== 'GET') {
          const body = init?.body;
          const file = body instanceof FormData ? body.get('attachment') : null;
          sent.push({ method, url: path, file: file instanceof File ? file.name : null });
          current = {
            ...current,
            attachment: file instanceof File ? { name: file.name, mime: 'image/png', bytes: file.size } : null,
          };
          return jsonResponse(200, { message: 'Request updated.', data: current });
        }
        if (path === '/api/hr/requests/7') return jsonResponse(200, { data: current });
        if (path === '/api/hr/base') return jsonResponse(200, { data: base });
        if (path === '/api/hr/requests') return jsonResponse(200, emptyPage);
        if (path === '/api/hr/out') return jsonResponse(200, { data: [] });
        return undefined;
      },
    });
    const drawer = await screen.findByRole('dialog', { name: 'Request #7' }, firstLoad);
    expect(await within(drawer).findByRole('button', { name: 'Download note.pdf' })).toBeTruthy();
    const input = drawer.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input).not.toBeNull();
    await user.upload(input!, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'scan.png', { type: 'image/png' }));
    expect(await within(drawer).findByRole('button', { name: 'Download scan.png' })).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Remove attachment' }));
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: 'Download scan.png' })).toBeNull());
    expect(within(drawer).getByText('Add attachment')).toBeTruthy();
    expect(sent).toEqual([
      { method: 'POST', url: '/api/hr/requests/7/attachment', file: 'scan.png' },
      { method: 'DELETE', url: '/api/hr/requests/7/attachment', file: null },
    ]);
  });

  it('picks the category first, previews the chosen parts and sends the request', async () => {
    const posts: { url: string; body: unknown }[] = [];
    const preview = (days: HrRequestDay[]): HrRequestPreview => ({
      days,
      total_hours: days.reduce((sum, entry) => sum + entry.hours, 0),
      balances: [
        {
          bank: 'Lump Sum',
          period_start: '2026-01-15',
          period_end: '2027-01-14',
          available: 40,
          pending_elsewhere: 0,
          this_request: days.reduce((sum, entry) => sum + entry.hours, 0),
          after: 40 - days.reduce((sum, entry) => sum + entry.hours, 0),
        },
      ],
      banks: [
        {
          bank: 'lump_sum',
          label: 'Lump Sum (Vacation 40 h): 40.00 h available, 2026-01-15 to 2027-01-14',
          settings: ['Vacation 40 h'],
          available: 40,
          period_start: '2026-01-15',
          period_end: '2027-01-14',
        },
      ],
      warnings: [],
      negative: false,
      negative_balance: 'warn',
      others_out: [
        { user: { id: 9, name: 'Olga Other' }, date: '2026-03-05', hours: 8, part: 'full', status: 'approved' },
      ],
    });
    const api: ApiAnswer = (url, init) => {
      const path = url.split('?')[0]!;
      if (path === '/api/hr/requests/banks') return jsonResponse(200, { data: preview([]).banks });
      if (path === '/api/hr/requests/preview') {
        const body = JSON.parse(String(init?.body)) as { days: { part: string }[] };
        posts.push({ url: path, body });
        const friday = body.days[0]?.part === 'morning' ? 4 : 8;
        return jsonResponse(200, {
          data: preview([
            day('2026-03-05', 4, 8),
            day('2026-03-06', 5, friday, friday === 4 ? { part: 'morning' } : {}),
          ]),
        });
      }
      if (path === '/api/hr/requests' && init?.method === 'POST') {
        posts.push({ url: path, body: JSON.parse(String(init.body)) });
        return jsonResponse(201, { message: 'Request submitted.', data: detail({ can_approve: false }) });
      }
      return apiWith([])(url, init);
    };
    const user = userEvent.setup();
    renderSignedIn('/hr/requests?new=1', { permissions: [], api });
    const drawer = await screen.findByRole('dialog', { name: 'New request' }, firstLoad);
    // Inactive categories are not offered.
    expect(within(drawer).queryByRole('button', { name: 'Old kind' })).toBeNull();
    await user.click(await within(drawer).findByRole('button', { name: 'Time Off' }));
    const form = await screen.findByRole('form', { name: 'Time Off request' });
    expect(within(form).getByText('Ask two weeks ahead.')).toBeTruthy();

    // Sending with nothing filled is refused by the shared contract before anything is posted.
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await within(form).findByText('The start date field is required.')).toBeTruthy();
    expect(posts).toEqual([]);

    await user.click(within(form).getByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByRole('option', { name: 'Vacation' }));
    await user.click(within(form).getByRole('combobox', { name: 'Bank' }));
    await user.click(await screen.findByRole('option', { name: /Vacation 40 h/ }));
    fireEvent.change(within(form).getByLabelText(/Start date/), { target: { value: '2026-03-05' } });
    fireEvent.change(within(form).getByLabelText(/End date/), { target: { value: '2026-03-06' } });
    const total = await within(form).findByTestId('request-total', {}, { timeout: 5000 });
    await waitFor(() => expect(total.textContent).toBe('16.00 h'));
    expect(within(form).getByText('Olga Other')).toBeTruthy();

    await user.click(within(form).getByRole('combobox', { name: 'Part of 2026-03-06' }));
    await user.click(await screen.findByRole('option', { name: 'Morning' }));
    await waitFor(() => expect(within(form).getByTestId('request-total').textContent).toBe('12.00 h'), {
      timeout: 5000,
    });
    const lastPreview = posts.filter((post) => post.url === '/api/hr/requests/preview').at(-1);
    expect(lastPreview?.body).toEqual({
      reason: 'Vacation',
      bank: 'lump_sum',
      start_date: '2026-03-05',
      end_date: '2026-03-06',
      days: [{ date: '2026-03-06', part: 'morning' }],
    });

    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(posts.some((post) => post.url === '/api/hr/requests')).toBe(true));
    expect(posts.find((post) => post.url === '/api/hr/requests')?.body).toEqual({
      kind: 'time_off',
      category_id: 1,
      note: '',
      reason: 'Vacation',
      bank: 'lump_sum',
      start_date: '2026-03-05',
      end_date: '2026-03-06',
      days: [{ date: '2026-03-06', part: 'morning' }],
    });
    // The sent request opens in its drawer.
    expect(await screen.findByRole('dialog', { name: 'Request #7' })).toBeTruthy();
  });

  it('files an Other request for an employee (?for=) and approves it at once', async () => {
    const posts: { url: string; body: unknown }[] = [];
    const general = { ...base.categories[1]!, id: 3, name: 'Other', active: true };
    const api: ApiAnswer = (url, init) => {
      const path = url.split('?')[0]!;
      if (path === '/api/hr/base') return jsonResponse(200, { data: { ...base, categories: [general] } });
      if (path === '/api/users/employee.list')
        return jsonResponse(200, {
          data: [
            { user_id: 1, user: { name: 'Ada Admin' }, departments: [] },
            { user_id: 9, user: { name: 'Olga Other' }, departments: [] },
          ],
        });
      if (path === '/api/hr/requests' && init?.method === 'POST') {
        posts.push({ url: path, body: JSON.parse(String(init.body)) });
        return jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: { 'details.subject': ['The subject may not be greater than 200 characters.'] },
        });
      }
      return apiWith([])(url, init);
    };
    const user = userEvent.setup();
    renderSignedIn('/hr/requests?new=1&for=9', { permissions: ['view human resources'], api });
    const drawer = await screen.findByRole('dialog', { name: 'New request' }, firstLoad);
    await waitFor(() =>
      expect(within(drawer).getByRole('combobox', { name: /^For/ })).toHaveProperty('value', 'Olga Other'),
    );
    await user.click(within(drawer).getByRole('button', { name: 'Other' }));
    const form = await screen.findByRole('form', { name: 'Other request' });
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await within(form).findByText('The subject field is required.')).toBeTruthy();
    expect(posts).toEqual([]);
    await user.type(within(form).getByRole('textbox', { name: /^Subject/ }), 'Parking badge');
    await user.type(within(form).getByRole('textbox', { name: /^Details/ }), 'Lost it on Friday.');
    await user.click(within(form).getByRole('checkbox', { name: /Approve now/ }));
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    // The server's 422 lands on its field.
    expect(await within(form).findByText('The subject may not be greater than 200 characters.')).toBeTruthy();
    expect(posts).toEqual([
      {
        url: '/api/hr/requests',
        body: {
          kind: 'general',
          category_id: 3,
          note: '',
          user_id: 9,
          approve_now: true,
          details: { subject: 'Parking badge', details: 'Lost it on Friday.' },
        },
      },
    ]);
  });

  it("starts a schedule change on the clicked day (?date=) from the employee's own week", async () => {
    const schedule = { ...base.categories[1]!, id: 4, name: 'Schedule Change', kind: 'schedule_change', active: true };
    const asked: string[] = [];
    const api: ApiAnswer = (url, init) => {
      const path = url.split('?')[0]!;
      if (path === '/api/hr/base') return jsonResponse(200, { data: { ...base, categories: [schedule] } });
      if (path === '/api/hr/requests/schedule') {
        asked.push(url);
        const own = { '1': 10, '2': 10, '3': 10, '4': 10, '5': 0, '6': 0, '7': 0 };
        return jsonResponse(200, { data: { work_hours: own, own: true } });
      }
      return apiWith([])(url, init);
    };
    const user = userEvent.setup();
    renderSignedIn('/hr/requests?new=1&date=2026-04-06', { permissions: [], api });
    const drawer = await screen.findByRole('dialog', { name: 'New request' }, firstLoad);
    await user.click(await within(drawer).findByRole('button', { name: 'Schedule Change' }, firstLoad));
    const form = await screen.findByRole('form', { name: 'Schedule Change request' });
    expect((within(form).getByLabelText(/^Effective date/) as HTMLInputElement).value).toBe('2026-04-06');
    await waitFor(() => expect((within(form).getByLabelText('Monday') as HTMLInputElement).value).toBe('10'));
    expect((within(form).getByLabelText('Friday') as HTMLInputElement).value).toBe('0');
    expect(asked).toHaveLength(1);
    expect(asked[0]).not.toContain('user_id');
  });

  it('says when more requests match than the count reaches', async () => {
    const capped = { ...emptyPage, total: 1_000, last_page: 20 };
    renderSignedIn('/hr/requests?scope=all', {
      permissions: ['view human resources'],
      api: apiWith([], { 'GET /api/hr/requests': [200, capped] }),
    });
    expect(
      await screen.findByText('More than 1,000 requests match: narrow the filters to reach the rest.', {}, firstLoad),
    ).toBeTruthy();
  });
});
