import type { AgentSettings, SessionUser } from './auth.ts';

/**
 * Realtime contract (spec 1 §2.4, §9): Socket.IO on the app's own port, path /socket.io.
 *
 * Protocol:
 * - Connect with `io(origin, { path: '/socket.io', auth: { token: accessToken } })`. A missing, revoked,
 *   expired or locked session is refused with a connect_error whose message is 'Unauthenticated.'.
 * - A connection lasts until its access token expires. After a token refresh of the same session, send
 *   `socket.emit('authenticate', newAccessToken, (ack: AuthenticateAck) => ...)` to keep it; a socket that has not
 *   re-authenticated by its token's expiry is disconnected. For another session (sign-in, shadowing), reconnect.
 * - Subscribe: `socket.emit('subscribe', channel, (ack: SubscribeAck) => ...)`; leave: `socket.emit('unsubscribe', channel, ack)`.
 * - Server events arrive as `socket.on(eventName, (payload, meta: { channel }) => ...)`.
 * - Presence channels (`ticket_{id}`, `project_{id}`) also receive `presence` { channel, users: PresenceUser[] }
 *   whenever someone joins or leaves, or starts or stops editing a section (staff only).
 * - Editing: `socket.emit('editing', channel, section | null, ack)` tells the other staff on a presence channel which
 *   section (EDITING_SECTION_PATTERN, e.g. 'notes') this socket is editing; null when it stops.
 */

/** Socket.IO path on the app's own HTTP server. */
export const realtimePath = '/socket.io';

/** Client → server control events. */
export const subscribeEvent = 'subscribe';
export const unsubscribeEvent = 'unsubscribe';
/** Client → server: a fresh access token of the socket's own session (after a refresh), answered with AuthenticateAck. */
export const authenticateEvent = 'authenticate';
/** Server → room event listing who is present on a presence channel. */
export const presenceEvent = 'presence';
/** Client → server: the section this socket edits on a presence channel (null: none). */
export const editingEvent = 'editing';
/** A section name: lower case letters and underscores ('notes', 'resolution', 'information', 'response'). */
export const EDITING_SECTION_PATTERN = /^[a-z][a-z_]{0,39}$/;

/** Private per-user channel: only that user may subscribe. */
export const userChannel = (userId: number): string => `user.${userId}`;
/** The shared store channel: every employee. */
export const storeChannel = 'store';
/** Presence channel of a ticket: employees, and the client accounts of the ticket's company (client events only). */
export const ticketChannel = (ticketId: number | string): string => `ticket_${ticketId}`;
/** Presence channel of a project. */
export const projectChannel = (projectId: number | string): string => `project_${projectId}`;
/** PTO periods of one employee: that employee or holders of 'view human resources'. */
export const ptoPeriodsChannel = (employeeId: number): string => `Pto_Periods_${employeeId}`;

/** Events on the private `user.{id}` channel. */
export const userChannelEvents = [
  'StatusUpdated',
  'UserUpdated',
  'PermissionsUpdated',
  'AccountLocked',
  'SettingsUpdated',
  'FileDownload',
  'NotificationCreated',
  'AgentSettingsUpdated',
  // Not in the spec's list: a ticket of a client account's company changed (its queue refreshes; decision 0023).
  'TicketUpdated',
  // Not in the spec's list: a chat message in one of the user's rooms (unread counts; decision 0054).
  'Message.Sent',
  // HR (designs/hr.md §8): a request of theirs or awaiting them changed; a form was assigned to them.
  'HrRequestUpdated',
  'HrFormAssigned',
  // CRM (designs/crm-softphone.md §5): a lead import's progress.
  'CrmImportProgress',
  // CRM (decision 0146): leads were assigned to this user or left their sight ({ ids }): the leads list reads again.
  'CrmLeadsChanged',
] as const;
export type UserChannelEvent = (typeof userChannelEvents)[number];

/** 'UserUpdated' on `user.{id}`: the account changed (name, e-mail, photo...); the same user the session answers. */
export interface UserUpdatedPayload {
  user: SessionUser;
}

/** 'AgentSettingsUpdated' on `user.{id}`: the saved agent settings, as the login answer carries them. */
export interface AgentSettingsUpdatedPayload {
  agent_settings: AgentSettings;
}

/**
 * 'FileDownload' on `user.{id}` (spec 1 §7.8 "file download"): a file the server prepared for this user in the
 * background (a generated PDF, an export) is ready; the browser fetches it with POST /api/download { file, name,
 * disk } and saves it under `name`. No background file work exists yet: the PDF and export issues send it.
 */
export interface FileDownloadPayload {
  file: string;
  name: string;
  disk: 'local';
}

/** Events on the shared `store` channel. */
export const storeChannelEvents = [
  'RegionUpdated',
  'CompanyUpdated',
  'EmployeeUpdated',
  'CampaignUpdated',
  'VoicemailUpdated',
  'TicketUpdated',
  // A technician's day on Tech Resources was saved ({ date: 'MM/DD/YYYY', user_id }), decision 0051.
  'TechResourcesUpdated',
  // CRM verticals (the industries tree) changed (designs/crm-softphone.md §5).
  'VerticalUpdated',
] as const;
export type StoreChannelEvent = (typeof storeChannelEvents)[number];

/** Events on `Pto_Periods_{employeeId}`. */
export const ptoChannelEvents = ['PeriodsUpdated'] as const;
export type PtoChannelEvent = (typeof ptoChannelEvents)[number];

/** The `billing` channel (designs/billing.md §6; decision 0071): staff holding 'view billing' only. */
export const billingChannel = 'billing';

/** HR's channels (designs/hr.md §8): the HR calendar ('view hr calendar') and the anonymous reports' readers. */
export const hrCalendarChannel = 'hr_calendar';
export const hrAnonChannel = 'hr_anon';
/** On `hr_calendar` after decisions, holidays and interviews: the calendar refetches the days between from and to. */
export const hrCalendarChangedEvent = 'HrCalendarChanged';
export interface HrCalendarChangedPayload {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}
/**
 * The CRM calendar (designs/crm-softphone.md §4.11): staff with 'view crm'. CrmCalendarChanged carries only the days
 * an appointment change touched ({from, to}, UTC); calendars showing them refetch, the list applying lead visibility.
 */
export const crmCalendarChannel = 'crm_calendar';
export const crmCalendarChangedEvent = 'CrmCalendarChanged';
/** A job's hiring board ('manage jobs'). */
export const hrJobChannel = (jobId: number): string => `hr_job_${jobId}`;
/**
 * The phone channel (spec 1 §7.8; designs/crm-softphone.md §5): named after the agent line's 10 digits, subscribable
 * only by the user holding that line with 'phone access'.
 */
export const phoneChannel = (lineDigits: string): string => lineDigits;
export const phoneChannelEvents = [
  'CallControlIdUpdated',
  'LocalCallControlIdUpdated',
  'IncomingCallId',
  'VoicemailDetecting',
  'VoicemailStarted',
  'VoicemailNotMachine',
  'VoicemailEnded',
  'LocalRinging',
  'LocalAnswered',
  // Beyond the spec's list: a call record's status changed; the power dialer's session moved.
  'CallUpdated',
  'DialerUpdated',
] as const;
export type PhoneChannelEvent = (typeof phoneChannelEvents)[number];
/** A lead's live timeline (designs/crm-softphone.md §5): staff who may see the lead. */
export const crmLeadChannel = (leadId: number): string => `crm_lead_${leadId}`;
// Beyond the design's list (decision 0146): the lead was deleted ({ id }); a proposal of it was sent or answered.
export const crmLeadChannelEvents = [
  'LeadUpdated',
  'LeadCallLogged',
  'LeadNoteAdded',
  'LeadEmailSent',
  'LeadDeleted',
  'LeadProposalUpdated',
] as const;
export type CrmLeadChannelEvent = (typeof crmLeadChannelEvents)[number];
export const billingChannelEvents = [
  'LedgerPosted',
  'InvoiceUpdated',
  'QuoteUpdated',
  'PaymentUpdated',
  'BillingRunUpdated',
  'VendorUpdated',
  'BillUpdated',
  'PurchaseOrderUpdated',
  'ReceiptPosted',
  'StockUpdated',
  'BankReconciliationUpdated',
] as const;
export type BillingChannelEvent = (typeof billingChannelEvents)[number];
/** LedgerPosted: a journal entry committed; `accounts` are the ids its lines touched (registers and reports refetch). */
export interface LedgerPostedPayload {
  entry_id: number;
  number: string;
  entry_date: string;
  accounts: number[];
}
/** InvoiceUpdated: an invoice or credit note was made, changed, approved, posted, paid, credited, sent or voided. */
export interface InvoiceUpdatedPayload {
  id: number;
  company_id: number;
}
/** PaymentUpdated: a payment, allocation, write-off, refund or bank deposit changed a company's receivables. */
export interface PaymentUpdatedPayload {
  id: number;
  company_id: number | null;
  /** A payment made to a vendor names it (bills). */
  vendor_id?: number | null;
}
/** BillingRunUpdated: the run of `month` ('YYYY-MM') moved (a company drafted, skipped, approved, posted, failed). */
export interface BillingRunUpdatedPayload {
  month: string;
  company_id: number | null;
}

/** Events on `ticket_{id}` (spec 3 §7 Realtime); each tells viewers which part of the ticket to read again. */
export const ticketChannelEvents = [
  'CheckInOut',
  'ResponseSent',
  'TicketNotesAttachmentsChanged',
  'TicketResolutionAttachmentsChanged',
  'CreateTodo',
  // Not in spec 3's list, named after CreateTodo: a to-do was edited, completed or reopened, or deleted.
  'UpdateTodo',
  'DeleteTodo',
  'TicketDataUpdated',
  'TicketNotesSaved',
  // Spec 2 §7: a maintenance checklist of the ticket was saved (baseline, analysis or exchange).
  'BaselineUpdated',
] as const;
export type TicketChannelEvent = (typeof ticketChannelEvents)[number];
/** The ticket events a client account receives: the parts of the ticket it can see (thread, resolution, fields). */
export const ticketClientEvents: readonly TicketChannelEvent[] = [
  'ResponseSent',
  'TicketResolutionAttachmentsChanged',
  'TicketDataUpdated',
];

/** Events on `project_{id}` (spec 3 §7 Realtime); each tells viewers which panel of the project to read again. */
export const projectChannelEvents = [
  'CheckInOut',
  'ProjectTicketUpdated',
  'PlaceholderUpdated',
  'RequirementsUpdated',
  'LaborEstimateUpdated',
  'PendingProjectUpdated',
  'InvoicesUpdated',
  'ProcurementUpdated',
  'ScheduleProjectDateUpdated',
  'CompletionUpdated',
  'ProjectDayUpdated',
  // Not in spec 3's list: the project's information card was saved.
  'ProjectUpdated',
  // Not in spec 3's list: an approval was requested or answered (Planning and Labor Quote Approval, decision 0046).
  'ApprovalsUpdated',
] as const;
export type ProjectChannelEvent = (typeof projectChannelEvents)[number];
/**
 * The project events a client account of the project's company receives: the panels it can see (decision 0044).
 * Check-ins, the labor estimate, requirements and quotes and Project Day's labor steps are staff's.
 */
export const projectClientEvents: readonly ProjectChannelEvent[] = [
  'ProjectTicketUpdated',
  'PlaceholderUpdated',
  'PendingProjectUpdated',
  'InvoicesUpdated',
  'ProcurementUpdated',
  'ScheduleProjectDateUpdated',
  'CompletionUpdated',
  'ProjectUpdated',
  'ApprovalsUpdated',
];

export type RealtimeEvent =
  | UserChannelEvent
  | StoreChannelEvent
  | PtoChannelEvent
  | TicketChannelEvent
  | ProjectChannelEvent
  | BillingChannelEvent
  | PhoneChannelEvent
  | CrmLeadChannelEvent;

/** Second argument of every server → client event. */
export interface RealtimeMeta {
  channel: string;
}

/** Answer passed to the subscribe / unsubscribe acknowledgement callback. */
export type SubscribeAck = { ok: true; channel: string } | { ok: false; channel: string; error: string };

/** Answer to the authenticate acknowledgement callback; a refused token leaves the socket as it was. */
export type AuthenticateAck = { ok: true } | { ok: false; error: string };

export interface PresenceUser {
  id: number;
  name: string;
  photo: string | null;
  /** The section this user is editing on the channel, if any (see editingEvent). */
  editing?: string | null;
}

export interface PresencePayload {
  channel: string;
  users: PresenceUser[];
}

export type ChannelKind =
  | 'user'
  | 'store'
  | 'ticket'
  | 'project'
  | 'pto'
  | 'chat'
  | 'billing'
  | 'hrCalendar'
  | 'hrJob'
  | 'hrAnon'
  | 'phone'
  | 'crmLead'
  | 'crmCalendar';

export interface ParsedChannel {
  kind: ChannelKind;
  /** The user, ticket, project or employee id; null for `store`. */
  id: number | null;
  /** The line's 10 digits of a phone channel. */
  key?: string;
}

const channelPatterns: [ChannelKind, RegExp][] = [
  ['user', /^user\.([1-9][0-9]{0,9})$/],
  ['ticket', /^ticket_([1-9][0-9]{0,9})$/],
  ['project', /^project_([1-9][0-9]{0,9})$/],
  ['pto', /^Pto_Periods_([1-9][0-9]{0,9})$/],
  // Chat room PR_{roomId} (spec 3 §7): its two members only (decision 0054).
  ['chat', /^PR_([1-9][0-9]{0,9})$/],
  // A job's hiring board (designs/hr.md §8): 'manage jobs'.
  ['hrJob', /^hr_job_([1-9][0-9]{0,9})$/],
  ['crmLead', /^crm_lead_([1-9][0-9]{0,9})$/],
];

/** Recognises a channel name; null for anything that is not one of ours. */
export function parseChannel(channel: unknown): ParsedChannel | null {
  if (typeof channel !== 'string') return null;
  if (channel === storeChannel) return { kind: 'store', id: null };
  if (channel === billingChannel) return { kind: 'billing', id: null };
  if (channel === hrCalendarChannel) return { kind: 'hrCalendar', id: null };
  if (channel === hrAnonChannel) return { kind: 'hrAnon', id: null };
  if (channel === crmCalendarChannel) return { kind: 'crmCalendar', id: null };
  if (/^[0-9]{10}$/.test(channel)) return { kind: 'phone', id: null, key: channel };
  for (const [kind, pattern] of channelPatterns) {
    const match = pattern.exec(channel);
    if (match) {
      const id = Number(match[1]);
      return Number.isSafeInteger(id) && id <= 2_147_483_647 ? { kind, id } : null;
    }
  }
  return null;
}

/** Presence channels report who is present on join and leave. */
export const isPresenceChannel = (channel: string): boolean => {
  const kind = parseChannel(channel)?.kind;
  // A hiring board shows who else is on it (designs/hr.md §8).
  return kind === 'ticket' || kind === 'project' || kind === 'hrJob';
};

/** Errors sent in a refused SubscribeAck. */
export const unknownChannelError = 'Unknown channel.';
export const channelForbiddenError = 'Forbidden.';
export const tooManyChannelsError = 'Too many channels.';
/** The connect_error message past the connections one user may hold (decision 0059); also /collab's refusal. */
export const tooManyConnectionsError = 'Too many connections.';
/** Also the connect_error message when the server could not check the token (database down). */
export const realtimeServerError = 'Server error.';
