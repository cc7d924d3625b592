import { notifications } from '@mantine/notifications';
import { ticketSaveFailedMessage, type TicketAttachment, type TicketDetail } from '@switchboard/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { authStore } from '../../../lib/auth-store.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { fakeSocketModule } from '../../../test/fake-socket.ts';
import { signedInResponse } from '../../../test/signed-in.ts';
import { TextWithAttachmentsCard } from './text-with-attachments-card.tsx';
import { TodosCard } from './todos-card.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

const attachment: TicketAttachment = {
  id: 9,
  file_name: 'router.log',
  path: 'ticket-files/a.log',
  extension: 'log',
  size: 120,
  created_at: '2026-03-01T10:00:00.000Z',
  deleted_at: null,
  user: { name: 'Helen' },
};
// The cards read only these parts of the ticket.
const ticket = {
  id: 42,
  notes: '',
  resolution: '',
  todos: [{ id: 7, description: 'Swap the switch', completed: 0, deleted_at: null }],
  all_notes_attachments: [attachment],
  all_resolution_attachments: [],
} as unknown as TicketDetail;

function renderCard(card: React.ReactNode) {
  return render(
    <Providers queryClient={createQueryClient()} env="test">
      {card}
    </Providers>,
  );
}

/** A Mantine toast of `color` whose text is exactly `text`. */
async function findToast(text: string, color: 'green' | 'red'): Promise<HTMLElement> {
  const toast = (await screen.findByText(text)).closest<HTMLElement>('.mantine-Notification-root');
  expect(toast?.getAttribute('style')).toContain(`--notification-color: var(--mantine-color-${color}-filled)`);
  return toast!;
}

afterEach(() => {
  notifications.clean();
  authStore.clear();
});

describe('ticket to-do and attachment toasts (spec 3 §8)', { timeout: 20_000 }, () => {
  it("shows the server's message when a to-do is added, completed, edited and deleted", async () => {
    authStore.signIn(signedInResponse());
    stubApi({
      'POST /api/ticket/todo': [200, { message: 'To-do added.' }],
      'PUT /api/ticket/todo/7': (call) => [
        200,
        {
          message: (call.body as { todo: { completed?: number } }).todo.completed
            ? 'To-do completed.'
            : 'To-do edited.',
        },
      ],
      'DELETE /api/ticket/todo/7': [200, { message: 'To-do deleted.' }],
      'GET /api/ticket/42': [200, { data: ticket }],
    });
    renderCard(<TodosCard ticket={ticket} disabled={false} />);
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'New to-do' }), 'Label the cables');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await findToast('To-do added.', 'green')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Swap the switch' }));
    expect(await findToast('To-do completed.', 'green')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit Swap the switch' }));
    await user.click(screen.getByRole('button', { name: 'Save to-do' }));
    expect(await findToast('To-do edited.', 'green')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete Swap the switch' }));
    expect(await findToast('To-do deleted.', 'green')).toBeTruthy();
  });

  it("shows 'Some error occured! Please try again.' when a to-do cannot be added", async () => {
    authStore.signIn(signedInResponse());
    stubApi({ 'POST /api/ticket/todo': [500, { message: 'Server Error' }] });
    renderCard(<TodosCard ticket={ticket} disabled={false} />);
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'New to-do' }), 'Label the cables');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await findToast('Some error occured! Please try again.', 'red')).toBeTruthy();
    expect(screen.queryByText('Server Error')).toBeNull();
  });

  it(`shows '${ticketSaveFailedMessage}' when deleting or restoring an attachment fails`, async () => {
    authStore.signIn(signedInResponse());
    stubApi({ 'DELETE /api/ticket/notes_attachments/9': [500, { message: 'Server Error' }] });
    renderCard(<TextWithAttachmentsCard ticket={ticket} kind="notes" disabled={false} present={[]} />);

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete router.log' }));

    expect(await findToast(ticketSaveFailedMessage, 'red')).toBeTruthy();
    expect(screen.queryByText('Server Error')).toBeNull();
  });
});
