import { type ProjectDetail } from '@switchboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../../lib/auth-store.ts';
import { stubApi } from '../../../../test/api-stub.ts';
import { fakeSocketModule, latestSocket } from '../../../../test/fake-socket.ts';
import { renderApp } from '../../../../test/render.tsx';
import { projectFixture, projectSession as session } from '../../test-fixtures.ts';

vi.mock('socket.io-client', () => fakeSocketModule);

// Issue 26 §1 item 6: the project page follows InvoicesUpdated (spec 3 §7 Realtime), which billing pushes when an
// invoice of the project is made.

function open(type: 'Employee' | 'Client') {
  const state = { project: { ...projectFixture } as ProjectDetail };
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
  const api = stubApi({
    'GET /api/session': [200, session(type)],
    'GET /api/misc/staticdata': [200, { data: {} }],
    'GET /api/notifications': [200, { data: [] }],
    'GET /api/users/employee.list': [200, { data: [] }],
    'GET /api/project/12': () => [200, { data: state.project }],
  });
  renderApp('/projects/12');
  return { api, state };
}

describe('Client Payment Invoices panel, live (spec 3 §7)', { timeout: 60_000 }, () => {
  it.each(['Employee', 'Client'] as const)(
    'shows an invoice made elsewhere when InvoicesUpdated arrives (%s)',
    async (type) => {
      const { state } = open(type);
      // The first render loads the page's chunks: give it longer on a busy machine.
      const card = await screen.findByRole('group', { name: 'Client Payment Invoices' }, { timeout: 30_000 });
      expect(await within(card).findByText('No invoices yet.')).toBeTruthy();
      await waitFor(() => expect(latestSocket().subscriptions()).toContain('project_12'));
      state.project = {
        ...state.project,
        invoices: [
          {
            id: 7,
            number: 'INV-000007',
            type: 'deposit',
            status: 'posted',
            total: 500,
            balance: 500,
            due_date: '2026-02-01',
          },
        ],
      };
      latestSocket().serverEmit('project_12', 'InvoicesUpdated', { project_id: 12, invoice_id: 7 });
      expect(await within(card).findByText('INV-000007')).toBeTruthy();
      expect(within(card).getAllByText('$500.00')).toHaveLength(2);
    },
  );
});
