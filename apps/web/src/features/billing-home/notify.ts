import { notifications } from '@mantine/notifications';
import { isApiError } from '../../lib/api-client.ts';

/** A run action's outcome as a toast: the server's message, or what failed (a 422's first field message first). */
export function notifyDone(
  answer: { message?: string; data?: { failed?: { id: number; message: string }[] } } | undefined,
  fallback: string,
): void {
  notifications.show({ color: 'green', message: answer?.message ?? fallback });
  const failed = answer?.data?.failed ?? [];
  if (failed.length > 0)
    notifications.show({
      color: 'red',
      title: `${failed.length} failed`,
      message: failed.map((failure) => `${failure.id}: ${failure.message}`).join('\n'),
    });
}

export function notifyFailed(error: unknown): void {
  const fieldMessage = isApiError(error) ? Object.values(error.errors ?? {})[0]?.[0] : undefined;
  const message = fieldMessage ?? (error instanceof Error ? error.message : 'An error occured.');
  notifications.show({ color: 'red', message });
}
