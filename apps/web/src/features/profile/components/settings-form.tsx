import {
  Alert,
  Button,
  ColorInput,
  Group,
  Loader,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  TICKET_SUBJECT_LENGTH_MAX,
  TICKET_SUBJECT_LENGTH_MIN,
  userSettingsSchema,
  type UserSettings,
} from '@switchboard/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { useSettings, useUpdateSettings } from '../api/settings.ts';

/** The settings this form edits (spec 1 §3.2); CRM ones (load status, default voicemail) belong to the CRM screens. */
const editableSettingsSchema = userSettingsSchema.pick({
  dark_mode: true,
  font_size: true,
  ticket_subject_length: true,
  default_login_url: true,
  expand_sidebar: true,
  ticket_new_window: true,
  return_to_queue: true,
  pdf_tab: true,
  pagination_scroll: true,
  highlight_color: true,
});
type EditableSettings = Pick<UserSettings, keyof typeof editableSettingsSchema.shape>;

const switches: { field: keyof EditableSettings; label: string; description: string }[] = [
  { field: 'dark_mode', label: 'Dark Mode', description: 'Use the dark colour scheme.' },
  { field: 'expand_sidebar', label: 'Expand Sidebar', description: 'Keep the sidebar open.' },
  {
    field: 'ticket_new_window',
    label: 'Open Tickets In A New Window',
    description: 'Tickets open in a new browser tab.',
  },
  {
    field: 'return_to_queue',
    label: 'Return To Queue',
    description: 'Go back to the ticket queue after saving a ticket.',
  },
  {
    field: 'pdf_tab',
    label: 'Open PDFs In A New Tab',
    description: 'PDFs open in a new browser tab instead of the viewer.',
  },
  {
    field: 'pagination_scroll',
    label: 'Pagination Scroll',
    description: 'Scroll to the top of a list when changing its page.',
  },
];

function pickEditable(settings: UserSettings): EditableSettings {
  return editableSettingsSchema.parse(settings);
}

/** Spec 1 §3.2, issue 4 part 3: the user's own display settings; Save shows the server's 'Settings Updated'. */
export function SettingsForm() {
  const settings = useSettings();
  const update = useUpdateSettings();

  const form = useForm<EditableSettings>({
    mode: 'controlled',
    initialValues: {
      dark_mode: false,
      font_size: 100,
      ticket_subject_length: 60,
      default_login_url: '/dashboard',
      expand_sidebar: true,
      ticket_new_window: false,
      return_to_queue: false,
      pdf_tab: false,
      pagination_scroll: false,
      highlight_color: '#fff3bf',
    },
    validate: schemaResolver(editableSettingsSchema, { sync: true }),
  });

  // Load the stored values once (and again after a save answers them).
  const loaded = settings.data;
  useEffect(() => {
    if (!loaded) return;
    const values = pickEditable(loaded);
    form.setValues(values);
    form.resetDirty(values);
    // form is stable; only new data should reset it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  if (settings.isPending) return <Loader aria-label="Loading settings" />;
  if (settings.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
        {getFormErrors(settings.error).message}
      </Alert>
    );
  }

  const submit = form.onSubmit((values) => {
    update.mutate(editableSettingsSchema.parse(values), {
      onSuccess: (response) => notifications.show({ color: 'green', message: response.message }),
      onError: (error) => {
        const { fields } = getFormErrors(error);
        form.setErrors(fields);
        notifications.show({ color: 'red', message: 'An error occured.' });
      },
    });
  });

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Title order={2} size="h4">
            Settings
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <NumberInput
              label="Font Size"
              description={`Percent of the normal size (${FONT_SIZE_MIN}-${FONT_SIZE_MAX}).`}
              suffix="%"
              min={FONT_SIZE_MIN}
              max={FONT_SIZE_MAX}
              step={5}
              allowDecimal={false}
              {...form.getInputProps('font_size')}
            />
            <NumberInput
              label="Ticket Subject Length"
              description={`Characters of a ticket subject shown in lists (${TICKET_SUBJECT_LENGTH_MIN}-${TICKET_SUBJECT_LENGTH_MAX}).`}
              min={TICKET_SUBJECT_LENGTH_MIN}
              max={TICKET_SUBJECT_LENGTH_MAX}
              allowDecimal={false}
              {...form.getInputProps('ticket_subject_length')}
            />
            <TextInput
              label="Default Login URL"
              description="Where you land after signing in, e.g. /dashboard or /tickets."
              {...form.getInputProps('default_login_url')}
            />
            <ColorInput
              label="Highlight Color"
              description="Colour used to highlight rows."
              format="hex"
              swatches={['#fff3bf', '#d3f9d8', '#d0ebff', '#ffe3e3', '#f3d9fa', '#e9ecef']}
              {...form.getInputProps('highlight_color')}
            />
          </SimpleGrid>
          <Stack gap="sm">
            {switches.map(({ field, label, description }) => (
              <Switch
                key={field}
                label={label}
                description={description}
                {...form.getInputProps(field, { type: 'checkbox' })}
              />
            ))}
          </Stack>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {form.isDirty() ? 'You have unsaved changes.' : null}
            </Text>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
