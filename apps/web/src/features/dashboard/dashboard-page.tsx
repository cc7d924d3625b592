import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { NavIcon } from '../../components/nav-icon.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { buildQuickLinks, type QuickLink as QuickLinkData } from '../../lib/navigation.ts';
import { HrTile } from './hr-tile.tsx';

/** A modest landing page: a greeting and the areas this user may open, from the same navigation data as the sidebar. */
export function DashboardPage() {
  const user = useAuth((s) => s.user);
  const permissions = useAuth((s) => s.permissions);
  if (!user) return null;
  const links = buildQuickLinks(permissions, user.type);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Welcome, {user.name}
        </Title>
        <Text c="dimmed">Where would you like to go?</Text>
      </div>
      {user.type === 'Employee' ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
          <HrTile />
        </SimpleGrid>
      ) : null}
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
        spacing="md"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {links.map((link) => (
          <li key={link.id}>
            <QuickLink link={link} />
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function QuickLink({ link }: { link: QuickLinkData }) {
  return (
    <UnstyledButton component={Link} to={link.to} w="100%" h="100%" style={{ display: 'block' }}>
      <Card withBorder padding="md" radius="md" h="100%">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={38} radius="md" variant="light">
            <NavIcon name={link.icon} size={20} />
          </ThemeIcon>
          <div>
            <Text fw={600}>{link.label}</Text>
            {link.group ? (
              <Text size="xs" c="dimmed">
                {link.group}
              </Text>
            ) : null}
          </div>
        </Group>
      </Card>
    </UnstyledButton>
  );
}
