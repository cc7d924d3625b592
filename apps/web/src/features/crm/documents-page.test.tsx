import type { CrmDocumentRow, CrmEmailTemplateRow } from '@switchboard/shared/crm-documents';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// /crm/documents and /crm/admin/email (designs/crm-softphone.md §4.6, §4.9): the library with the spec's file-type
// icons, read-only for 'view crm', the category filter and search sent to the API and kept in the URL, the upload's
// checks in the browser before anything is sent and the server's 422 on the field; templates with their merge
// fields, the server's refusal shown on the field.

vi.mock('socket.io-client', () => fakeSocketModule);
afterEach(() => vi.unstubAllGlobals());

const doc = (id: number, name: string, originalName: string, extra: Partial<CrmDocumentRow> = {}): CrmDocumentRow => ({
  id,
  name,
  category: 'Brochures',
  description: null,
  original_name: originalName,
  mime: 'application/pdf',
  bytes: 2048,
  icon_group: 'pdf',
  uploaded_by: { id: 1, name: 'Ada Admin' },
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  ...extra,
});

type Sent = { method: string; url: string; body: unknown };

function apiOf(rows: CrmDocumentRow[], sent: Sent[], answers: Record<string, [number, unknown]> = {}) {
  return (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = url.split('?')[0]!;
    sent.push({ method, url, body: init?.body });
    const answer = answers[`${method} ${path}`];
    if (answer) return jsonResponse(...answer);
    if (method === 'GET' && path === '/api/crm/documents')
      return jsonResponse(200, { data: rows, categories: ['Brochures', 'Pricing'] });
    if (method === 'GET' && path === '/api/crm/email_templates') return jsonResponse(200, { data: [] });
    return undefined;
  };
}

describe('/crm/documents', { timeout: 150_000 }, () => {
  it('lists the documents with their icons, read-only for view crm; search and category go to the API', async () => {
    const sent: Sent[] = [];
    const user = userEvent.setup();
    renderSignedIn('/crm/documents?category=Pricing', {
      permissions: ['view crm'],
      api: apiOf(
        [
          doc(1, 'Overview', 'Overview.pdf'),
          doc(2, 'Prices', 'prices.csv', { icon_group: 'spreadsheet', category: 'Pricing', bytes: 3 * 1024 * 1024 }),
        ],
        sent,
      ),
    });
    const table = await screen.findByRole('table', { name: 'Documents' }, firstLoad);
    const first = within(table).getByTestId('document-1');
    expect(within(first).getByRole('img', { name: 'PDF' })).toBeTruthy();
    const second = within(table).getByTestId('document-2');
    expect(within(second).getByRole('img', { name: 'Spreadsheet' })).toBeTruthy();
    expect(second.textContent).toContain('3.0 MB');
    expect(screen.getByRole('button', { name: 'Download Prices' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload Document' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Prices' })).toBeNull();
    expect(sent.some((call) => call.url === '/api/crm/documents?category=Pricing')).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'price');
    await waitFor(() =>
      expect(sent.some((call) => call.url === '/api/crm/documents?q=price&category=Pricing')).toBe(true),
    );
  });

  it('checks the file in the browser, then shows the server refusal on its field', async () => {
    const sent: Sent[] = [];
    const user = userEvent.setup({ applyAccept: false });
    renderSignedIn('/crm/documents', {
      permissions: ['view crm', 'manage crm'],
      api: apiOf([], sent, {
        'POST /api/crm/documents': [
          422,
          {
            message: 'The given data was invalid.',
            errors: {
              file: ['The file must be a PDF, Word, Excel, PowerPoint, image (PNG, JPG, GIF), text or CSV file.'],
            },
          },
        ],
      }),
    });
    expect(await screen.findByText('No documents yet.', {}, firstLoad)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Upload Document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Document' });
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('The file field is required.')).toBeTruthy();
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }));
    expect(
      await within(dialog).findByText(
        'The file must be a PDF, Word, Excel, PowerPoint, image (PNG, JPG, GIF), text or CSV file.',
      ),
    ).toBeTruthy();
    expect(sent.filter((call) => call.method === 'POST')).toEqual([]);
    await user.upload(input, new File(['%PDF-1.4'], 'Spring Brochure.pdf', { type: 'application/pdf' }));
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Spring Brochure');
    await user.type(within(dialog).getByPlaceholderText('Choose or type a category'), 'Brochures');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(sent.filter((call) => call.method === 'POST')).toHaveLength(1));
    const body = sent.find((call) => call.method === 'POST')!.body as FormData;
    expect(body.get('name')).toBe('Spring Brochure');
    expect(body.get('category')).toBe('Brochures');
    expect((body.get('file') as File).name).toBe('Spring Brochure.pdf');
    expect(
      await within(dialog).findByText(
        'The file must be a PDF, Word, Excel, PowerPoint, image (PNG, JPG, GIF), text or CSV file.',
      ),
    ).toBeTruthy();
  });
});

describe('/crm/admin/email', { timeout: 150_000 }, () => {
  const template: CrmEmailTemplateRow = {
    id: 4,
    name: 'Introduction',
    subject: 'Managed IT for {{company_name}}',
    body_html: '<p>Hi {{contact_first_name}}</p>',
    document_ids: [1],
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
  };

  it('lists the templates and refuses an unknown merge field before sending, then shows the server 422', async () => {
    const sent: Sent[] = [];
    const user = userEvent.setup();
    renderSignedIn('/crm/admin/email', {
      permissions: ['view crm', 'manage crm'],
      api: (url, init) => {
        const method = init?.method ?? 'GET';
        if (method === 'GET' && url.startsWith('/api/crm/email_templates'))
          return jsonResponse(200, { data: [template] });
        if (method === 'PUT') {
          sent.push({ method, url, body: init?.body });
          return jsonResponse(422, {
            message: 'The given data was invalid.',
            errors: { name: ['The name has already been taken.'] },
          });
        }
        return apiOf([doc(1, 'Overview', 'Overview.pdf')], [])(url, init);
      },
    });
    const table = await screen.findByRole('table', { name: 'Email templates' }, firstLoad);
    expect(within(table).getByTestId('template-4').textContent).toContain('Managed IT for {{company_name}}');
    await user.click(screen.getByRole('button', { name: 'Edit Introduction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Template' });
    expect(within(dialog).getByText('{{agent_name}}')).toBeTruthy();
    const subject = within(dialog).getByRole('textbox', { name: 'Subject' });
    await user.clear(subject);
    await user.type(subject, 'Hi {{{{frist_name}}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Unknown merge field: {{frist_name}}.')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.clear(subject);
    await user.type(subject, 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name has already been taken.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]!.body))).toEqual({
      name: 'Introduction',
      subject: 'Hello',
      body_html: '<p>Hi {{contact_first_name}}</p>',
      document_ids: [1],
    });
  });
});
