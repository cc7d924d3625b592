import { Badge, Group } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';

/** The top-bar notices of spec 1 §2.4; each clears after 10 seconds (spec 1 §9). */
export const topBarNoticeTexts = {
  profileUpdated: 'Profile Updated',
  permissionsUpdated: 'Permissions Updated',
  accountLocked: 'Account Locked',
  settingsUpdated: 'Settings Updated',
} as const;
export type TopBarNoticeText = (typeof topBarNoticeTexts)[keyof typeof topBarNoticeTexts];
export const noticeDurationMs = 10_000;

interface Notice {
  text: TopBarNoticeText;
  timer: ReturnType<typeof setTimeout>;
}

let notices: readonly Notice[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly Notice[]): void {
  notices = next;
  for (const listener of listeners) listener();
}

/** Shows a notice in the top bar for 10 seconds; showing it again while it is up restarts its 10 seconds. */
export function showTopBarNotice(text: TopBarNoticeText): void {
  const existing = notices.find((notice) => notice.text === text);
  if (existing) clearTimeout(existing.timer);
  const timer = setTimeout(() => publish(notices.filter((notice) => notice.timer !== timer)), noticeDurationMs);
  publish([...notices.filter((notice) => notice.text !== text), { text, timer }]);
}

/** Removes every notice (sign-out, tests). */
export function clearTopBarNotices(): void {
  for (const notice of notices) clearTimeout(notice.timer);
  publish([]);
}

export function useTopBarNotices(): readonly TopBarNoticeText[] {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => notices,
    () => notices,
  );
  return current.map((notice) => notice.text);
}

/** The notices currently up, announced politely to screen readers. */
export function TopBarNotices() {
  const texts = useTopBarNotices();
  return (
    <Group gap={4} wrap="nowrap" role="status" aria-live="polite" aria-label="Notices" data-testid="top-bar-notices">
      {texts.map((text) => (
        <Badge
          key={text}
          variant="light"
          color={text === 'Account Locked' ? 'red' : 'teal'}
          leftSection={<IconInfoCircle size={14} aria-hidden />}
          tt="none"
        >
          {text}
        </Badge>
      ))}
    </Group>
  );
}
