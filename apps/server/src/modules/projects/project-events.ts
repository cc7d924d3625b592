import { projectChannel, projectClientEvents, ticketChannel, type ProjectChannelEvent } from '@switchboard/shared';
import type { Realtime } from '../../plugins/realtime-api.ts';
import type { ProjectCompanyMove } from './projects.service.ts';

/** Pushes a project event on project_{id}: to client accounts of its company too when they see that panel. */
export function emitProjectEvent(
  realtime: Realtime,
  projectId: number,
  event: ProjectChannelEvent,
  payload: Record<string, unknown>,
): void {
  const emit = projectClientEvents.includes(event) ? realtime.emitToChannel : realtime.emitToStaff;
  emit(projectChannel(projectId), event, { project_id: projectId, ...payload });
}

/**
 * A project moved to another company: the former company's client accounts stop following it, as with a ticket that
 * moves. Their sockets leave project_{id} and its step tickets' ticket_{id} (the contact card's thread), in every
 * process, before the change is pushed there. The new company's accounts may subscribe from now on.
 */
export function removeFormerCompanyClients(realtime: Realtime, projectId: number, move: ProjectCompanyMove): void {
  if (move.formerClientIds.length === 0) return;
  realtime.removeUsersFrom(projectChannel(projectId), move.formerClientIds);
  for (const ticketId of move.ticketIds) realtime.removeUsersFrom(ticketChannel(ticketId), move.formerClientIds);
}
