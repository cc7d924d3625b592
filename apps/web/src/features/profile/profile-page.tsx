import { Avatar, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBeach, IconDevices, IconSettings, IconShieldLock } from '@tabler/icons-react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../lib/auth-store.ts';
import { SessionsCard } from '../../components/sessions-card.tsx';
import { SettingsForm } from './components/settings-form.tsx';
import { TwoFactorCard } from './components/two-factor-card.tsx';

/** The views of /profile/{view?} (and /crm/profile, /billing/profile); settings when absent. */
export const profileViews = ['settings', 'twofactor', 'sessions'] as const;
export type ProfileView = (typeof profileViews)[number];

const isProfileView = (value: string | undefined): value is ProfileView => profileViews.includes(value as ProfileView);

/** The profile path without its view: /profile, /crm/profile or /billing/profile. */
function profileBase(pathname: string): string {
  const match = /^(\/(?:crm\/|billing\/)?profile)(?:\/|$)/.exec(pathname);
  return match ? match[1] : '/profile';
}

/** Spec 1 §2.1 /profile/{view?}: the signed-in user's settings, two-factor and sessions. */
export function ProfilePage() {
  const { view } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const base = profileBase(pathname);

  if (view !== undefined && !isProfileView(view)) return <Navigate to={base} replace />;
  const active: ProfileView = view ?? 'settings';

  return (
    <Stack gap="lg">
      <Group gap="md">
        <Avatar src={user?.photo ?? null} name={user?.name ?? ''} color="initials" size={56} alt="" />
        <div>
          <Title order={1} size="h2">
            My Profile
          </Title>
          <Text c="dimmed" size="sm">
            {user?.name} · {user?.email}
          </Text>
        </div>
        {user?.type === 'Employee' ? (
          // Self-service HR (designs/hr.md §8): balances, requests, forms and the anonymous channel for everyone.
          <Button
            component={Link}
            to="/profile/hr"
            variant="light"
            ml="auto"
            leftSection={<IconBeach size={16} aria-hidden />}
          >
            My HR
          </Button>
        ) : null}
      </Group>
      <Tabs
        value={active}
        onChange={(next) => {
          if (next && next !== active) void navigate(next === 'settings' ? base : `${base}/${next}`);
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="settings" leftSection={<IconSettings size={16} aria-hidden />}>
            Settings
          </Tabs.Tab>
          <Tabs.Tab value="twofactor" leftSection={<IconShieldLock size={16} aria-hidden />}>
            Two-Factor
          </Tabs.Tab>
          <Tabs.Tab value="sessions" leftSection={<IconDevices size={16} aria-hidden />}>
            Sessions
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="settings">
          <SettingsForm />
        </Tabs.Panel>
        <Tabs.Panel value="twofactor">
          <TwoFactorCard />
        </Tabs.Panel>
        <Tabs.Panel value="sessions">
          <SessionsCard />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
