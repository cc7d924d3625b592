import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { useMatches } from 'react-router';
import { routeHandle } from '../lib/route-access.ts';

/**
 * The one page every not-yet-built area shares: it names the area (from the route map) and says so plainly,
 * with no sample data and no controls that would do nothing.
 */
export function AreaUnavailablePage() {
  const matches = useMatches();
  const areaName =
    [...matches]
      .reverse()
      .map(routeHandle)
      .find((handle) => handle.area)?.area ?? 'This area';
  return (
    <Center py={80}>
      <Stack align="center" gap="xs" ta="center" maw={520}>
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconHammer size={28} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Title order={2}>{areaName}</Title>
        <Text c="dimmed">{areaName} is not available yet.</Text>
      </Stack>
    </Center>
  );
}
