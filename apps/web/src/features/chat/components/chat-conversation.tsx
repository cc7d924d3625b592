import { Box, Center, Loader, Stack, Text } from '@mantine/core';
import { chatMessageSentEvent, chatRoomChannel, type ChatMessage } from '@switchboard/shared';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { useChannel } from '../../../lib/socket.ts';
import { addMessagesToCache, chatKeys, chatMessagesQueryOptions, flattenMessages, markRoomRead } from '../api/chat.ts';
import { openRooms } from '../open-rooms.ts';
import { ChatMessageForm } from './chat-message-form.tsx';
import { ChatMessageItem } from './chat-message-item.tsx';

/**
 * An open room: messages oldest to newest, older pages loaded when scrolled to the top (the view keeps its place),
 * scrolled to the bottom on open and whenever a new message arrives; live on PR_{roomId}.
 */
export function ChatConversation({ roomId }: { roomId: number }) {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id;
  const query = useInfiniteQuery(chatMessagesQueryOptions(roomId));
  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  const scroller = useRef<HTMLDivElement>(null);
  // What the view showed before the last change: its newest message and its height (to keep the place).
  const previous = useRef<{ newestId: number | null; height: number }>({ newestId: null, height: 0 });

  useEffect(() => {
    previous.current = { newestId: null, height: 0 };
    openRooms.add(roomId);
    return () => openRooms.remove(roomId);
  }, [roomId]);

  // Reading the newest page marked the room read on the server: the counts follow.
  const loaded = query.isSuccess;
  useEffect(() => {
    if (!loaded) return;
    void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
    void queryClient.invalidateQueries({ queryKey: ['chat', 'rooms'] });
  }, [loaded, roomId, queryClient]);

  useChannel(chatRoomChannel(roomId), {
    [chatMessageSentEvent]: (payload: ChatMessage) => {
      if (payload?.room_id !== roomId) return;
      addMessagesToCache(queryClient, roomId, [payload]);
      if (payload.user_id !== userId) void markRoomRead(queryClient, roomId).catch(() => undefined);
    },
  });

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || messages.length === 0) return;
    const newestId = messages[messages.length - 1]!.id;
    const before = previous.current;
    if (before.newestId !== newestId) element.scrollTop = element.scrollHeight;
    // Older messages were put on top: stay on the message that was in view.
    else element.scrollTop += element.scrollHeight - before.height;
    previous.current = { newestId, height: element.scrollHeight };
  }, [messages]);

  const onScroll = () => {
    const element = scroller.current;
    if (element && element.scrollTop < 40 && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };

  return (
    <Stack gap="xs" h="100%" style={{ minHeight: 0 }}>
      <Box
        ref={scroller}
        onScroll={onScroll}
        style={{ flex: 1, overflowY: 'auto', minHeight: 0 }}
        data-testid="chat-messages"
        aria-label="Messages"
        role="log"
      >
        {query.isFetchingNextPage ? (
          <Center py="xs">
            <Loader size="xs" />
          </Center>
        ) : null}
        {query.isPending ? (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        ) : messages.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" size="sm">
            No messages yet. Say hello.
          </Text>
        ) : (
          <Stack gap="xs" p="xs">
            {messages.map((message) => (
              <ChatMessageItem key={message.id} message={message} currentUserId={userId} />
            ))}
          </Stack>
        )}
      </Box>
      <ChatMessageForm roomId={roomId} />
    </Stack>
  );
}
