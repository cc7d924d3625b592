import type { AccountActor } from '@switchboard/shared';
import type { FastifyRequest } from 'fastify';

/** The signed-in user as the account policy (decision 0025) and the credential audit see them. */
export interface RequestActor extends AccountActor {
  name: string;
  sessionId: string;
  ipAddress: string | null;
  /** Who is shadowing, in a shadow session: a permission grant is bounded by their rights too (decision 0057). */
  shadowedByUserId: number | null;
}

export function actorOf(request: FastifyRequest): RequestActor {
  const { user, permissions, sessionId, shadow } = request.auth;
  return {
    id: user.id,
    type: user.type,
    role: user.role,
    name: user.name,
    permissions,
    shadowing: shadow !== null,
    sessionId,
    ipAddress: request.ip,
    shadowedByUserId: shadow?.byUserId ?? null,
  };
}
