import { ActionIcon, Alert, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { serverSoftwareInputSchema, type ServerSoftware } from '@switchboard/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useSaveServerSoftware, useServerSoftware } from './api/server-software.ts';

interface SoftwareRow {
  key: string;
  id: number | null;
  name: string;
}

let rowKeys = 0;
const rowsOf = (list: ServerSoftware[]): SoftwareRow[] =>
  list.map((entry) => ({ key: `software-${entry.id}`, id: entry.id, name: entry.name }));
const bodyOf = (rows: SoftwareRow[]) => ({
  software: rows.map((row) => (row.id === null ? { name: row.name } : { id: row.id, name: row.name })),
});

/**
 * A server's software list (issue 19), which backup strategies of source type Software pick from. Its own form
 * beside the device form: saved with its own button, kept rows keep their ids (decision 0050).
 */
export function ServerSoftwareCard({ deviceId }: { deviceId: number }) {
  const software = useServerSoftware(deviceId);
  return (
    <Card withBorder padding="lg">
      {software.isPending ? (
        <Loader size="sm" aria-label="Loading software" />
      ) : software.isError ? (
        <Alert color="red" variant="light" role="alert">
          The software list could not be loaded.
        </Alert>
      ) : (
        <SoftwareForm deviceId={deviceId} initial={software.data} />
      )}
    </Card>
  );
}

function SoftwareForm({ deviceId, initial }: { deviceId: number; initial: ServerSoftware[] }) {
  const save = useSaveServerSoftware(deviceId);
  const form = useForm<{ software: SoftwareRow[] }>({
    mode: 'controlled',
    initialValues: { software: rowsOf(initial) },
    validate: (values) => {
      const parsed = serverSoftwareInputSchema.safeParse(bodyOf(values.software));
      const errors: Record<string, string> = {};
      if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
      return errors;
    },
  });

  const submit = form.onSubmit((values) =>
    save.mutate(bodyOf(values.software), {
      onSuccess: (answer) => {
        form.setValues({ software: rowsOf(answer.data) });
        form.resetDirty({ software: rowsOf(answer.data) });
        notifications.show({ color: 'green', message: answer.message });
      },
      onError: (error) => {
        const { fields, message } = getFormErrors(error);
        if (Object.keys(fields).length > 0) form.setErrors(fields);
        notifications.show({ color: 'red', message });
      },
    }),
  );

  const rows = form.values.software;
  return (
    <form onSubmit={submit} noValidate aria-label="Software">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h5">
            Software
          </Title>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => form.insertListItem('software', { key: `new-${++rowKeys}`, id: null, name: '' })}
          >
            Add Software
          </Button>
        </Group>
        <Text c="dimmed" size="sm">
          Software installed on this server; backup strategies of type Software pick from this list.
        </Text>
        {form.errors.software ? (
          <Text c="red" size="sm" role="alert">
            {form.errors.software}
          </Text>
        ) : null}
        {rows.length === 0 ? (
          <Text c="dimmed" size="sm">
            No software listed yet.
          </Text>
        ) : null}
        {rows.map((row, index) => (
          <Group key={row.key} align="flex-start" wrap="nowrap">
            <TextInput
              label={`Software ${index + 1}`}
              maxLength={100}
              style={{ flex: 1 }}
              {...form.getInputProps(`software.${index}.name`)}
              error={form.errors[`software.${index}.name`] ?? form.errors[`software.${index}.id`]}
            />
            <ActionIcon
              mt={26}
              variant="subtle"
              color="red"
              aria-label={`Remove software ${index + 1}`}
              onClick={() => form.removeListItem('software', index)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
