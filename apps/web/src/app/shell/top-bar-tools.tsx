import { ActionIcon, Group } from '@mantine/core';
import { Tooltip } from '../../components/deferred-overlays.tsx';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TopBarNotices } from '../../components/top-bar-notices.tsx';
import { ChatPanelToggle } from '../../features/chat/chat-panel.tsx';
import { NotificationsMenu } from '../../features/notifications/notifications-menu.tsx';
import { GlobalSearch } from '../../features/search/global-search.tsx';
import { StatusMenu } from '../../features/timeclock/status-menu.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { loadSession } from '../../lib/session.ts';

/**
 * Spec 1 §2.4: the top-bar notices, search toggle, refresh, chat panel, notifications and the timeclock status.
 * Chat and the timeclock are staff tools (their calls are staff-only); a client account's search finds its own tickets.
 */
export function TopBarTools() {
  const isEmployee = useAuth((s) => s.user?.type === 'Employee');
  return (
    <Group gap={4} wrap="nowrap" data-slot="top-bar-tools">
      <TopBarNotices />
      <GlobalSearch scope={isEmployee ? 'staff' : 'client'} />
      <RefreshButton />
      {isEmployee ? <ChatPanelToggle /> : null}
      <NotificationsMenu />
      {isEmployee ? <StatusMenu /> : null}
    </Group>
  );
}

/** Reloads the signed-in user (permissions, settings, notifications) and the boot data, then what the page shows. */
function RefreshButton() {
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([loadSession(), queryClient.invalidateQueries()]);
    } catch {
      notifications.show({ color: 'red', message: 'An error occured.' });
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <Tooltip label="Refresh" openDelay={400}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label="Refresh"
        loading={refreshing}
        onClick={() => void refresh()}
      >
        <IconRefresh size={20} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
