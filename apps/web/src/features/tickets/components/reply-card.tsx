import { Button, Card, FileInput, Group, Stack, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ticketReplyInputSchema, ticketSaveFailedMessage } from '@switchboard/shared';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { ticketCalls, useTicketAction } from '../api/tickets.ts';

/** A client account's reply on its ticket (issue 15 part 2): joins the thread, with files; staff see it live. */
export function ReplyCard({ ticketId }: { ticketId: number }) {
  const reply = useTicketAction(ticketId, ticketCalls.reply(ticketId));
  const [response, setResponse] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | undefined>();

  const send = () => {
    const checked = ticketReplyInputSchema.shape.response.safeParse(response);
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    reply.mutate(
      { response, files },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          setError(undefined);
          setResponse('');
          setFiles([]);
        },
        onError: (failure) => {
          const { fields } = getFormErrors(failure);
          const shownBeside = fields.response ?? fields.attachment;
          setError(shownBeside);
          if (!shownBeside) notifications.show({ color: 'red', message: ticketSaveFailedMessage });
        },
      },
    );
  };

  return (
    <Card withBorder padding="md" role="group" aria-label="Reply">
      <Title order={2} size="h4" mb="xs">
        Reply
      </Title>
      <Stack gap="xs">
        <Textarea
          label="Your reply"
          autosize
          minRows={4}
          value={response}
          onChange={(event) => setResponse(event.currentTarget.value)}
          error={error}
        />
        <Group align="flex-end" wrap="nowrap">
          <FileInput
            style={{ flex: 1 }}
            aria-label="Reply attachments"
            placeholder="Attach files"
            multiple
            clearable
            value={files}
            onChange={setFiles}
            leftSection={<IconPaperclip size={14} aria-hidden />}
          />
          <Button leftSection={<IconSend size={16} aria-hidden />} onClick={send} loading={reply.isPending}>
            Send Reply
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
