import {
  MAX_READ_NOTIFICATIONS,
  MAX_UNREAD_NOTIFICATIONS,
  type NotificationListResponse,
  type Notification,
} from '@switchboard/shared';
import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { authStore } from '../../../lib/auth-store.ts';

export const notificationsQueryKey = ['notifications'] as const;

/**
 * The bell's list (spec 1 §2.4, §3.5): GET /api/notifications, newest unread first, then recent read ones. The
 * sign-in answer already carries it, so the first render has no wait.
 */
export const notificationsQueryOptions = queryOptions({
  queryKey: notificationsQueryKey,
  queryFn: async () => (await api.get<NotificationListResponse>('/api/notifications')).data,
  initialData: () => {
    const fromSession = authStore.getState().notifications;
    return fromSession.length > 0 ? [...fromSession] : undefined;
  },
  initialDataUpdatedAt: 0,
});

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}

/** Keeps at most 6 new (unread) entries and 6 read ones, newest first within each (spec 1 §3.5, §9). */
export function limitNotifications(list: readonly Notification[]): Notification[] {
  const unread = list.filter((entry) => entry.read_at === null).slice(0, MAX_UNREAD_NOTIFICATIONS);
  const read = list.filter((entry) => entry.read_at !== null).slice(0, MAX_READ_NOTIFICATIONS);
  return [...unread, ...read];
}

/** 'NotificationCreated' on the user's channel: the new entry goes on top of the bell. */
export async function addNotificationToCache(queryClient: QueryClient, payload: unknown): Promise<void> {
  // The event carries the notification itself; `{ notification }` is accepted too.
  const candidate =
    payload && typeof payload === 'object' && 'notification' in payload
      ? (payload as { notification: unknown }).notification
      : payload;
  // zod is loaded with the first event, not with the shell (decision 0029).
  const { notificationSchema } = await import('@switchboard/shared/notifications');
  const parsed = notificationSchema.safeParse(candidate);
  if (!parsed.success) return;
  queryClient.setQueryData<Notification[]>(notificationsQueryKey, (current = []) =>
    limitNotifications([parsed.data, ...current.filter((entry) => entry.id !== parsed.data.id)]),
  );
}

export function markNotificationsReadInCache(queryClient: QueryClient, ids: readonly number[], readAt: string): void {
  queryClient.setQueryData<Notification[]>(notificationsQueryKey, (current) =>
    current?.map((entry) => (ids.includes(entry.id) && entry.read_at === null ? { ...entry, read_at: readAt } : entry)),
  );
}

/** POST /api/notifications/read {notifications}: opening the bell marks what it shows as read (spec 1 §4). */
export function useMarkNotificationsRead(queryClient: QueryClient) {
  return useMutation({
    mutationFn: (ids: number[]) => api.post<{ message: string }>('/api/notifications/read', { notifications: ids }),
    onSuccess: (_answer, ids) => markNotificationsReadInCache(queryClient, ids, new Date().toISOString()),
  });
}
