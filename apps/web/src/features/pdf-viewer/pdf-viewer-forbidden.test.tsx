import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { authStore } from '../../lib/auth-store.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { stubApi } from '../../test/api-stub.ts';
import { signedInResponse } from '../../test/signed-in.ts';
import { PdfViewerPage } from './pdf-viewer-page.tsx';

// Issue 26 §2 item 2 (decision 0073): a reader the server refuses (403) is told so plainly, with no Download to press
// and no generic 'An error occured.'.

vi.mock('./pdf-canvas.tsx', () => ({
  PdfCanvas: () => <p data-testid="drawn" />,
  pdfLoadFailedMessage: 'An error occured.',
}));

afterEach(() => {
  vi.restoreAllMocks();
  authStore.clear();
});

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

describe('PDF viewer refused', { timeout: 20_000 }, () => {
  it('says the reader may not view the document, offers no Download and asks for no file', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    authStore.signIn(signedInResponse([]));
    const api = stubApi({
      'GET /api/revisions/quote/9': [403, { message: 'This action is unauthorized.' }],
      'GET /api/pdf/quote/9': [403, { message: 'This action is unauthorized.' }],
    });
    renderViewer('/pdf/quote/9?download=1');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('You do not have permission to view this document.')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe('You do not have permission to view this document.');
    expect(within(dialog).queryByRole('button', { name: 'Download' })).toBeNull();
    expect(within(dialog).queryByText('An error occured.')).toBeNull();
    await waitFor(() => expect(api.callsTo('GET', '/api/revisions/quote/9')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/pdf/quote/9')).toHaveLength(0);
    expect(screen.queryByText('Unable to download file.')).toBeNull();
  });
});
