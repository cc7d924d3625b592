import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { Menu } from '../../components/deferred-overlays.tsx';
import { IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/auth-store.ts';
import { profilePathFor, sectionForPath } from '../../lib/navigation.ts';

/** Spec 1 §2.4: the user menu with My Profile (by current section) and Logout. */
export function UserMenu() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  if (!user) return null;
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label="User menu" px="xs" py={4} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={user.photo} name={user.name} size={30} color="initials" alt="" />
            <Text size="sm" fw={500} visibleFrom="xs" truncate maw={180}>
              {user.name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item
          component={Link}
          to={profilePathFor(sectionForPath(pathname))}
          leftSection={<IconUser size={16} aria-hidden />}
        >
          My Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/logout" leftSection={<IconLogout size={16} aria-hidden />}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
