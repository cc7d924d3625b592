// Without zod, so a page that needs only these does not download it (decision 0029).

/** The queue's total stops at this many (decision 0023): narrow the filters to reach the rest. */
export const QUEUE_COUNT_CAP = 1_000;
/** The closed status (spec 1 §3.3 reference seed): the queue's bulk bar leaves it out of its status choices. */
export const TICKET_STATUS_CLOSED = 1;
/** Spec 3 §2: a ticket change that failed (also the queue's bulk actions and saved views). */
export const ticketSaveFailedMessage = 'An error occured.';
