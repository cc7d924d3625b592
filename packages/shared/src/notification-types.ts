// Without zod, so a page that needs only these does not download it (decision 0029).

/** The notification types other modules create; the type is stored as this text. */
export const NOTIFICATION_ASSIGNED_TICKET = 'Assigned Ticket';

/** Spec 1 §3.5, §9: the dropdown keeps at most about 6 new entries. */
export const MAX_UNREAD_NOTIFICATIONS = 6;
/** Already-read entries listed after the unread ones, so the dropdown is not empty right after opening it. */
export const MAX_READ_NOTIFICATIONS = 6;
