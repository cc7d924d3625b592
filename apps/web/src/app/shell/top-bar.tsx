import { ActionIcon, Burger, Button, Group } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth-store.ts';
import { buildSectionLinks, sectionForPath } from '../../lib/navigation.ts';
import { TopBarTools } from './top-bar-tools.tsx';
import { UserMenu } from './user-menu.tsx';

interface TopBarProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  mobileOpen: boolean;
  onToggleMobile: () => void;
}

/** Spec 1 §2.4: burger, section switch (employees), the tools slot and the user menu. */
export function TopBar({ sidebarOpen, onToggleSidebar, mobileOpen, onToggleMobile }: TopBarProps) {
  const { pathname } = useLocation();
  const permissions = useAuth((s) => s.permissions);
  const userType = useAuth((s) => s.user?.type ?? 'Client');
  const section = sectionForPath(pathname);
  const sections = buildSectionLinks(permissions, userType);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={onToggleSidebar}
          visibleFrom="sm"
          aria-label="Toggle sidebar"
          aria-expanded={sidebarOpen}
        >
          {sidebarOpen ? (
            <IconLayoutSidebarLeftCollapse size={20} aria-hidden />
          ) : (
            <IconLayoutSidebarLeftExpand size={20} aria-hidden />
          )}
        </ActionIcon>
        <Burger opened={mobileOpen} onClick={onToggleMobile} size="sm" hiddenFrom="sm" aria-label="Toggle navigation" />
        {sections.length > 0 ? (
          <Group gap={4} wrap="nowrap" aria-label="Sections" role="group" style={{ minWidth: 0, overflowX: 'auto' }}>
            {sections.map((link) => (
              <Button
                key={link.section}
                component={Link}
                to={link.to}
                size="compact-sm"
                variant={link.section === section ? 'light' : 'subtle'}
                color={link.section === section ? 'blue' : 'gray'}
                aria-current={link.section === section ? 'true' : undefined}
              >
                {link.label}
              </Button>
            ))}
          </Group>
        ) : null}
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        <TopBarTools />
        <UserMenu />
      </Group>
    </Group>
  );
}
