import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// The dashboard's HR tile: an employee's pending requests, approvals waiting for them and forms to sign, each linking
// to the page that lists them; client accounts (no HR at all) never see it nor ask for it.

vi.mock('socket.io-client', () => fakeSocketModule);

afterEach(() => {
  vi.unstubAllGlobals();
});

const page = (total: number) => ({ data: [], total, current_page: 1, per_page: 1, from: null, to: null, last_page: 1 });
const assignment = (status: 'outstanding' | 'overdue' | 'done') => ({
  id: 1,
  title: 'Handbook',
  kind: 'acknowledgement',
  description: '',
  assignment: { status },
});

describe('/dashboard', { timeout: 60_000 }, () => {
  it('shows an employee their HR counts with links to the pages', async () => {
    const asked: string[] = [];
    const api: ApiAnswer = (url) => {
      asked.push(url);
      const query = new URL(url, 'http://x').searchParams;
      if (url.startsWith('/api/hr/requests'))
        return jsonResponse(200, page(query.get('scope') === 'approvals' ? 3 : 2));
      // More to sign than a page holds: the tile shows the server's total, not what one page carries.
      if (url.startsWith('/api/hr/forms'))
        return jsonResponse(
          200,
          query.get('status') === 'outstanding' && query.get('per_page') === '1'
            ? { ...page(57), data: [assignment('overdue')] }
            : { ...page(3), data: [assignment('outstanding'), assignment('overdue'), assignment('done')] },
        );
      return undefined;
    };
    renderSignedIn('/dashboard', { permissions: [], api });
    const tile = await screen.findByRole('region', { name: 'HR' }, firstLoad);
    expect((await within(tile).findByTestId('hr-tile-mine')).textContent).toBe('2');
    expect((await within(tile).findByTestId('hr-tile-approvals')).textContent).toBe('3');
    expect((await within(tile).findByTestId('hr-tile-forms')).textContent).toBe('57');
    expect(within(tile).getByRole('link', { name: 'Approvals waiting for me' }).getAttribute('href')).toBe(
      '/hr/requests?scope=approvals&status=pending',
    );
    expect(within(tile).getByRole('link', { name: 'My pending requests' }).getAttribute('href')).toBe(
      '/hr/requests?status=pending',
    );
    expect(within(tile).getByRole('link', { name: 'Forms to sign' }).getAttribute('href')).toBe('/hr/forms');
    expect(
      asked.filter((url) => url.startsWith('/api/hr/requests')).every((url) => url.includes('status=pending')),
    ).toBe(true);
  });

  it('shows no HR tile to a client account', async () => {
    const asked: string[] = [];
    renderSignedIn('/dashboard', {
      permissions: [],
      user: { type: 'Client' },
      api: (url) => {
        asked.push(url);
        return undefined;
      },
    });
    await screen.findByText(/^Welcome,/, undefined, firstLoad);
    expect(screen.queryByRole('region', { name: 'HR' })).toBeNull();
    expect(asked.some((url) => url.startsWith('/api/hr/'))).toBe(false);
  });
});
