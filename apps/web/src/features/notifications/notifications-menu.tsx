import { ActionIcon, Box, Group, Indicator, Text } from '@mantine/core';
import {
  NOTIFICATION_ANONYMOUS_REPORT,
  NOTIFICATION_ASSIGNED_TICKET,
  NOTIFICATION_HR_FORM,
  NOTIFICATION_HR_REQUEST,
  NOTIFICATION_INTERVIEW,
  type Notification,
} from '@switchboard/shared';
import { IconBell, IconTicket } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Menu, ScrollArea, Tooltip } from '../../components/deferred-overlays.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { useMarkNotificationsRead, useNotifications } from './api/notifications.ts';

export const noNotificationsText = 'No Notifications';

// Where each type with an id leads (spec 1 §2.4; designs/hr.md §2.7).
const targetsById: Partial<Record<string, (id: string) => string>> = {
  [NOTIFICATION_ASSIGNED_TICKET]: (id) => `/ticket/${id}`,
  [NOTIFICATION_HR_REQUEST]: (id) => `/hr/requests?request=${id}`,
  [NOTIFICATION_HR_FORM]: (id) => `/hr/forms?form=${id}`,
  [NOTIFICATION_INTERVIEW]: (id) => `/hr/jobs?applicant=${id}`,
};

/** Where a notification leads: an 'Assigned Ticket' opens /ticket/{number_details} (spec 1 §2.4). */
export function notificationTarget(notification: Notification): string | null {
  if (notification.type === NOTIFICATION_ANONYMOUS_REPORT) return '/hr/anonemail';
  const target = targetsById[notification.type];
  const id = notification.number_details;
  return target && id && /^\d+$/.test(id) ? target(id) : null;
}

function describe(notification: Notification): string {
  if (notification.type === NOTIFICATION_ASSIGNED_TICKET && notification.number_details) {
    return `Ticket #${notification.number_details} was assigned to you`;
  }
  // Says nothing about the report: the bell is no place for its text (designs/hr.md §4).
  if (notification.type === NOTIFICATION_ANONYMOUS_REPORT) return 'New anonymous report';
  return notification.number_details ? `${notification.type} #${notification.number_details}` : notification.type;
}

/** Spec 1 §2.4: the bell. Opening it marks its unread entries read; those stay marked "new" until it closes. */
export function NotificationsMenu() {
  const queryClient = useQueryClient();
  const { data: notifications = [] } = useNotifications();
  const markRead = useMarkNotificationsRead(queryClient);
  const [freshIds, setFreshIds] = useState<readonly number[]>([]);
  const unread = notifications.filter((entry) => entry.read_at === null);

  const open = () => {
    const ids = unread.map((entry) => entry.id);
    setFreshIds(ids);
    if (ids.length > 0) markRead.mutate(ids);
  };

  return (
    <Menu position="bottom-end" width={340} shadow="md" onOpen={open} onClose={() => setFreshIds([])}>
      <Menu.Target>
        <Tooltip label="Notifications" openDelay={400}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Notifications">
            <Indicator disabled={unread.length === 0} label={unread.length} size={16} offset={2} color="red">
              <IconBell size={20} aria-hidden />
            </Indicator>
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Notifications</Menu.Label>
        {notifications.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md" data-testid="no-notifications">
            {noNotificationsText}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360} type="auto">
            {notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                fresh={freshIds.includes(notification.id)}
              />
            ))}
          </ScrollArea.Autosize>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function NotificationItem({ notification, fresh }: { notification: Notification; fresh: boolean }) {
  const target = notificationTarget(notification);
  const content = (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Box pt={2}>
        <IconTicket size={18} aria-hidden />
      </Box>
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={fresh ? 600 : 400} lineClamp={2}>
          {describe(notification)}
        </Text>
        <Text size="xs" c="dimmed">
          <RelativeTime value={notification.created_at} />
          {fresh ? ' · New' : ''}
        </Text>
      </div>
    </Group>
  );
  if (target) {
    return (
      <Menu.Item component={Link} to={target} data-notification-id={notification.id}>
        {content}
      </Menu.Item>
    );
  }
  return (
    <Menu.Item data-notification-id={notification.id} closeMenuOnClick>
      {content}
    </Menu.Item>
  );
}
