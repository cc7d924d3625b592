// Without zod, so a page that needs only these does not download it (decision 0029).

/** The notification types other modules create; the type is stored as this text. */
export const NOTIFICATION_ASSIGNED_TICKET = 'Assigned Ticket';
/** HR (designs/hr.md §2.7): number_details is the request, form, applicant id; an anonymous report has none. */
export const NOTIFICATION_HR_REQUEST = 'HR Request';
export const NOTIFICATION_HR_FORM = 'HR Form';
export const NOTIFICATION_INTERVIEW = 'Interview';
export const NOTIFICATION_ANONYMOUS_REPORT = 'Anonymous Report';
/** A missed incoming call (designs/crm-softphone.md §3.3): number_details is the call id. */
export const NOTIFICATION_MISSED_CALL = 'Missed Call';

/** Spec 1 §3.5, §9: the dropdown keeps at most about 6 new entries. */
export const MAX_UNREAD_NOTIFICATIONS = 6;
/** Already-read entries listed after the unread ones, so the dropdown is not empty right after opening it. */
export const MAX_READ_NOTIFICATIONS = 6;
