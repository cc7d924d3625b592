import { projectChannel, ticketChannel } from '@switchboard/shared';
import type { Realtime } from '../../plugins/realtime-api.ts';
import type { ProjectCompanyMove } from './projects.service.ts';

// emitProjectEvent lives in plugins/project-channel.ts, below the modules that push on project_{id}.

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
