import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

export const noPermissionMessage = 'You do not have permission to view this page.';

/** Spec 1 §2.4 / §8: what a gated page shows to a user without its permission. */
export function NoPermission() {
  return (
    <Center py={80}>
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconLock size={28} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Text fw={500}>{noPermissionMessage}</Text>
      </Stack>
    </Center>
  );
}
