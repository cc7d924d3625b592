import { ActionIcon, Alert, Anchor, Button, Card, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { exchangeFailedMessage, type ExchangeAttachment } from '@switchboard/shared';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PageLoader } from '../../components/page-loader.tsx';
import { RichTextEditor } from '../../components/rich-text-editor.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { downloadStoredFile } from '../../lib/download.ts';
import { useDeleteExchangeAttachment, useExchange, useSaveExchange } from './api/maintenance.ts';
import { ChecklistHeader } from './components/checklist-header.tsx';
import { headerOf, useChecklistTarget } from './maintenance-paths.ts';

type Kind = 'resolution' | 'notes';

function Attachments({
  files,
  kind,
  onDelete,
}: {
  files: ExchangeAttachment[];
  kind: Kind;
  onDelete: (kind: Kind, file: ExchangeAttachment) => void;
}) {
  if (files.length === 0) return null;
  return (
    <Stack gap={4} role="list" aria-label={`${kind === 'resolution' ? 'Resolution' : 'Notes'} attachments`}>
      {files.map((file) => (
        <Group key={file.id} gap="xs" role="listitem" aria-label={file.file_name}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => void downloadStoredFile(file.file, file.file_name)}
          >
            {file.file_name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {file.user?.name ?? ''} · {new Date(file.created_at).toLocaleDateString()}
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            aria-label={`Delete ${file.file_name}`}
            onClick={() => onDelete(kind, file)}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}

/** Spec 2 §2 Exchange Analyzer: rich-text resolution and notes with attachments; edit mode once data loads. */
export function ExchangePage() {
  const target = useChecklistTarget();
  const exchange = useExchange(target.ticketId);
  const save = useSaveExchange(exchange.data?.exchange_id ?? null);
  const remove = useDeleteExchangeAttachment(target.ticketId);
  const [resolution, setResolution] = useState('');
  const [notes, setNotes] = useState('');
  const [files, setFiles] = useState<Record<Kind, File[]>>({ resolution: [], notes: [] });
  const editing = Boolean(exchange.data);
  // A 422's messages by field (spec 2 §8: server errors appear per field).
  const [errors, setErrors] = useState<Record<string, string>>({});

  const loaded = exchange.data;
  useEffect(() => {
    if (!loaded) return;
    setResolution(loaded.resolution);
    setNotes(loaded.notes);
  }, [loaded]);

  const submit = () => {
    const form = new FormData();
    // Spec 2 §3: an update names the record and its ticket; a new one carries the checklist header.
    const fields = loaded ? { exchange_id: loaded.exchange_id, ticket_id: loaded.ticket_id } : headerOf(target);
    for (const [key, value] of Object.entries(fields)) form.append(key, value === null ? '' : String(value));
    form.append('resolution', resolution);
    form.append('notes', notes);
    (['resolution', 'notes'] as const).forEach((kind) =>
      files[kind].forEach((file, index) => form.append(`${kind}_attachments[${index}]`, file, file.name)),
    );
    save.mutate(form, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message });
        setFiles({ resolution: [], notes: [] });
        setErrors({});
      },
      // Spec 2 §8: exchange save or update failure, with a 422's messages under their fields.
      onError: (error) => {
        setErrors(isApiError(error) && error.status === 422 ? getFormErrors(error).fields : {});
        notifications.show({ color: 'red', message: exchangeFailedMessage });
      },
    });
  };
  const deleteFile = (kind: Kind, file: ExchangeAttachment) =>
    remove.mutate(
      { kind, id: file.id },
      {
        onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
        onError: (error) =>
          notifications.show({ color: 'red', message: isApiError(error) ? error.message : exchangeFailedMessage }),
      },
    );

  if (exchange.isPending) return <PageLoader label="Loading exchange analysis" />;
  const fileErrorOf = (kind: Kind) =>
    Object.entries(errors).find(([field]) => field.startsWith(`${kind}_attachments`))?.[1];
  const otherErrors = Object.entries(errors).filter(([field]) => !/^(resolution|notes)(_attachments.*)?$/.test(field));
  const section = (kind: Kind, title: string, value: string, onChange: (html: string) => void) => (
    <Card withBorder padding="md" role="region" aria-label={title}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      <RichTextEditor label={title} value={value} onChange={onChange} />
      {errors[kind] && (
        <Text size="sm" c="red" mt={4}>
          {errors[kind]}
        </Text>
      )}
      <Stack gap="xs" mt="sm">
        <Attachments files={exchange.data?.[`${kind}_attachments`] ?? []} kind={kind} onDelete={deleteFile} />
        <FileInput
          multiple
          clearable
          label={`${title} Attachments`}
          placeholder="Choose files"
          value={files[kind]}
          error={fileErrorOf(kind)}
          onChange={(chosen) => setFiles((current) => ({ ...current, [kind]: chosen }))}
        />
      </Stack>
    </Card>
  );
  return (
    <Stack gap="md" maw={1000}>
      <ChecklistHeader
        title="Exchange Analyzer"
        ticketId={target.ticketId}
        companyId={target.companyId}
        onRecordUpdated={() => void exchange.refetch()}
      />
      {otherErrors.length > 0 && (
        <Alert color="red" variant="light" role="alert">
          {otherErrors.map(([field, message]) => (
            <Text key={field} size="sm">
              {message}
            </Text>
          ))}
        </Alert>
      )}
      {section('resolution', 'Resolution', resolution, setResolution)}
      {section('notes', 'Notes', notes, setNotes)}
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending}>
          {editing ? 'Update' : 'Save'}
        </Button>
      </Group>
    </Stack>
  );
}
