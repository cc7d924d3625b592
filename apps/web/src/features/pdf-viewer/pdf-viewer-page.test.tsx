import type { DocumentRevisionsResponse } from '@switchboard/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { authStore } from '../../lib/auth-store.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { stubApi } from '../../test/api-stub.ts';
import { signedInResponse } from '../../test/signed-in.ts';
import { PdfViewerPage } from './pdf-viewer-page.tsx';

// pdf.js does not run in jsdom: the canvas only says which bytes it was given.
vi.mock('./pdf-canvas.tsx', () => ({
  PdfCanvas: ({ data }: { data: Uint8Array }) => <p data-testid="drawn">{new TextDecoder().decode(data)}</p>,
}));

const revision = (number: number) => ({
  revision: number,
  label: String(number).padStart(2, '0'),
  created_at: '2026-11-02T10:00:00.000Z',
  created_by: null,
  checksum: `sum-${number}`,
  size: 10,
});

const revisions: DocumentRevisionsResponse = {
  data: [revision(0), revision(1)],
  document: { type: 'quote', id: 5, title: 'Quote 5', file_name: 'Quote-Q-000005.pdf' },
};

const pdf = (text: string) => new Response(text, { status: 200, headers: { 'Content-Type': 'application/pdf' } });

function renderViewer(path: string) {
  const router = createMemoryRouter([{ path: '/pdf/:type/:id/:revision_id?', element: <PdfViewerPage /> }], {
    initialEntries: [path],
  });
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
}

/** Records what the Download button saves: the file name and the bytes of the blob behind the link. */
function captureDownloads() {
  const saved: { name: string; text: Promise<string> }[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${++next}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: blobs.get(this.getAttribute('href') ?? '')!.text() });
  });
  return saved;
}

afterEach(() => {
  vi.restoreAllMocks();
  authStore.clear();
});

describe('PDF viewer download (issue 26 §2.9)', { timeout: 20_000 }, () => {
  it('saves the revision shown, under its own label, not the latest', async () => {
    authStore.signIn(signedInResponse([]));
    const api = stubApi({
      'GET /api/revisions/quote/5': [200, revisions],
      'GET /api/pdf/quote/5/0': () => pdf('revision 00'),
      'GET /api/pdf/quote/5/1': () => pdf('revision 01'),
      'GET /api/pdf/quote/5': () => pdf('revision 01'),
    });
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderViewer('/pdf/quote/5/0');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('drawn').textContent).toBe('revision 00'));

    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('Quote-Q-000005-00.pdf');
    expect(await saved[0]!.text).toBe('revision 00');
    expect(api.callsTo('GET', '/api/pdf/quote/5')).toHaveLength(0);
  });

  it('saves the latest, labelled as such, when no revision is named', async () => {
    authStore.signIn(signedInResponse([]));
    stubApi({
      'GET /api/revisions/quote/5': [200, revisions],
      'GET /api/pdf/quote/5/1': () => pdf('revision 01'),
      'GET /api/pdf/quote/5': () => pdf('revision 01'),
    });
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderViewer('/pdf/quote/5');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('drawn').textContent).toBe('revision 01'));

    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('Quote-Q-000005-01.pdf');
    expect(await saved[0]!.text).toBe('revision 01');
  });
});
