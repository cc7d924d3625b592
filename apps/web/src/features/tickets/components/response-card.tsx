import type { PresenceUser, TicketDetail } from '@switchboard/shared';
import { useState } from 'react';
import { ResponseForm } from '../../../components/response-form.tsx';
import { useRefreshTicket } from '../api/tickets.ts';
import { EditingWarning, useTicketSectionEditing } from './editing-warning.tsx';

/** The ticket page's contact card: the shared response form, with who else is writing a response. */
export function ResponseCard({
  ticket,
  disabled,
  present,
}: {
  ticket: TicketDetail;
  disabled: boolean;
  present: PresenceUser[];
}) {
  const refresh = useRefreshTicket(ticket.id);
  const [dirty, setDirty] = useState(false);
  const { others, sectionRef } = useTicketSectionEditing(ticket.id, 'response', present, dirty);
  return (
    <ResponseForm
      target={ticket}
      disabled={disabled}
      onSent={refresh}
      header={<EditingWarning others={others} />}
      cardRef={sectionRef}
      onDirtyChange={setDirty}
    />
  );
}
