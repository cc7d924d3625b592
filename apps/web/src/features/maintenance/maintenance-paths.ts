import { useParams } from 'react-router';

/** The route parameters every checklist page has (spec 2 §2 Checklist routes). */
export interface ChecklistTarget {
  companyId: number;
  serverId: number;
  month: number;
  year: number;
  ticketId: number;
  siteId: number | null;
}

export type ChecklistKind = 'baseline' | 'analysis' | 'exchange';

/** /maintenance/{kind}/{companyId}/{serverId}/{month}/{year}/{ticket_id}/{siteId?}/{record?} */
export function checklistPath(kind: ChecklistKind, target: ChecklistTarget, recordId?: number | null): string {
  const base = `/maintenance/${kind}/${target.companyId}/${target.serverId}/${target.month}/${target.year}/${target.ticketId}`;
  if (target.siteId === null) return base;
  return recordId && kind !== 'exchange' ? `${base}/${target.siteId}/${recordId}` : `${base}/${target.siteId}`;
}

/** /maintenance/notes/{companyId}/{serverId}/{month}/{year}/{ticket_id}/{siteId?}: the month's notes (decision 0062). */
export function notesPath(target: ChecklistTarget): string {
  const base = `/maintenance/notes/${target.companyId}/${target.serverId}/${target.month}/${target.year}/${target.ticketId}`;
  return target.siteId === null ? base : `${base}/${target.siteId}`;
}

/** Reads the checklist route; the trailing record id (baseline or analysis) means edit mode. */
export function useChecklistTarget(
  recordParam?: 'baseline' | 'analysis',
): ChecklistTarget & { recordId: number | null } {
  const params = useParams();
  const number = (value: string | undefined) => (value ? Number(value) : null);
  return {
    companyId: Number(params.companyId),
    serverId: Number(params.serverId),
    month: Number(params.month),
    year: Number(params.year),
    ticketId: Number(params.ticket_id),
    siteId: number(params.siteId),
    recordId: recordParam ? number(params[recordParam]) : null,
  };
}

/** The header fields every checklist is submitted with (spec 2 §3). */
export const headerOf = (target: ChecklistTarget) => ({
  company_id: target.companyId,
  site_id: target.siteId,
  server_id: target.serverId,
  month: target.month,
  year: target.year,
  ticket_id: target.ticketId,
});
