import { AppShell, CloseButton, NavLink, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { NavIcon } from '../../components/nav-icon.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { buildSidebar, findActiveItemId, sectionForPath } from '../../lib/navigation.ts';
import classes from './shell.module.css';

/** Spec 1 §2.4, §2.5: the dark sidebar; its menu follows the section of the current path and the user's gates. */
export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const permissions = useAuth((s) => s.permissions);
  const userType = useAuth((s) => s.user?.type ?? 'Client');
  const groups = buildSidebar(sectionForPath(pathname), permissions, userType);
  const activeId = findActiveItemId(groups, pathname);

  return (
    <>
      <div className={classes.brandRow}>
        <Link to="/dashboard" className={classes.brand} onClick={onNavigate}>
          <ThemeIcon size={30} radius="md" variant="filled">
            <IconHeadset size={18} stroke={1.8} aria-hidden />
          </ThemeIcon>
          Switchboard
        </Link>
        {/* On small screens the open sidebar covers the top bar, so it carries its own close button. */}
        <CloseButton
          hiddenFrom="sm"
          onClick={onNavigate}
          aria-label="Close navigation"
          variant="transparent"
          c="gray.3"
          mr="sm"
        />
      </div>
      {/* The browser's own scrolling, thin: Mantine's ScrollArea would bring floating-ui to every page (decision 0063). */}
      <AppShell.Section grow className={classes.menu} px="xs" pb="md">
        {groups.map((group) => (
          <Stack key={group.id} gap={2} role="group" aria-label={group.label ?? undefined}>
            {group.label ? <Text className={classes.groupLabel}>{group.label}</Text> : null}
            {group.items.map((item) => (
              <NavLink
                key={item.id}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<NavIcon name={item.icon} />}
                active={item.id === activeId}
                aria-current={item.id === activeId ? 'page' : undefined}
                classNames={{ root: classes.link, label: classes.linkLabel }}
                onClick={onNavigate}
              />
            ))}
          </Stack>
        ))}
      </AppShell.Section>
    </>
  );
}
