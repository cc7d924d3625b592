import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailForward, IconMailQuestion, IconPalette, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AreaUnavailablePage } from '../../components/area-unavailable-page.tsx';
import { useCurrentUser } from '../../lib/auth-store.ts';
import { outboxPath } from './outbox-paths.ts';

interface AdminPageLink {
  label: string;
  to: string;
  description: string;
  icon: ReactNode;
}

// The administrators' pages that exist today; the rest of the admin area comes with its own issues.
const adminPages: readonly AdminPageLink[] = [
  {
    label: 'Users',
    to: '/users',
    description: 'Staff sign-ins: add, edit and remove users.',
    icon: <IconUsers size={20} aria-hidden />,
  },
  {
    label: 'Outbox',
    to: outboxPath,
    description: 'Mail the app kept instead of sending: no SMTP server, or a failed delivery.',
    icon: <IconMailForward size={20} aria-hidden />,
  },
  {
    label: 'Held Mail',
    to: '/admin/held-mail',
    description: 'Mail received for no ticket from an unknown sender, kept for review.',
    icon: <IconMailQuestion size={20} aria-hidden />,
  },
  {
    label: 'Branding',
    to: '/admin/branding',
    description: 'Our name, contact lines, colour and logo on quotes and other documents.',
    icon: <IconPalette size={20} aria-hidden />,
  },
];

/**
 * The bare /admin (the sidebar's Settings, spec 1 §2.5): administrators get the list of the admin pages;
 * everyone else keeps the shared "not available yet" page until the settings area is built.
 */
export function AdminIndexPage() {
  const user = useCurrentUser();
  if (user?.role !== 'admin') return <AreaUnavailablePage />;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Settings
      </Title>
      <nav aria-label="Admin pages">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {adminPages.map((page) => (
            <Card key={page.to} withBorder component={Link} to={page.to} aria-label={page.label}>
              <Group wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size="lg" radius="md">
                  {page.icon}
                </ThemeIcon>
                <div>
                  <Text fw={600}>{page.label}</Text>
                  <Text size="sm" c="dimmed">
                    {page.description}
                  </Text>
                </div>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </nav>
    </Stack>
  );
}
