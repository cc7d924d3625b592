import { projectChannel, projectClientEvents, type ProjectChannelEvent } from '@switchboard/shared';
import type { Realtime } from './realtime-api.ts';

// Below every module, so that each one that changes part of a project (tickets, shipments, billing, projects) pushes
// on project_{id} without importing the projects module.

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
