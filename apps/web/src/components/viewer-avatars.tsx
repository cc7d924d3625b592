import { Avatar, Tooltip } from '@mantine/core';
import type { PresenceUser } from '@switchboard/shared';
import { withYou, youLabel } from './you-badge.tsx';

/** Who has the record open (presence on its channel), the signed-in user among them; nothing when alone. */
export function ViewerAvatars({ viewers, userId, noun }: { viewers: PresenceUser[]; userId: number; noun: string }) {
  if (!viewers.some((user) => user.id !== userId)) return null;
  return (
    <Avatar.Group aria-label="Also viewing">
      {viewers.map((user) => (
        <Tooltip key={user.id} label={user.id === userId ? youLabel : `${user.name} is viewing this ${noun}`}>
          <Avatar
            src={user.photo}
            name={user.name}
            color="initials"
            size="md"
            aria-label={withYou(user.name, user.id === userId)}
          />
        </Tooltip>
      ))}
    </Avatar.Group>
  );
}
