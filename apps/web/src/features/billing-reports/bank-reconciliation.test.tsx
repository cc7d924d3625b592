import type {
  BankAccountReconciliationStatus,
  BankReconciliation,
  BankReconciliationLine,
} from '@switchboard/shared/billing/bank-reconciliation';
import type { VerifyTransactionsResponse as VerifyResponse } from '@switchboard/shared/billing/reports-ledger';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule, latestSocket } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { firstLoad, renderSignedIn, type ApiAnswer } from '../../test/render-signed-in.tsx';

// The bank reconciliation row of Verify Transactions and its screen: the accounts' status, the drill-down, statement
// fields checked by the shared contract, ticking lines (the call and the new difference), Finish only at 0.00, and a
// read-only screen without 'manage accounting'.

vi.mock('socket.io-client', () => fakeSocketModule);

afterEach(() => {
  vi.unstubAllGlobals();
});

const verify: VerifyResponse = {
  as_of: '2026-11-27',
  checked_at: '2026-11-27T10:00:00.000Z',
  passed: true,
  checks: [],
};

/** A small stateful server: one bank account, one draft of statement 749.50 with two lines to tick. */
function fakeServer(withDraft: boolean) {
  const lines: BankReconciliationLine[] = [
    {
      id: 11,
      entry_id: 1,
      entry_number: 'JE-000001',
      entry_date: '2026-01-05',
      memo: 'Deposit',
      deposit: 1000,
      payment: 0,
      cleared: false,
    },
    {
      id: 12,
      entry_id: 2,
      entry_number: 'JE-000002',
      entry_date: '2026-01-20',
      memo: 'Rent',
      deposit: 0,
      payment: 250.5,
      cleared: false,
    },
  ];
  const draft = (): BankReconciliation => {
    const cleared = lines.filter((line) => line.cleared).reduce((sum, line) => sum + line.deposit - line.payment, 0);
    return {
      id: 5,
      account: { id: 1, number: '1000', name: 'Operating Checking' },
      statement_date: '2026-01-31',
      statement_balance: 749.5,
      status: finished ? 'finished' : 'draft',
      opening_balance: 0,
      cleared_balance: cleared,
      cleared_count: lines.filter((line) => line.cleared).length,
      difference: Math.round((749.5 - cleared) * 100) / 100,
      is_last_finished: finished,
      finished_at: finished ? '2026-11-27T10:00:00.000Z' : null,
      finished_by: null,
      created_at: '2026-11-27T09:00:00.000Z',
    };
  };
  let finished = false;
  const writes: { url: string; body: unknown }[] = [];
  const status = (): BankAccountReconciliationStatus => ({
    account: { id: 1, number: '1000', name: 'Operating Checking', active: true },
    last_reconciled_date: finished ? '2026-01-31' : null,
    last_statement_balance: finished ? 749.5 : null,
    uncleared_count: lines.filter((line) => !line.cleared).length,
    draft_id: withDraft && !finished ? 5 : null,
  });
  const page = <T,>(data: T[]) => ({
    data,
    total: data.length,
    current_page: 1,
    per_page: 100,
    from: 1,
    to: data.length,
    last_page: 1,
  });
  const handler: ApiAnswer = (raw, init) => {
    const url = new URL(raw, 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname;
    if (path === '/api/billing/reports/verifytransactions') return jsonResponse(200, verify);
    if (path === '/api/billing/bank-reconciliations/accounts') return jsonResponse(200, { data: [status()] });
    if (path === '/api/billing/bank-reconciliations' && method === 'GET')
      return jsonResponse(200, page(withDraft || finished ? [draft()] : []));
    if (path === '/api/billing/bank-reconciliations/5/lines' && method === 'GET') return jsonResponse(200, page(lines));
    if (path === '/api/billing/bank-reconciliations/5' && url.searchParams.get('format') === 'csv')
      return new Response('Date,Entry,Memo,Deposit,Payment\r\n', {
        status: 200,
        headers: { 'content-type': 'text/csv' },
      });
    if (method === 'POST') {
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      writes.push({ url: path, body });
      if (path === '/api/billing/bank-reconciliations') {
        return jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: { statement_date: ['The statement date must be after the last reconciled statement date.'] },
        });
      }
      if (path === '/api/billing/bank-reconciliations/5/lines') {
        for (const line of lines) if (body.journal_line_ids.includes(line.id)) line.cleared = body.cleared;
        return jsonResponse(200, { data: draft() });
      }
      if (path === '/api/billing/bank-reconciliations/5/finish') {
        finished = true;
        return jsonResponse(200, { message: 'Reconciliation finished.', data: draft() });
      }
    }
    return undefined;
  };
  /** Another window ticks every line and finishes. */
  const finishElsewhere = () => {
    for (const line of lines) line.cleared = true;
    finished = true;
  };
  return { handler, writes, finishElsewhere };
}

describe('bank reconciliation on Verify Transactions', { timeout: 60_000 }, () => {
  it('shows each bank account, drills down, ticks lines to a difference of 0.00 and finishes', async () => {
    const user = userEvent.setup();
    const server = fakeServer(true);
    renderSignedIn('/billing/reports/verifytransactions', {
      permissions: ['view billing', 'manage accounting'],
      api: server.handler,
    });
    const region = await screen.findByRole('region', { name: 'Bank reconciliation' }, firstLoad);
    const row = await within(region).findByRole('row', { name: /1000 Operating Checking/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1000 Operating Checking', 'Never', '2', 'Continue']);
    await user.click(within(row).getByRole('button', { name: 'Reconcile 1000 Operating Checking' }));
    const drawer = await screen.findByRole('dialog', { name: 'Bank reconciliation' });
    expect((await within(drawer).findByLabelText('Difference')).textContent).toBe('749.50');
    const finish = within(drawer).getByRole('button', { name: 'Finish' });
    expect(finish).toHaveProperty('disabled', true);
    await user.click(await within(drawer).findByRole('checkbox', { name: 'Cleared JE-000001' }));
    await waitFor(() => expect(within(drawer).getByLabelText('Difference').textContent).toBe('-250.50'));
    expect(server.writes[0]).toEqual({
      url: '/api/billing/bank-reconciliations/5/lines',
      body: { journal_line_ids: [11], cleared: true },
    });
    await user.click(within(drawer).getByRole('checkbox', { name: 'Cleared JE-000002' }));
    await waitFor(() => expect(within(drawer).getByLabelText('Difference').textContent).toBe('0.00'));
    await waitFor(() =>
      expect(within(drawer).getByRole('button', { name: 'Finish' })).toHaveProperty('disabled', false),
    );
    await user.click(within(drawer).getByRole('button', { name: 'Finish' }));
    await waitFor(() =>
      expect(server.writes.map((write) => write.url)).toContain('/api/billing/bank-reconciliations/5/finish'),
    );
    expect(await within(drawer).findByText(/Last reconciled to the statement of 2026-01-31/)).toBeTruthy();
  });

  it("checks the statement fields with the shared contract and shows the server's 422", async () => {
    const user = userEvent.setup();
    const server = fakeServer(false);
    renderSignedIn('/billing/reports/verifytransactions', {
      permissions: ['view billing', 'manage accounting'],
      api: server.handler,
    });
    const region = await screen.findByRole('region', { name: 'Bank reconciliation' }, firstLoad);
    await user.click(await within(region).findByRole('button', { name: 'Reconcile 1000 Operating Checking' }));
    const drawer = await screen.findByRole('dialog', { name: 'Bank reconciliation' });
    await user.click(await within(drawer).findByRole('button', { name: 'Start reconciliation' }));
    expect(await within(drawer).findByText('The statement date is not a valid date.')).toBeTruthy();
    expect(server.writes).toEqual([]);
    await user.type(within(drawer).getByLabelText('Statement date'), '2026-01-31');
    await user.type(within(drawer).getByLabelText('Statement ending balance'), '749.5');
    await user.click(within(drawer).getByRole('button', { name: 'Start reconciliation' }));
    expect(
      await within(drawer).findByText('The statement date must be after the last reconciled statement date.'),
    ).toBeTruthy();
    expect(server.writes[0]).toEqual({
      url: '/api/billing/bank-reconciliations',
      body: { account_id: 1, statement_date: '2026-01-31', statement_balance: 749.5 },
    });
  });

  it("follows another window's Finish (BankReconciliationUpdated) and exports the finished one", async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    const server = fakeServer(true);
    const { fetchMock } = renderSignedIn('/billing/reports/verifytransactions', {
      permissions: ['view billing'],
      api: server.handler,
    });
    const region = await screen.findByRole('region', { name: 'Bank reconciliation' }, firstLoad);
    await user.click(await within(region).findByRole('button', { name: 'Reconcile 1000 Operating Checking' }));
    const drawer = await screen.findByRole('dialog', { name: 'Bank reconciliation' });
    expect((await within(drawer).findByLabelText('Difference')).textContent).toBe('749.50');
    expect(within(drawer).queryByRole('button', { name: 'Export CSV' })).toBeNull();
    await waitFor(() => expect(latestSocket().subscriptions()).toContain('billing'));
    server.finishElsewhere();
    act(() => latestSocket().serverEmit('billing', 'BankReconciliationUpdated', { id: 5 }));
    expect(await within(drawer).findByText(/Last reconciled to the statement of 2026-01-31/)).toBeTruthy();
    expect(within(drawer).getByLabelText('Difference').textContent).toBe('0.00');
    await user.click(within(drawer).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['Reconciliation-1000-2026-01-31.csv']));
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/billing/bank-reconciliations/5?format=csv')).toBe(
      true,
    );
    click.mockRestore();
  });

  it('is read-only without manage accounting', async () => {
    const user = userEvent.setup();
    const server = fakeServer(true);
    renderSignedIn('/billing/reports/verifytransactions', { permissions: ['view billing'], api: server.handler });
    const region = await screen.findByRole('region', { name: 'Bank reconciliation' }, firstLoad);
    await user.click(await within(region).findByRole('button', { name: 'Reconcile 1000 Operating Checking' }));
    const drawer = await screen.findByRole('dialog', { name: 'Bank reconciliation' });
    expect(await within(drawer).findByRole('checkbox', { name: 'Cleared JE-000001' })).toHaveProperty('disabled', true);
    expect(within(drawer).queryByRole('button', { name: 'Finish' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Save statement' })).toBeNull();
  });
});
