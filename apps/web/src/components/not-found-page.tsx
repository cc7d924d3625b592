import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/** Unknown paths (spec 1 §2): the not-found screen, inside the shell. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Center py={80}>
      <Stack align="center" gap="xs" ta="center">
        <Text fz={56} fw={700} c="dimmed" lh={1}>
          404
        </Text>
        <Title order={2}>Page not found</Title>
        <Text c="dimmed">
          There is no page at{' '}
          <Text span ff="monospace">
            {pathname}
          </Text>
          .
        </Text>
        <Anchor component={Link} to="/dashboard">
          Go to the dashboard
        </Anchor>
      </Stack>
    </Center>
  );
}
