import { Group } from '@mantine/core';

/**
 * The room in the top bar for search, refresh, chat, notifications and the timeclock status (spec 1 §2.4). They come
 * with their own issue; until then nothing is rendered here rather than buttons that would do nothing.
 */
export function TopBarTools() {
  return <Group gap={4} wrap="nowrap" data-slot="top-bar-tools" />;
}
