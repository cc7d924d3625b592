import { ActionIcon, Button, CloseButton, FileButton, Group, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip, IconPhoto, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useSendMessage } from '../api/chat.ts';

const imageAccept = 'image/png,image/jpeg,image/gif,image/webp';

/** The message form (shown only when a room is open): text, several images and several attachments. */
export function ChatMessageForm({ roomId }: { roomId: number }) {
  const [message, setMessage] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [attachments, setAttachments] = useState<File[]>([]);
  const send = useSendMessage();
  const empty = !message.trim() && images.length === 0 && attachments.length === 0;

  const submit = () => {
    if (empty || send.isPending) return;
    send.mutate(
      { roomId, message: message.trim() ? message : '', images, attachments },
      {
        onSuccess: () => {
          setMessage('');
          setImages([]);
          setAttachments([]);
        },
        onError: () => notifications.show({ color: 'red', message: 'An error occured.' }),
      },
    );
  };

  const chosen = [
    ...images.map((file, index) => ({ file, remove: () => setImages(images.filter((_, i) => i !== index)) })),
    ...attachments.map((file, index) => ({
      file,
      remove: () => setAttachments(attachments.filter((_, i) => i !== index)),
    })),
  ];

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      aria-label="Send a message"
    >
      <Stack gap={4}>
        {chosen.length > 0 ? (
          <Group gap={6} data-testid="chat-chosen-files">
            {chosen.map(({ file, remove }, index) => (
              <Group key={`${file.name}-${index}`} gap={2} wrap="nowrap">
                <Text size="xs" truncate maw={160}>
                  {file.name}
                </Text>
                <CloseButton size="xs" aria-label={`Remove ${file.name}`} onClick={remove} />
              </Group>
            ))}
          </Group>
        ) : null}
        <Group gap={6} align="flex-end" wrap="nowrap">
          <FileButton multiple accept={imageAccept} onChange={(files) => setImages([...images, ...files])}>
            {(props) => (
              <Tooltip label="Images" openDelay={400}>
                <ActionIcon {...props} variant="subtle" color="gray" size="lg" aria-label="Add images">
                  <IconPhoto size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
          <FileButton multiple onChange={(files) => setAttachments([...attachments, ...files])}>
            {(props) => (
              <Tooltip label="Attachments" openDelay={400}>
                <ActionIcon {...props} variant="subtle" color="gray" size="lg" aria-label="Add attachments">
                  <IconPaperclip size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
          <Textarea
            style={{ flex: 1 }}
            autosize
            minRows={1}
            maxRows={5}
            placeholder="Type a message"
            aria-label="Message"
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Enter sends; Shift+Enter starts a new line.
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                submit();
              }
            }}
          />
          <Button
            type="submit"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={send.isPending}
            disabled={empty}
          >
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
