import { shouldSearchChatUsers, type ChatEmployee, type ChatMessage } from '@switchboard/shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { authStore } from '../../lib/auth-store.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { stubApi } from '../../test/api-stub.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { signedInResponse } from '../../test/signed-in.ts';
import { ChatMessageItem } from './components/chat-message-item.tsx';
import { ChatUserList } from './components/chat-user-list.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

// Issue 20 part 2 (spec 3 §5, §9; spec 1 §6): the user search runs only for an empty name or 3+ characters; own
// messages are on the right.

const ben: ChatEmployee = {
  user_id: 2,
  photo: null,
  user: {
    name: 'Ben Baker',
    room: {
      id: 9,
      latest_message: { message: '<p>Hi <b>there</b></p>', created_at: '2026-01-01T10:00:00.000Z' },
      unread: 3,
    },
  },
};

const withProviders = (node: React.ReactNode) =>
  render(
    <Providers queryClient={createQueryClient()} env="test">
      {node}
    </Providers>,
  );

afterEach(() => {
  authStore.clear();
});

describe('chat search threshold', () => {
  it('is a pure rule: empty or at least 3 characters', () => {
    expect(shouldSearchChatUsers('')).toBe(true);
    expect(shouldSearchChatUsers('  ')).toBe(true);
    expect(shouldSearchChatUsers('be')).toBe(false);
    expect(shouldSearchChatUsers('ben')).toBe(true);
  });

  it('asks the server only when the typed name is empty or longer than 2 characters', { timeout: 20_000 }, async () => {
    // The search waits 250 ms after the last key: the test moves the clock past it instead of sleeping, and proves
    // each absence by a later search that must be asked for (it would come after a wrong one).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const pastDebounce = () => act(() => vi.advanceTimersByTimeAsync(300));
      authStore.signIn(signedInResponse([]));
      const api = stubApi({ 'GET /api/users/employee.rooms': [200, { data: [ben], total: 1 }] });
      withProviders(<ChatUserList selectedUserId={null} onSelect={() => undefined} />);
      await screen.findByText('Ben Baker');
      expect(screen.getByLabelText('3 unread').textContent).toContain('3');
      expect(screen.getByText('Hi there')).toBeTruthy();
      const names = () =>
        api
          .callsTo('GET', '/api/users/employee.rooms')
          .map((call) => new URL(call.url, 'http://x').searchParams.get('name'));
      expect(names()).toEqual(['']);

      const search = screen.getByRole('textbox', { name: 'Search users' });
      await user.type(search, 'be');
      await pastDebounce();
      // Sentinel: 'ben' is asked for; a search for 'be' would have come before it.
      await user.type(search, 'n');
      await pastDebounce();
      await waitFor(() => expect(names()).toEqual(['', 'ben']));

      await user.clear(search);
      await pastDebounce();
      // Sentinel: 'cat' is asked for; anything the emptied field asked for would have come before it. Empty again,
      // the full list (already cached under '') is shown without a search for 'be' or 'b'.
      await user.type(search, 'cat');
      await pastDebounce();
      await waitFor(() => expect(names().at(-1)).toBe('cat'));
      expect(names().filter((name) => name !== '' && name !== 'ben')).toEqual(['cat']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('chat messages', () => {
  const message = (user_id: number, text: string): ChatMessage => ({
    id: user_id * 10,
    room_id: 9,
    user_id,
    user: { shortname: user_id === 1 ? 'Me' : 'Ben', photo: null },
    message: text,
    created_at: '2026-01-01T10:00:00.000Z',
  });

  it('puts own messages on the right and the other member’s on the left, sanitised', () => {
    withProviders(
      <>
        <ChatMessageItem message={message(1, 'mine')} currentUserId={1} />
        <ChatMessageItem message={message(2, '<p>theirs<img src=x onerror="alert(1)"></p>')} currentUserId={1} />
      </>,
    );
    const [own, theirs] = screen.getAllByTestId('chat-message');
    expect(own.getAttribute('data-side')).toBe('right');
    expect(theirs.getAttribute('data-side')).toBe('left');
    expect(theirs!.querySelector('img[src="x"]')).toBeNull();
    expect(theirs.textContent).toContain('theirs');
  });

  it('shows a File| message as a download link with its name', () => {
    withProviders(
      <ChatMessageItem
        message={message(2, 'File|uploads/chat/abc.pdf|2048|application/pdf|report.pdf')}
        currentUserId={1}
      />,
    );
    expect(screen.getByRole('button', { name: 'report.pdf' })).toBeTruthy();
    expect(screen.getByText('2 KB')).toBeTruthy();
  });
});
