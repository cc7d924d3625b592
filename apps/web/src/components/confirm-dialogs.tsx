import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';

/** The spec's warning dialog 'Failed!' with the error message (spec 1 §8, spec 2 §8). */
export function showFailedDialog(message: string): void {
  modals.open({
    title: (
      <Group gap="xs">
        <IconAlertTriangle color="var(--mantine-color-orange-6)" aria-hidden />
        <Text fw={600}>Failed!</Text>
      </Group>
    ),
    centered: true,
    children: (
      <Stack>
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.closeAll()}>OK</Button>
        </Group>
      </Stack>
    ),
  });
}

/** The spec's delete confirmation: a title, a text and a red confirm button ('Yes, delete it!'). */
export function confirmDelete(options: { title: string; text: string; confirm: string; onConfirm: () => void }): void {
  modals.openConfirmModal({
    title: <Text fw={600}>{options.title}</Text>,
    centered: true,
    children: <Text>{options.text}</Text>,
    labels: { confirm: options.confirm, cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: options.onConfirm,
  });
}
