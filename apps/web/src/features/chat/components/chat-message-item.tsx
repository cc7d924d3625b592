import { Anchor, Avatar, Box, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { parseChatFileMessage, parseChatImageMessage, type ChatMessage } from '@switchboard/shared';
import { useEffect, useState } from 'react';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { saveBlob } from '../../../lib/download.ts';
import { storedTextToHtml } from '../../../lib/safe-html.ts';
import { fetchChatFile } from '../api/chat.ts';

/** Spec 1 §6: own chat messages appear on the right. */
export function chatMessageSide(message: Pick<ChatMessage, 'user_id'>, currentUserId: number | undefined) {
  return message.user_id === currentUserId ? 'right' : 'left';
}

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** One message: text (sanitised HTML), an image (fetched with the token) or an attachment as a download link. */
export function ChatMessageItem({ message, currentUserId }: { message: ChatMessage; currentUserId?: number }) {
  const side = chatMessageSide(message, currentUserId);
  const own = side === 'right';
  const time = new Date(message.created_at).toLocaleString([], {
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return (
    <Group
      justify={own ? 'flex-end' : 'flex-start'}
      align="flex-end"
      gap="xs"
      wrap="nowrap"
      data-side={side}
      data-message-id={message.id}
      data-testid="chat-message"
    >
      {own ? null : (
        <Avatar src={message.user.photo} size="sm" radius="xl" alt={message.user.shortname}>
          {message.user.shortname.slice(0, 2)}
        </Avatar>
      )}
      <Stack gap={2} maw="80%" align={own ? 'flex-end' : 'flex-start'}>
        <Paper px="sm" py={6} radius="md" bg={own ? 'blue.1' : 'gray.1'} c="dark.7">
          <MessageBody message={message.message} />
        </Paper>
        <Text size="xs" c="dimmed">
          {own ? time : `${message.user.shortname} · ${time}`}
        </Text>
      </Stack>
    </Group>
  );
}

function MessageBody({ message }: { message: string }) {
  const image = parseChatImageMessage(message);
  if (image) return <ChatImage path={image.path} name={image.name} />;
  const file = parseChatFileMessage(message);
  if (file) {
    const download = () => void fetchChatFile(file.path).then((blob) => saveBlob(blob, file.name));
    return (
      <Group gap={6} wrap="nowrap">
        <IconPaperclip size={16} aria-hidden />
        <Anchor component="button" type="button" size="sm" onClick={download}>
          {file.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {formatSize(file.size)}
        </Text>
      </Group>
    );
  }
  return <SafeHtml html={storedTextToHtml(message)} fz="sm" style={{ overflowWrap: 'anywhere' }} />;
}

const imageHeight = 160;

/** Images are served to the room's members only, so they are fetched with the token and shown from a blob. */
function ChatImage({ path, name }: { path: string; name: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    fetchChatFile(path).then(
      (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  // One height before and after loading, so a conversation scrolled to the bottom stays there.
  if (!url) return <Box w={160} h={imageHeight} bg="gray.2" aria-label={name} />;
  return <Image src={url} alt={name} h={imageHeight} w="auto" maw={260} fit="contain" radius="sm" />;
}
