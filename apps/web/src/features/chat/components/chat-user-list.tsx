import {
  Avatar,
  Badge,
  Center,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import {
  parseChatFileMessage,
  parseChatImageMessage,
  shouldSearchChatUsers,
  type ChatEmployee,
} from '@switchboard/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { htmlToPlainText } from '../../../lib/safe-html.ts';
import { employeeRoomsQueryOptions } from '../api/chat.ts';

/** What the list shows of a room's latest message. */
export function messagePreview(message: string): string {
  if (parseChatImageMessage(message)) return 'Image';
  const file = parseChatFileMessage(message);
  if (file) return `File: ${file.name}`;
  return htmlToPlainText(message).replace(/\s+/g, ' ');
}

/**
 * The user list with search (spec 3 §2, §5, §9): the search runs only when the typed name is longer than 2
 * characters or empty; in between the last list stays.
 */
export function ChatUserList({
  selectedUserId,
  onSelect,
}: {
  selectedUserId: number | null;
  onSelect: (employee: ChatEmployee) => void;
}) {
  const [typed, setTyped] = useState('');
  const [searched, setSearched] = useState('');
  const [debounced] = useDebouncedValue(typed, 250);
  useEffect(() => {
    if (shouldSearchChatUsers(debounced)) setSearched(debounced.trim());
  }, [debounced]);
  const rooms = useQuery(employeeRoomsQueryOptions(searched));

  return (
    <Stack gap="xs" h="100%" style={{ minHeight: 0 }}>
      <TextInput
        placeholder="Search users"
        aria-label="Search users"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
      />
      <ScrollArea style={{ flex: 1 }} type="auto">
        {rooms.isPending ? (
          <Center py="md">
            <Loader size="sm" />
          </Center>
        ) : rooms.data?.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="md">
            No users found.
          </Text>
        ) : (
          <Stack gap={2} role="list" aria-label="Users">
            {rooms.data?.map((employee) => {
              const room = employee.user.room;
              const selected = employee.user_id === selectedUserId;
              return (
                <UnstyledButton
                  key={employee.user_id}
                  role="listitem"
                  onClick={() => onSelect(employee)}
                  aria-current={selected ? 'true' : undefined}
                  data-testid="chat-user"
                  p="xs"
                  style={{
                    borderRadius: 'var(--mantine-radius-sm)',
                    background: selected ? 'var(--mantine-color-blue-light)' : undefined,
                  }}
                >
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={employee.photo} radius="xl" size="md" alt={employee.user.name}>
                      {employee.user.name
                        .split(' ')
                        .map((part) => part[0])
                        .join('')
                        .slice(0, 2)}
                    </Avatar>
                    <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                      <Text size="sm" fw={500} truncate>
                        {employee.user.name}
                      </Text>
                      {room?.latest_message ? (
                        <Text size="xs" c="dimmed" truncate>
                          {messagePreview(room.latest_message.message)}
                        </Text>
                      ) : null}
                    </Stack>
                    {room && room.unread > 0 ? (
                      <Badge size="sm" circle={room.unread < 10} color="red" aria-label={`${room.unread} unread`}>
                        {room.unread}
                      </Badge>
                    ) : null}
                  </Group>
                </UnstyledButton>
              );
            })}
          </Stack>
        )}
      </ScrollArea>
    </Stack>
  );
}
