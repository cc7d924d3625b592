import { Badge } from '@mantine/core';

// Spec 1 §6, spec 3 §6: the current user's own items are marked 'You', in every list, select and presence row.
export const youLabel = 'You';

/** The 'You' marker beside the signed-in user's name in a list row. */
export function YouBadge() {
  return (
    <Badge size="xs" variant="outline" tt="none">
      {youLabel}
    </Badge>
  );
}

/** A select option's label: the name, marked '(You)' for the signed-in user (options are plain text). */
export function withYou(name: string, isMe: boolean): string {
  return isMe ? `${name} (${youLabel})` : name;
}
