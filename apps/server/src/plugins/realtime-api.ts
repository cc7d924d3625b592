import type { ChannelKind, RealtimeEvent, UserChannelEvent } from '@switchboard/shared';
import type { Server } from 'socket.io';

// What app.realtime offers the modules (plugins/realtime.ts implements it), so they need not import the plugin.

/** Sessions revoked, or users all of whose sessions were: every connection they hold closes, in every process. */
export interface EndedSessions {
  sessionIds?: string[];
  userIds?: number[];
}

export interface Realtime {
  /** The Socket.IO server, for modules that need more than the helpers below. */
  io: Server;
  /** Emits `event` with `payload` on the private channel `user.{userId}`. */
  emitToUser(userId: number, event: UserChannelEvent, payload: unknown): void;
  /** Emits on any channel (`store`, `ticket_{id}`, `Pto_Periods_{id}`, ...). Listeners get (payload, { channel }). */
  emitToChannel(channel: string, event: RealtimeEvent | (string & {}), payload: unknown): void;
  /** As emitToChannel, but client accounts subscribed to the channel do not receive it. */
  emitToStaff(channel: string, event: RealtimeEvent | (string & {}), payload: unknown): void;
  /** Disconnects every socket opened with this session, in every process. Call it after revoking a session. */
  disconnectSession(sessionId: string): void;
  /** Disconnects every socket of this user, in every process (account disabled, every session revoked). */
  disconnectUser(userId: number): void;
  /**
   * Called in every process when disconnectSession or disconnectUser ran in any of them, so other connections of
   * those sessions (the notes' /collab sockets) close with the Socket.IO ones.
   */
  onSessionsEnded(listener: (ended: EndedSessions) => void): void;
  /** The sockets of these users leave `channel`, in every process (they lost access, e.g. the ticket moved company). */
  removeUsersFrom(channel: string, userIds: readonly number[]): void;
  /** The sockets of these users leave every channel of this kind (per-line phone, per-lead channels), everywhere. */
  removeUsersFromKind(kind: ChannelKind, userIds: readonly number[]): void;
  /** Re-checks every local socket's token with the HTTP guard's lookup and drops the dead ones (also run on a timer). */
  revalidateSockets(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}
