import { Badge, Tooltip } from '@mantine/core';

export const notSentLabel = 'Not sent';
export const heldLabel = 'Held (no SMTP server)';

/**
 * Why a message is in the outbox: delivery to the SMTP server failed (the error shows on hover and on focus),
 * or no SMTP server is configured, so the app keeps the mail for administrators to read.
 */
export function OutboxStatusBadge({ error }: { error: string | null }) {
  if (error === null) {
    return (
      <Badge color="gray" variant="light" tt="none">
        {heldLabel}
      </Badge>
    );
  }
  return (
    <Tooltip label={error} multiline maw={420} withArrow events={{ hover: true, focus: true, touch: true }}>
      {/* Focusable, so keyboard users can read the error too. */}
      <Badge color="red" variant="light" tt="none" tabIndex={0} style={{ cursor: 'help' }}>
        {notSentLabel}
      </Badge>
    </Tooltip>
  );
}
