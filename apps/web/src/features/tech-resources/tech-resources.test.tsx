import type { TechResource } from '@switchboard/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { authStore } from '../../lib/auth-store.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { stubApi } from '../../test/api-stub.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { signedInResponse } from '../../test/signed-in.ts';
import { TechResourcesPage } from './tech-resources-page.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

// Issue 19 part 9 (spec 2 §2 Tech Resources, §6): the grid's slot window (today from now minus 30 minutes unless
// expanded, any other day whole) and the Show button only with 'edit tech resources'.

const tess: TechResource = {
  user_id: 7,
  user: { id: 7, name: 'Tess Tech' },
  tech_events: [
    { id: 1, slot: '08:00', task: 'Frontline', company: null, project: null },
    { id: 2, slot: '11:00', task: 'Projects', company: { id: 4, name: 'Harbor Clinic' }, project: null },
  ],
};

function renderPage(path: string) {
  const router = createMemoryRouter([{ path: '/resources', Component: TechResourcesPage }], { initialEntries: [path] });
  return render(
    <Providers queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
}

const slotHeaders = async () => {
  const table = await screen.findByRole('table', { name: 'Tech resources' });
  return within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent)
    .slice(1);
};

beforeEach(() => {
  // Only Date is faked: the browser's clock reads 10:10 on 15 March 2032.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2032, 2, 15, 10, 10));
});
afterEach(() => {
  vi.useRealTimers();
  authStore.clear();
});

describe('tech resources grid', { timeout: 20_000 }, () => {
  it('shows today from the current half hour on, and every slot when expanded', async () => {
    authStore.signIn(signedInResponse(['view chat']));
    const api = stubApi({ 'GET /api/tech/resources': [200, { data: [tess] }] });
    renderPage('/resources');
    const today = await slotHeaders();
    expect(today[0]).toBe('10:00');
    expect(today).not.toContain('09:30');
    expect(today).toHaveLength(28);
    expect(api.callsTo('GET', '/api/tech/resources')[0]!.url).toContain('date=03%2F15%2F2032');
    // The 08:00 event is outside the window; the 11:00 one shows with its company.
    const row = screen.getByRole('row', { name: 'Tess Tech' });
    expect(within(row).queryByText('Frontline')).toBeNull();
    expect(within(screen.getByRole('cell', { name: 'Tess Tech 11:00' })).getByText('Harbor Clinic')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Expand earlier slots' }));
    const all = await slotHeaders();
    expect(all).toHaveLength(48);
    expect(all[0]).toBe('00:00');
    expect(within(screen.getByRole('cell', { name: 'Tess Tech 08:00' })).getByText('Frontline')).toBeTruthy();
  });

  it('shows another day whole, without the expand button', async () => {
    authStore.signIn(signedInResponse(['view chat']));
    const api = stubApi({ 'GET /api/tech/resources': [200, { data: [tess] }] });
    renderPage('/resources?date=03/14/2032');
    expect(await slotHeaders()).toHaveLength(48);
    expect(screen.queryByRole('button', { name: 'Expand earlier slots' })).toBeNull();
    expect(api.callsTo('GET', '/api/tech/resources')[0]!.url).toContain('date=03%2F14%2F2032');
  });

  it("offers Show only with 'edit tech resources'", async () => {
    authStore.signIn(signedInResponse(['view chat']));
    stubApi({ 'GET /api/tech/resources': [200, { data: [tess] }] });
    const view = renderPage('/resources?date=03/16/2032');
    await screen.findByRole('row', { name: 'Tess Tech' });
    expect(screen.queryByRole('button', { name: 'Show' })).toBeNull();
    view.unmount();

    authStore.signIn(signedInResponse(['view chat', 'edit tech resources']));
    stubApi({ 'GET /api/tech/resources': [200, { data: [tess] }], 'GET /api/company.list': [200, { data: [] }] });
    renderPage('/resources?date=03/16/2032');
    const row = await screen.findByRole('row', { name: 'Tess Tech' });
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('dialog', { name: 'Tess Tech: 03/16/2032' })).toBeTruthy();
  });
});
