import { defaultUserSettings } from '@switchboard/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { renderApp } from '../../test/render.tsx';
import { shellRoutes, signIn } from '../../test/render-signed-in.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

// Issue 26 §2.9: a refused Baseline Security save brings the first highlighted row into view and focuses its notes.

const tess = { name: 'Tess Tech', shortname: 'Tess', email: 'tess@example.com', settings: defaultUserSettings };

// jsdom has no layout: record which element is asked to scroll into view.
const scrolled: Element[] = [];
Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
  scrolled.push(this);
};
afterEach(() => {
  scrolled.length = 0;
});

function open(routes: Parameters<typeof stubApi>[0] = {}) {
  signIn();
  const api = stubApi({
    ...shellRoutes(['view chat'], tess),
    'GET /api/misc/staticdata': [200, { data: {} }],
    'GET /api/schedule/main/ticket/77': [
      200,
      { data: [{ id: 77, subject: 'Scheduled Maintenance 03/2026: DC01', status: 2, company_id: 4, check_ins: [] }] },
    ],
    ...routes,
  });
  renderApp('/maintenance/baseline/4/21/3/2026/77/9');
  return api;
}

/** The eighteen question rows, every one answered N/A (which writes its notes) but those at `blank`. */
async function answerAllBut(blank: number[]) {
  await screen.findByRole('region', { name: 'Patching' }, { timeout: 30_000 });
  const rows = screen.getAllByRole('group').filter((group) => /^\d+\. /.test(group.getAttribute('aria-label') ?? ''));
  expect(rows).toHaveLength(18);
  rows.forEach((row, index) => {
    if (!blank.includes(index)) fireEvent.click(within(row).getByRole('button', { name: 'N/A' }));
  });
  return rows;
}

describe('a refused Baseline Security save (spec 2 §5)', { timeout: 60_000 }, () => {
  it('scrolls to the first highlighted row and puts the cursor in its notes', async () => {
    const api = open();
    const rows = await answerAllBut([11, 15]);
    await userEvent.click(screen.getByRole('button', { name: 'Save Baseline' }));
    expect(rows[11]!.getAttribute('data-missing')).toBe('true');
    await waitFor(() => expect(scrolled).toEqual([rows[11]]));
    expect(document.activeElement).toBe(within(rows[11]!).getByRole('textbox', { name: 'Notes' }));
    expect(api.callsTo('POST', '/api/maintenance/baseline')).toHaveLength(0);
  });
});
