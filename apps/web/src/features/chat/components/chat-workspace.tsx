import { ActionIcon, Avatar, Box, Center, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ChatEmployee } from '@switchboard/shared';
import { useState } from 'react';
import { useCreateRoom } from '../api/chat.ts';
import { ChatConversation } from './chat-conversation.tsx';
import { ChatUserList } from './chat-user-list.tsx';

interface OpenRoom {
  roomId: number;
  userId: number;
  name: string;
  photo: string | null;
}

/**
 * Spec 3 §2 Staff chat: the user list on the left, the conversation on the right; on small screens (and in the narrow
 * side panel) one at a time, with a back button. Choosing a user joins the room or creates it first.
 */
export function ChatWorkspace({ narrow = false }: { narrow?: boolean }) {
  const smallScreen = useMediaQuery('(max-width: 48em)') ?? false;
  const single = narrow || smallScreen;
  const [open, setOpen] = useState<OpenRoom | null>(null);
  const createRoom = useCreateRoom();

  const select = (employee: ChatEmployee) => {
    const show = (roomId: number) =>
      setOpen({ roomId, userId: employee.user_id, name: employee.user.name, photo: employee.photo });
    if (employee.user.room) return show(employee.user.room.id);
    createRoom.mutate(employee.user_id, {
      onSuccess: (room) => show(room.id),
      onError: () => notifications.show({ color: 'red', message: 'An error occured.' }),
    });
  };

  const list = <ChatUserList selectedUserId={open?.userId ?? null} onSelect={select} />;
  const conversation = open ? (
    <Box h="100%" style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }} data-testid="chat-conversation">
      <Group gap="xs" pb="xs" wrap="nowrap">
        {single ? (
          <ActionIcon variant="subtle" color="gray" aria-label="Back to users" onClick={() => setOpen(null)}>
            <IconArrowLeft size={18} aria-hidden />
          </ActionIcon>
        ) : null}
        <Avatar src={open.photo} size="sm" radius="xl" alt={open.name} />
        <Text fw={600} truncate>
          {open.name}
        </Text>
      </Group>
      <Box style={{ flex: 1, minHeight: 0 }}>
        <ChatConversation key={open.roomId} roomId={open.roomId} />
      </Box>
    </Box>
  ) : (
    <Center h="100%">
      <Text c="dimmed">Choose a user to start chatting.</Text>
    </Center>
  );

  if (single) return <Box h="100%">{open ? conversation : list}</Box>;
  return (
    <Group h="100%" align="stretch" gap="md" wrap="nowrap">
      <Box w={300} style={{ flexShrink: 0, minHeight: 0 }}>
        {list}
      </Box>
      <Box style={{ flex: 1, minWidth: 0, minHeight: 0 }}>{conversation}</Box>
    </Group>
  );
}
