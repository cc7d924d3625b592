import { Alert } from '@mantine/core';
import { editingElsewhereMessage, ticketChannel, type PresenceUser } from '@switchboard/shared';
import { IconPencil } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { useEditingSection } from '../../../lib/socket.ts';

/**
 * Section-level editing awareness on a ticket (issue 7 part 7): the section counts as edited while focus is inside
 * it or it holds unsaved changes; others editing the same section are answered for the warning.
 */
export function useTicketSectionEditing(ticketId: number, section: string, present: PresenceUser[], dirty: boolean) {
  const me = useCurrentUser();
  const [focused, setFocused] = useState(false);
  const others = useEditingSection(
    me?.type === 'Employee' ? ticketChannel(ticketId) : null,
    section,
    focused || dirty,
    present,
    me?.id,
  );
  const ref = useRef<HTMLDivElement>(null);
  // Focus is read from the document, not from blur events: a focused button that disappears sends none.
  useEffect(() => {
    const check = () => setTimeout(() => setFocused(!!ref.current && ref.current.contains(document.activeElement)));
    const events = ['focusin', 'focusout', 'pointerdown'] as const;
    for (const event of events) document.addEventListener(event, check);
    return () => {
      for (const event of events) document.removeEventListener(event, check);
    };
  }, []);
  return { others, sectionRef: ref };
}

/** "{name} is also editing this section." while someone else edits it. */
export function EditingWarning({ others }: { others: PresenceUser[] }) {
  if (others.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconPencil aria-hidden />} role="status" p="xs">
      {editingElsewhereMessage(others.map((user) => user.name))}
    </Alert>
  );
}
