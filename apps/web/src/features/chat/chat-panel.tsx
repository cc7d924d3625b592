import { ActionIcon, Indicator, Loader, Center } from '@mantine/core';
import { Drawer, Tooltip } from '../../components/deferred-overlays.tsx';
import { useDisclosure } from '@mantine/hooks';
import { IconMessages } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useUserEvent } from '../../lib/socket.ts';
import { useCurrentUser } from '../../lib/auth-store.ts';
import { chatKeys, chatUnreadQueryOptions } from './api/chat.ts';
import { openRooms } from './open-rooms.ts';

// The panel's contents load with the first opening, not with the shell.
const ChatWorkspace = lazy(() => import('./components/chat-workspace.tsx').then((m) => ({ default: m.ChatWorkspace })));

/**
 * Spec 1 §2.4: the top bar's chat side-panel toggle, with the unread count of every room. A message in one of the
 * user's rooms arrives on user.{id} as Message.Sent and refreshes the count and the list.
 */
export function ChatPanelToggle() {
  const [opened, panel] = useDisclosure(false);
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id;
  const unread = useQuery(chatUnreadQueryOptions).data ?? 0;

  useUserEvent<{ room_id?: number; user_id?: number }>('Message.Sent', (message) => {
    void queryClient.invalidateQueries({ queryKey: ['chat', 'rooms'] });
    // An open conversation reads what arrives in it and sets the count itself.
    if (message?.room_id !== undefined && openRooms.has(message.room_id) && message.user_id !== userId) return;
    void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
  });

  return (
    <>
      <Tooltip label="Chat" openDelay={400}>
        <Indicator label={unread > 99 ? '99+' : unread} size={16} color="red" disabled={unread === 0} offset={6}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={unread > 0 ? `Chat, ${unread} unread` : 'Chat'}
            aria-expanded={opened}
            onClick={panel.toggle}
            data-testid="chat-toggle"
            data-unread={unread}
          >
            <IconMessages size={20} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <Drawer
        opened={opened}
        onClose={panel.close}
        position="right"
        size="md"
        title="Chat"
        padding="md"
        styles={{ body: { height: 'calc(100% - 60px)' } }}
      >
        {opened ? (
          <Suspense
            fallback={
              <Center py="xl">
                <Loader size="sm" />
              </Center>
            }
          >
            <ChatWorkspace narrow />
          </Suspense>
        ) : null}
      </Drawer>
    </>
  );
}
