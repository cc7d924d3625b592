import type { CrmExport, CrmImport, ImportPreview } from '@switchboard/shared/crm-imports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// /crm/import, /crm/import/new and /crm/export (designs/crm-softphone.md §4 item 8): the list's counts and errors
// link, the wizard's auto-matched mapping, preview with row errors, the server's 422 under its field and Submit, the
// export's filters and columns as sent and its Download once the job is done.

vi.mock('socket.io-client', () => fakeSocketModule);
afterEach(() => vi.unstubAllGlobals());

const staticData = (url: string) =>
  url.startsWith('/api/misc/staticdata')
    ? jsonResponse(200, {
        data: { campaigns: [{ id: 4, campaign_name: 'Spring', status: 1 }], regions: [], industries: [] },
      })
    : url.startsWith('/api/users/employee.list')
      ? jsonResponse(200, { data: [] })
      : undefined;

const importRow: CrmImport = {
  id: 7,
  user_id: 1,
  user_name: 'Ada Admin',
  file_name: 'spring.csv',
  has_header: true,
  mapping: { company_name: 0 },
  default_next_touch: null,
  campaign_id: null,
  manager_id: null,
  default_status: 1,
  duplicate_policy: 'skip',
  status: 'done',
  rows_total: 5,
  rows_done: 5,
  rows_created: 3,
  rows_updated: 0,
  rows_skipped: 1,
  rows_failed: 1,
  error: null,
  started_at: null,
  finished_at: null,
  created_at: '2026-11-28T10:00:00Z',
};

const preview: ImportPreview = {
  header: ['Company', 'Phone'],
  mapping: { company_name: 0, phone: 1 },
  rows: [
    { row_number: 2, values: { company_name: 'Acme', phone: '512-555-0101' }, errors: [] },
    { row_number: 3, values: { company_name: '', phone: '12' }, errors: ['The company field is required.'] },
  ],
};

describe('crm import pages', { timeout: 150_000 }, () => {
  it('lists past imports with their counts and the errors link', async () => {
    renderSignedIn('/crm/import', {
      permissions: ['view crm', 'manage crm'],
      api: (url) =>
        url.startsWith('/api/crm/imports')
          ? jsonResponse(200, {
              data: [importRow],
              total: 1,
              current_page: 1,
              per_page: 50,
              from: 1,
              to: 1,
              last_page: 1,
            })
          : staticData(url),
    });
    const table = await screen.findByRole('table', { name: 'Imports' }, firstLoad);
    const row = within(table).getByText('spring.csv').closest('tr')!;
    expect(within(row).getByText('5 / 5')).toBeTruthy();
    expect(row.querySelector('[data-label="created"]')!.textContent).toBe('3');
    expect(row.querySelector('[data-label="skipped"]')!.textContent).toBe('1');
    expect(within(row).getByRole('button', { name: 'Errors CSV' })).toBeTruthy();
  });

  it('previews the mapped rows with their errors and submits the file with the choices', async () => {
    const user = userEvent.setup();
    const sent: FormData[] = [];
    let submitCalls = 0;
    const { router } = renderSignedIn('/crm/import/new', {
      permissions: ['view crm', 'manage crm'],
      api: (url, init) => {
        if (url === '/api/crm/imports/preview') {
          sent.push(init!.body as FormData);
          return jsonResponse(200, { data: preview });
        }
        if (url === '/api/crm/imports' && init?.method === 'POST') {
          submitCalls += 1;
          sent.push(init.body as FormData);
          return submitCalls === 1
            ? jsonResponse(422, {
                message: 'The given data was invalid.',
                errors: { next_touch: ['The next touch is not a valid date.'] },
              })
            : jsonResponse(201, { message: 'The import was queued.', data: { ...importRow, status: 'queued' } });
        }
        if (url.startsWith('/api/crm/imports'))
          return jsonResponse(200, {
            data: [],
            total: 0,
            current_page: 1,
            per_page: 50,
            from: null,
            to: null,
            last_page: 1,
          });
        return staticData(url);
      },
    });
    await screen.findByLabelText('CSV file', {}, firstLoad);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const file = new File(['Company,Phone\nAcme,512-555-0101\n,12\n'], 'spring.csv', { type: 'text/csv' });
    await user.upload(input, file);
    const table = await screen.findByRole('table', { name: 'Preview' });
    expect(within(table).getByText('Acme')).toBeTruthy();
    expect(within(table).getByText('The company field is required.')).toBeTruthy();
    expect(sent[0]!.get('has_header')).toBe('true');
    expect(sent[0]!.get('mapping')).toBeNull();
    expect((sent[0]!.get('file') as File).name).toBe('spring.csv');

    await user.click(screen.getByLabelText('Create anyway'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The next touch is not a valid date.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/import'));
    const submitted = sent.at(-1)!;
    expect(submitted.get('duplicate_policy')).toBe('create');
    expect(JSON.parse(String(submitted.get('mapping')))).toEqual({ company_name: 0, phone: 1 });
  });

  it('sends the filters and columns, then offers the file once the job is done', async () => {
    const user = userEvent.setup();
    let body: unknown = null;
    let polls = 0;
    const exportRow = (status: CrmExport['status']): CrmExport => ({
      id: 3,
      user_id: 1,
      filters: {},
      columns: ['company_name'],
      status,
      rows: status === 'done' ? 12 : 0,
      file_name: 'leads-2026-11-28.csv',
      file: status === 'done' ? 'uploads/crm-exports/x.csv' : null,
      error: null,
      finished_at: null,
      expires_at: null,
      created_at: '2026-11-28T10:00:00Z',
    });
    renderSignedIn('/crm/export', {
      permissions: ['view crm'],
      api: (url, init) => {
        if (url === '/api/crm/exports' && init?.method === 'POST') {
          body = JSON.parse(String(init.body));
          return jsonResponse(201, { message: 'The export was queued.', data: exportRow('queued') });
        }
        if (url === '/api/crm/exports/3') {
          polls += 1;
          return jsonResponse(200, { data: exportRow(polls > 1 ? 'done' : 'running') });
        }
        return staticData(url);
      },
    });
    const state = await screen.findByRole('textbox', { name: 'State' }, firstLoad);
    await user.type(state, 'TX');
    await user.click(screen.getByRole('checkbox', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('12 leads exported.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download leads-2026-11-28.csv' })).toBeTruthy();
    expect(body).toEqual({
      filters: { status: 2, state: 'TX' },
      columns: [
        'company_name',
        'first_name',
        'last_name',
        'phone',
        'email',
        'city',
        'state',
        'campaign',
        'status',
        'next_touch',
        'manager',
      ].filter((column) => column !== 'email'),
    });
  });
});
