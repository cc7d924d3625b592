import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  anonCategoryLabels,
  anonLookupInputSchema,
  anonReporterReplyInputSchema,
  anonStatusLabels,
  type AnonLookup,
  type AnonMessage,
} from '@switchboard/shared/hr/anon';
import { useState, type FormEvent } from 'react';
import { contractMessages, shownMessages, type FieldMessages } from '../../../components/billing-form-parts.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAnswerAsReporter, useLookupAnonReport } from '../api/anon.ts';

// "Check a report" (designs/hr.md §4): the code is posted in the body (never put in a URL) and the page shows the
// report, HR's answers and the reporter's own, with dates only, and lets the reporter answer.

export function CheckReport() {
  const lookup = useLookupAnonReport();
  const answer = useAnswerAsReporter();
  const [code, setCode] = useState('');
  const [reply, setReply] = useState('');
  const [local, setLocal] = useState<FieldMessages>({});
  const [report, setReport] = useState<AnonLookup | null>(null);
  const [openedWith, setOpenedWith] = useState('');

  const open = (event: FormEvent) => {
    event.preventDefault();
    const messages = contractMessages(anonLookupInputSchema.safeParse({ code }));
    setLocal(messages ?? {});
    if (messages) return;
    lookup.mutate(code, {
      onSuccess: (found) => {
        setReport(found.data);
        setOpenedWith(code);
      },
      onError: () => setReport(null),
    });
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    const messages = contractMessages(anonReporterReplyInputSchema.safeParse({ code: openedWith, body: reply }));
    setLocal(messages ?? {});
    if (messages) return;
    answer.mutate(
      { code: openedWith, body: reply },
      {
        onSuccess: (saved) => {
          setReport(saved.data);
          setReply('');
        },
      },
    );
  };

  const lookupErrors = shownMessages(local, lookup.error);
  const answerErrors = shownMessages(local, answer.error);
  const serverMessage = (error: unknown) =>
    error && (!isApiError(error) || !error.errors) ? (isApiError(error) ? error.message : 'An error occured.') : null;

  return (
    <Stack gap="md" maw={720}>
      <Stack component="form" onSubmit={open} gap="sm">
        <TextInput
          label="Reply code"
          description="The 20 characters you were given when you sent the report."
          autoComplete="off"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={lookupErrors.code?.[0]}
        />
        {serverMessage(lookup.error) ? <Alert color="red">{serverMessage(lookup.error)}</Alert> : null}
        <Group>
          <Button type="submit" loading={lookup.isPending}>
            Open report
          </Button>
        </Group>
      </Stack>

      {report ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={3}>{report.subject}</Title>
              <Badge>{anonStatusLabels[report.status]}</Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {anonCategoryLabels[report.category]} · sent {report.received_on}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{report.body}</Text>
            <Title order={4}>Answers</Title>
            {report.messages.length === 0 ? <Text c="dimmed">No answers yet.</Text> : null}
            {report.messages.map((message) => (
              <ThreadMessage key={message.id} message={message} />
            ))}
            <Stack component="form" onSubmit={send} gap="sm">
              <Textarea
                label="Your answer"
                description="HR sees it at the next release time."
                autosize
                minRows={3}
                value={reply}
                onChange={(event) => setReply(event.currentTarget.value)}
                error={answerErrors.body?.[0]}
              />
              {serverMessage(answer.error) ? <Alert color="red">{serverMessage(answer.error)}</Alert> : null}
              <Group>
                <Button type="submit" loading={answer.isPending}>
                  Send answer
                </Button>
              </Group>
            </Stack>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

function ThreadMessage({ message }: { message: AnonMessage }) {
  return (
    <Paper withBorder p="sm" bg={message.from_reporter ? undefined : 'var(--mantine-color-blue-light)'}>
      <Text size="xs" c="dimmed">
        {message.from_reporter ? 'You' : 'HR'} · {message.created_on}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{message.body}</Text>
    </Paper>
  );
}
