import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAdjustments,
  IconDevices,
  IconMailForward,
  IconMailQuestion,
  IconPalette,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
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

// What Settings holds for every employee (spec 1 §2.4, §3.2: the user settings drive dark mode, font size and the
// sidebar): one's own settings, two-factor and sessions, which live on My Profile (decision 0075).
const personalPages: readonly AdminPageLink[] = [
  {
    label: 'My Settings',
    to: '/profile',
    description: 'Dark mode, font size, sidebar, the page after sign-in and how tickets open.',
    icon: <IconAdjustments size={20} aria-hidden />,
  },
  {
    label: 'Two-Factor',
    to: '/profile/twofactor',
    description: 'Turn the sign-in code from an authenticator app on or off.',
    icon: <IconShieldLock size={20} aria-hidden />,
  },
  {
    label: 'Sessions',
    to: '/profile/sessions',
    description: 'Where you are signed in, and signing out the others.',
    icon: <IconDevices size={20} aria-hidden />,
  },
];

/**
 * The bare /admin (the sidebar's Settings, spec 1 §2.5, shown to every employee): everyone gets their own settings;
 * administrators also get the list of the admin pages. It never leads to a "not available yet" page (decision 0075).
 */
export function AdminIndexPage() {
  const user = useCurrentUser();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Settings
      </Title>
      <PageLinks label="Your settings" pages={personalPages} />
      {user?.role === 'admin' ? <PageLinks label="Admin pages" pages={adminPages} /> : null}
    </Stack>
  );
}

function PageLinks({ label, pages }: { label: string; pages: readonly AdminPageLink[] }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {label}
      </Title>
      <nav aria-label={label}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {pages.map((page) => (
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
