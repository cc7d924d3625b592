import { Text } from '@mantine/core';

/** What a company tab shows until its feature is built: says so plainly, no sample data, no dead controls. */
export function TabUnavailable({ label }: { label: string }) {
  return (
    <Text c="dimmed" py="xl" ta="center">
      {label} is not available yet.
    </Text>
  );
}
