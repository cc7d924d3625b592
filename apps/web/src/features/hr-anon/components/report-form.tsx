import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  List,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  anonBodyMax,
  anonCategories,
  anonCategoryLabels,
  anonReportInputSchema,
  formatReplyCode,
  type AnonCategory,
} from '@switchboard/shared/hr/anon';
import { useEffect, useState, type FormEvent } from 'react';
import { contractMessages, shownMessages, type FieldMessages } from '../../../components/billing-form-parts.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useSubmitAnonReport } from '../api/anon.ts';

// The report form (designs/hr.md §4): no attachments (files carry their author), the readers named with the choice to
// leave some out while one remains, and the warnings; the reply code is shown once and kept until the reporter says
// they saved it.

const count = (value: number) => value.toLocaleString('en-US');
const categoryOptions = anonCategories.map((value) => ({ value, label: anonCategoryLabels[value] }));

export function ReportForm({ readers }: { readers: { id: number; name: string }[] }) {
  const submit = useSubmitAnonReport();
  const [category, setCategory] = useState<AnonCategory | null>(null);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [contact, setContact] = useState('');
  const [excluded, setExcluded] = useState<string[]>([]);
  const [wantCode, setWantCode] = useState(true);
  const [local, setLocal] = useState<FieldMessages>({});
  const [sent, setSent] = useState<{ code: string | null } | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      category: category ?? '',
      subject,
      body,
      contact,
      excluded_reader_ids: excluded.map(Number),
      want_reply_code: wantCode,
    };
    const messages = contractMessages(anonReportInputSchema.safeParse(input));
    setLocal(messages ?? {});
    if (messages) return;
    submit.mutate(input as Parameters<typeof submit.mutate>[0], {
      onSuccess: (answer) => {
        setSent({ code: answer.reply_code });
        setCategory(null);
        setSubject('');
        setBody('');
        setContact('');
        setExcluded([]);
      },
    });
  };

  if (sent) return <Sent code={sent.code} onDone={() => setSent(null)} />;

  const errors = shownMessages(local, submit.error);
  const first = (field: string) => errors[field]?.[0];
  const readerOptions = readers.map((reader) => ({ value: String(reader.id), label: reader.name }));

  return (
    <Stack component="form" onSubmit={onSubmit} gap="md" maw={720}>
      <Alert color="yellow" title="Before you write">
        <List size="sm" spacing={4}>
          <List.Item>
            Nobody learns who sent a report: it is sent without your sign-in, and no address or time is stored.
          </List.Item>
          <List.Item>Your writing style and the details you give can still identify you.</List.Item>
          <List.Item>
            Reports reach the readers at the next release time (on working days), and are read on working days.
          </List.Item>
          <List.Item>In an emergency, call 911.</List.Item>
        </List>
      </Alert>
      <Text size="sm">
        Read by: {readers.length > 0 ? readers.map((reader) => reader.name).join(', ') : 'nobody yet'}
      </Text>
      <Select
        label="Category"
        withAsterisk
        data={categoryOptions}
        value={category}
        onChange={(value) => setCategory(value as AnonCategory | null)}
        error={first('category')}
      />
      <TextInput
        label="Subject"
        withAsterisk
        maxLength={200}
        value={subject}
        onChange={(event) => setSubject(event.currentTarget.value)}
        error={first('subject')}
      />
      <Textarea
        label="Message"
        description={`Plain text, up to ${count(anonBodyMax)} characters (${count(body.length)} used).`}
        withAsterisk
        autosize
        minRows={6}
        maxLength={anonBodyMax}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        error={first('body')}
      />
      <TextInput
        label="Contact (optional)"
        description="Only if you want to be contacted. Anything you write here can identify you."
        maxLength={300}
        value={contact}
        onChange={(event) => setContact(event.currentTarget.value)}
        error={first('contact')}
      />
      <MultiSelect
        label="Don't show this report to:"
        description="At least one reader must remain."
        data={readerOptions.map((option) => ({
          ...option,
          // The last reader left cannot be excluded too.
          disabled: !excluded.includes(option.value) && excluded.length >= readers.length - 1,
        }))}
        value={excluded}
        onChange={setExcluded}
        clearable
        error={first('excluded_reader_ids')}
      />
      <Switch
        label="Give me a reply code"
        description="With a code you can read HR's answers and reply, here, without signing in."
        checked={wantCode}
        onChange={(event) => setWantCode(event.currentTarget.checked)}
      />
      {submit.error && (!isApiError(submit.error) || !submit.error.errors) ? (
        <Alert color="red">{isApiError(submit.error) ? submit.error.message : 'An error occured.'}</Alert>
      ) : null}
      <Group>
        <Button type="submit" loading={submit.isPending} disabled={readers.length === 0}>
          Send report
        </Button>
      </Group>
    </Stack>
  );
}

function Sent({ code, onDone }: { code: string | null; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  // Leaving before saving the code loses it for good: the browser asks first.
  useEffect(() => {
    if (!code || saved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [code, saved]);

  return (
    <Paper withBorder p="lg" maw={720}>
      <Stack>
        <Title order={3}>Your report was sent.</Title>
        {code ? (
          <>
            <Text>
              This is your reply code. It is shown only now: nobody, HR included, can show it to you again. Use it under
              "Check a report" to read answers and reply.
            </Text>
            <Code block fz="xl" data-testid="reply-code">
              {formatReplyCode(code)}
            </Code>
            <Group>
              <CopyButton value={formatReplyCode(code)}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy code'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Checkbox
              label="I have saved my code"
              checked={saved}
              onChange={(event) => setSaved(event.currentTarget.checked)}
            />
          </>
        ) : (
          <Text>You asked for no reply code, so HR cannot answer this report.</Text>
        )}
        <Group>
          <Button onClick={onDone} disabled={code !== null && !saved}>
            Done
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
