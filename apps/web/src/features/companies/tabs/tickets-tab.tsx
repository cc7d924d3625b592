// The company's Tickets tab is the tickets feature's own queue, scoped to the company (issue 15 part 6), a deliberate
// import across features as the Accounts tab does (decision 0022).
import { TicketQueue } from '../../tickets/tickets-queue-page.tsx';
import type { CompanyTabProps } from './tab-props.ts';

/** /companies/{id}/tickets: the queue of this company's tickets, its filters in the URL as on /tickets. */
export function TicketsTab({ companyId }: CompanyTabProps) {
  return <TicketQueue companyId={companyId} />;
}
