import { defaultUserSettings, type ExchangeRecord } from '@switchboard/shared';
import type { Editor } from '@tiptap/react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { renderApp } from '../../test/render.tsx';
import { shellRoutes, signIn } from '../../test/render-signed-in.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

// Spec 2 §2 Exchange Analyzer, §3 Exchange analysis, §7 (POST multipart, the update as POST with _method PUT, GET by
// ticket) and §8 ('An error occured.' on failure, the server's message on success, server errors per field).

const tess = { name: 'Tess Tech', shortname: 'Tess', email: 'tess@example.com', settings: defaultUserSettings };

const path = '/maintenance/exchange/4/21/3/2026/77/9';
const checkIns = {
  data: [{ id: 77, subject: 'Scheduled Maintenance 03/2026: EX01', status: 2, company_id: 4, check_ins: [] }],
};
const record: ExchangeRecord = {
  id: 12,
  exchange_id: 12,
  company_id: 4,
  site_id: 9,
  server_id: 21,
  month: 3,
  year: 2026,
  ticket_id: 77,
  resolution: '<p>Queues were backed up; restarted transport.</p>',
  notes: '<p>Database at 61 GB.</p>',
  resolution_attachments: [
    {
      id: 5,
      file: 'ticket-files/abc.png',
      file_name: 'queue.png',
      extension: 'png',
      created_at: '2026-03-04T10:00:00.000Z',
      user: { name: 'Tess Tech' },
    },
  ],
  notes_attachments: [],
};

function open(routes: Parameters<typeof stubApi>[0]) {
  signIn();
  const api = stubApi({
    ...shellRoutes(['view chat'], tess),
    'GET /api/misc/staticdata': [200, { data: {} }],
    'GET /api/schedule/main/ticket/77': [200, checkIns],
    ...routes,
  });
  return { api, ...renderApp(path) };
}

/** The Tiptap editor behind a rich-text textbox (Tiptap keeps it on its view's element). */
const editorOf = (name: string) => (screen.getByRole('textbox', { name }) as unknown as { editor: Editor }).editor;

/** The multipart body of the nth call to `url`, as [key, text or file name] pairs. */
function formOf(api: ReturnType<typeof stubApi>, url: string, nth = 0): Record<string, string> {
  const init = api.fetchMock.mock.calls.filter(([input]) => String(input).split('?')[0] === url)[nth]![1]!;
  expect(init.body).toBeInstanceOf(FormData);
  const fields: Record<string, string> = {};
  (init.body as FormData).forEach((value, key) => {
    fields[key] = typeof value === 'string' ? value : value.name;
  });
  return fields;
}

describe('Exchange Analyzer (spec 2 §2, §3, §7, §8)', { timeout: 30_000 }, () => {
  it('starts empty with Save, and saves the checklist header, both texts and the chosen files as multipart', async () => {
    const { api } = open({
      'GET /api/maintenance/exchange/77': [200, { data: null }],
      'POST /api/maintenance/exchange': [200, { message: 'Exchange Analysis saved.', data: { id: 12 } }],
    });
    await screen.findByRole('heading', { name: 'Exchange Analyzer' }, { timeout: 10_000 });
    expect(screen.getByRole('region', { name: 'Resolution' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Notes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();

    editorOf('Resolution').commands.setContent('<p>Moved the mailbox database.</p>', { emitUpdate: true });
    editorOf('Notes').commands.setContent('<p>Check the log volume next month.</p>', { emitUpdate: true });
    const upload = screen.getByRole('region', { name: 'Resolution' }).querySelector('input[type="file"]')!;
    fireEvent.change(upload, { target: { files: [new File(['x'], 'move.log', { type: 'text/plain' })] } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/maintenance/exchange')).toHaveLength(1));
    expect(formOf(api, '/api/maintenance/exchange')).toEqual({
      company_id: '4',
      site_id: '9',
      server_id: '21',
      month: '3',
      year: '2026',
      ticket_id: '77',
      resolution: '<p>Moved the mailbox database.</p>',
      notes: '<p>Check the log volume next month.</p>',
      'resolution_attachments[0]': 'move.log',
    });
    // Spec 2 §8: success shows the server's message.
    expect(await screen.findByText('Exchange Analysis saved.')).toBeTruthy();
  });

  it('loads the existing analysis into edit mode and updates it with the spec’s fields (POST with _method PUT)', async () => {
    const { api } = open({
      'GET /api/maintenance/exchange/77': [200, { data: record }],
      'POST /api/maintenance/exchange/12': [200, { message: 'Exchange Analysis updated.', data: { id: 12 } }],
    });
    const update = await screen.findByRole('button', { name: 'Update' }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Resolution' }).textContent).toBe(
        'Queues were backed up; restarted transport.',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Notes' }).textContent).toBe('Database at 61 GB.');
    const files = screen.getByRole('list', { name: 'Resolution attachments' });
    expect(within(files).getByRole('button', { name: 'queue.png' })).toBeTruthy();
    expect(within(files).getByRole('button', { name: 'Delete queue.png' })).toBeTruthy();

    editorOf('Notes').commands.setContent('<p>Database at 58 GB after cleanup.</p>', { emitUpdate: true });
    await userEvent.click(update);
    await waitFor(() => expect(api.callsTo('POST', '/api/maintenance/exchange/12')).toHaveLength(1));
    // Spec 2 §3, §7: the update names the record and its ticket, not the checklist header again.
    expect(formOf(api, '/api/maintenance/exchange/12')).toEqual({
      exchange_id: '12',
      ticket_id: '77',
      resolution: '<p>Queues were backed up; restarted transport.</p>',
      notes: '<p>Database at 58 GB after cleanup.</p>',
      _method: 'PUT',
    });
    expect(await screen.findByText('Exchange Analysis updated.')).toBeTruthy();
  });

  it('on a 422 shows the error toast and each field’s message under its field', async () => {
    open({
      'GET /api/maintenance/exchange/77': [200, { data: null }],
      'POST /api/maintenance/exchange': [
        422,
        {
          message: 'The given data was invalid.',
          errors: {
            resolution: ['The resolution is too long.'],
            'notes_attachments[0]': ['The attachment may not be greater than 20480 kilobytes.'],
            ticket_id: ['The ticket id is invalid.'],
          },
        },
      ],
    });
    await screen.findByRole('heading', { name: 'Exchange Analyzer' }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('An error occured.')).toBeTruthy();
    const resolution = screen.getByRole('region', { name: 'Resolution' });
    expect(within(resolution).getByText('The resolution is too long.')).toBeTruthy();
    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(within(notes).getByText('The attachment may not be greater than 20480 kilobytes.')).toBeTruthy();
    expect(within(notes).queryByText('The resolution is too long.')).toBeNull();
    // A message for a field the page has no input for shows above the sections.
    expect(screen.getByText('The ticket id is invalid.').closest('[role="alert"]')).toBeTruthy();
  });
});
