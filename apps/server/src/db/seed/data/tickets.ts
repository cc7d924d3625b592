import { TICKET_STATUS_CLOSED, TICKET_TYPE_REMOTE, TRIAGE_MEDIUM } from '@switchboard/shared';

/** Triage (priority) levels; colours are the Mantine red, orange, yellow and green shades used by the web app. */
export const triageSeeds = [
  { id: 1, name: 'Critical', color: '#e03131', sortOrder: 1 },
  { id: 2, name: 'High', color: '#f76707', sortOrder: 2 },
  { id: TRIAGE_MEDIUM, name: 'Medium', color: '#f59f00', sortOrder: 3 },
  { id: 4, name: 'Low', color: '#2f9e44', sortOrder: 4 },
];

/** Ticket types: where the work happens (a ticket's 'location'). */
export const ticketTypeSeeds = [
  { id: TICKET_TYPE_REMOTE, name: 'Remote' },
  { id: 2, name: 'On-Site' },
  { id: 3, name: 'Phone' },
  { id: 4, name: 'In-Shop' },
  { id: 5, name: 'Email' },
];

/** Ticket statuses; Closed must stay id 1 (spec 3: the Closed option is id 1). */
export const ticketStatusSeeds = [
  { id: TICKET_STATUS_CLOSED, name: 'Closed' },
  { id: 2, name: 'Open' },
  { id: 3, name: 'In Progress' },
  { id: 4, name: 'Waiting on Client' },
  { id: 5, name: 'Waiting on Vendor' },
  { id: 6, name: 'Waiting on Parts' },
  { id: 7, name: 'Scheduled' },
  { id: 8, name: 'On Hold' },
];
