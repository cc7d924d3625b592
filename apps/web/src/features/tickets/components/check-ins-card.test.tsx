import type { CheckIn, TicketDetail } from '@switchboard/shared';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { authStore } from '../../../lib/auth-store.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { signedInResponse } from '../../../test/signed-in.ts';
import { CheckInsCard } from './check-ins-card.tsx';

// Spec 3 §9: the ticket's check-ins show 3 page links (CHECKIN_PAGE_LINKS), not the widget's default 5.

const row: CheckIn = {
  id: 11,
  user_id: 1,
  ticket_id: 7,
  project_step_id: null,
  start_time: '2026-03-02T09:00:00.000Z',
  end_time: '2026-03-02T10:30:00.000Z',
  billable: 0,
  user: { name: 'Helen', shortname: 'Helen', photo: null },
  ticket: { id: 7, subject: 'Printer jams' },
};

afterEach(() => {
  authStore.clear();
});

describe('check-ins card', { timeout: 20_000 }, () => {
  it('shows a window of 3 page links on a long list', async () => {
    authStore.signIn(signedInResponse());
    stubApi({
      'GET /api/ticket/7/checkins': [
        200,
        { data: [row], total: 500, current_page: 5, per_page: 50, from: 201, to: 250, last_page: 10 },
      ],
    });
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <CheckInsCard ticket={{ id: 7, company_id: 5 } as TicketDetail} canEdit={false} />
      </Providers>,
    );
    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    const pageLinks = within(nav)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'))
      .filter((label) => label?.match(/^Page \d+$/));
    expect(pageLinks).toEqual(['Page 4', 'Page 5', 'Page 6']);
  });
});
