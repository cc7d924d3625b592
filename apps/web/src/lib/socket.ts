import {
  authenticateEvent,
  editingEvent,
  presenceEvent,
  realtimePath,
  subscribeEvent,
  unsubscribeEvent,
  unauthenticatedMessage,
  userChannel,
  type AuthenticateAck,
  type PresencePayload,
  type PresenceUser,
  type RealtimeMeta,
  type SubscribeAck,
  type UserChannelEvent,
} from '@switchboard/shared';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { api } from './api-client.ts';
import { authStore } from './auth-store.ts';

/*
 * The realtime client (spec 1 §4, §7.8): one Socket.IO connection per signed-in tab, on the app's own origin,
 * authenticated with the bearer token. Channels are reference-counted: the first subscriber subscribes on the
 * server, the last one to leave unsubscribes. Every (re)connection subscribes every channel again. A refreshed access
 * token of the same session re-authenticates the live connection (the server closes it at the old token's expiry
 * otherwise); a token of another session (another tab signing in, shadowing) reconnects with it.
 *
 * The signed-in user's private channel `user.{id}` is always subscribed while connected; its events are also
 * published to plain listeners (onUserEvent / useUserEvent), e.g. the lock screen listening for 'AccountLocked'.
 */

// Payloads come from the server as JSON; handlers narrow them to the shape of their event.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ChannelHandler = (payload: any, meta: RealtimeMeta) => void;
export type ChannelHandlers = Readonly<Record<string, ChannelHandler>>;
interface HandlersRef {
  readonly current: ChannelHandlers;
}

export type RealtimeStatus = 'disconnected' | 'connecting' | 'connected';

const channels = new Map<string, Set<HandlersRef>>();
let socket: Socket | null = null;
/** The access token the current connection was (or is being) opened or re-authenticated with. */
let socketToken: string | null = null;
/** The session (token_id) and user the current connection belongs to. */
let socketSession: { tokenId: string | null; userId: number } | null = null;
let starts = 0;
let stopAuthListener: (() => void) | null = null;
let status: RealtimeStatus = 'disconnected';
const statusListeners = new Set<() => void>();
/** The token a refused connection already sent a probe request for (see probeSession). */
let probedToken: string | null = null;
let ownChannel: { name: string; unsubscribe: () => void } | null = null;

function setStatus(next: RealtimeStatus): void {
  if (next === status) return;
  status = next;
  // A marker for diagnostics and the browser tests: they wait for the live connection before acting.
  if (typeof document !== 'undefined') document.documentElement.dataset.realtime = next;
  for (const listener of statusListeners) listener();
}

/** The section this tab edits per presence channel: sent again after every (re)subscription. */
const editingSections = new Map<string, string>();

function sendSubscribe(channel: string): void {
  socket?.emit(subscribeEvent, channel, (ack: SubscribeAck) => {
    if (!ack?.ok) console.warn(`Realtime: subscribing to ${channel} was refused (${ack?.error ?? 'no answer'}).`);
    else if (editingSections.has(channel))
      socket?.emit(editingEvent, channel, editingSections.get(channel), () => undefined);
  });
}

function dispatch(event: string, payload: unknown, meta: RealtimeMeta | undefined): void {
  const channel =
    meta?.channel ?? (event === presenceEvent ? (payload as PresencePayload | undefined)?.channel : undefined);
  if (!channel) return;
  const subscribers = channels.get(channel);
  if (!subscribers) return;
  for (const ref of [...subscribers]) {
    const handler = ref.current[event];
    if (!handler) continue;
    try {
      handler(payload, { channel });
    } catch (error) {
      console.error(`Realtime: the ${event} handler of ${channel} failed.`, error);
    }
  }
}

/**
 * The server refused this token (expired access, revoked or locked session). One authenticated request per
 * token finds out which: an expired access token is refreshed by the API client, which reconnects us through
 * the token change; a revoked session ends on the login screen; a locked one stays down until unlocked.
 */
function probeSession(): void {
  const token = authStore.getState().accessToken;
  if (!token || probedToken === token) return;
  probedToken = token;
  api.get('/api/session').then(
    () => {
      // Still the same token and it is valid: the refusal was a race with a refresh. Try once more.
      if (authStore.getState().accessToken === token && socket && !socket.connected) socket.connect();
    },
    () => undefined,
  );
}

function createSocket(): Socket {
  const created = io({
    path: realtimePath,
    autoConnect: false,
    // Read at every (re)connection, so automatic reconnects after a network drop use the current token.
    auth: (send) => send({ token: authStore.getState().accessToken ?? '' }),
    transports: ['websocket', 'polling'],
  });
  created.on('connect', () => {
    setStatus('connected');
    for (const channel of channels.keys()) sendSubscribe(channel);
  });
  created.on('disconnect', (reason) => {
    setStatus(created.active ? 'connecting' : 'disconnected');
    // Dropped by the server (session revoked, locked or access expired): it will not reconnect by itself.
    if (reason === 'io server disconnect') probeSession();
  });
  created.on('connect_error', (error) => {
    setStatus(created.active ? 'connecting' : 'disconnected');
    if (error.message === unauthenticatedMessage) probeSession();
  });
  created.onAny((event: string, payload: unknown, meta?: RealtimeMeta) => dispatch(event, payload, meta));
  return created;
}

function closeSocket(): void {
  if (!socket) return;
  socket.removeAllListeners();
  socket.offAny();
  socket.disconnect();
  socket = null;
  socketToken = null;
  socketSession = null;
  setStatus('disconnected');
}

// ---- The private user channel, forwarded to plain listeners ----

type UserEventListener = (payload: unknown) => void;
const userEventListeners = new Map<string, Set<UserEventListener>>();

function publishUserEvent(event: string, payload: unknown): void {
  for (const listener of [...(userEventListeners.get(event) ?? [])]) {
    try {
      listener(payload);
    } catch (error) {
      console.error(`Realtime: a ${event} listener failed.`, error);
    }
  }
}

const forwardingHandlers: ChannelHandlers = new Proxy(
  {},
  {
    get: (_target, event) =>
      typeof event === 'string' ? (payload: unknown) => publishUserEvent(event, payload) : undefined,
  },
);

function syncOwnChannel(userId: number | null): void {
  const name = userId === null ? null : userChannel(userId);
  if (ownChannel?.name === name) return;
  ownChannel?.unsubscribe();
  ownChannel = name ? { name, unsubscribe: subscribeChannel(name, { current: forwardingHandlers }) } : null;
}

/** Follows the session: connects with a token and a user, reconnects on a new token, closes on sign-out. */
function syncWithSession(): void {
  const { accessToken, user } = authStore.getState();
  if (starts === 0 || !accessToken || !user) {
    syncOwnChannel(null);
    closeSocket();
    return;
  }
  syncOwnChannel(user.id);
  if (socket && socketToken === accessToken) return;
  socketToken = accessToken;
  const { tokenId } = authStore.getState();
  if (socket?.connected && socketSession?.tokenId === tokenId && socketSession.userId === user.id) {
    reauthenticate(socket, accessToken);
    return;
  }
  socketSession = { tokenId, userId: user.id };
  if (!socket) socket = createSocket();
  else socket.disconnect();
  setStatus('connecting');
  socket.connect();
}

/** Hands the live connection a refreshed token of its session; a refusal reconnects with the current token. */
function reauthenticate(connection: Socket, accessToken: string): void {
  connection.emit(authenticateEvent, accessToken, (ack: AuthenticateAck) => {
    if (ack?.ok || connection !== socket || socketToken !== accessToken) return;
    connection.disconnect();
    setStatus('connecting');
    connection.connect();
  });
}

// ---- Public API ----

/**
 * Starts the connection for the signed-in user (the shell calls it once it has a user) and keeps it in step
 * with the session. Returns the matching stop; the connection closes when every start has been stopped.
 */
export function startRealtime(): () => void {
  starts += 1;
  stopAuthListener ??= authStore.subscribe(syncWithSession);
  syncWithSession();
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    starts -= 1;
    if (starts > 0) return;
    stopAuthListener?.();
    stopAuthListener = null;
    syncWithSession();
  };
}

/** Listens on a channel; the server subscription lasts while anyone listens. Returns the unsubscribe. */
export function subscribeChannel(channel: string, handlers: HandlersRef | ChannelHandlers): () => void {
  const ref: HandlersRef =
    'current' in handlers && typeof handlers.current === 'object'
      ? (handlers as HandlersRef)
      : { current: handlers as ChannelHandlers };
  let subscribers = channels.get(channel);
  if (!subscribers) {
    subscribers = new Set();
    channels.set(channel, subscribers);
    if (socket?.connected) sendSubscribe(channel);
  }
  subscribers.add(ref);
  let active = true;
  return () => {
    if (!active) return;
    active = false;
    const current = channels.get(channel);
    if (!current) return;
    current.delete(ref);
    if (current.size > 0) return;
    channels.delete(channel);
    if (socket?.connected) socket.emit(unsubscribeEvent, channel, () => undefined);
  };
}

/**
 * React hook: listens on `channel` (nothing when null) with `handlers` by event name. The latest handlers are
 * always used; changing them does not resubscribe.
 */
export function useChannel(channel: string | null | undefined, handlers: ChannelHandlers): void {
  const ref = useRef<ChannelHandlers>(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => (channel ? subscribeChannel(channel, ref) : undefined), [channel]);
}

/** Plain listener for an event of the signed-in user's private channel (e.g. the lock screen's 'AccountLocked'). */
export function onUserEvent<T = unknown>(event: UserChannelEvent, listener: (payload: T) => void): () => void {
  let listeners = userEventListeners.get(event);
  if (!listeners) {
    listeners = new Set();
    userEventListeners.set(event, listeners);
  }
  const wrapped = listener as UserEventListener;
  listeners.add(wrapped);
  return () => {
    userEventListeners.get(event)?.delete(wrapped);
  };
}

/** React hook for onUserEvent; the latest handler is always used. */
export function useUserEvent<T = unknown>(event: UserChannelEvent, handler: (payload: T) => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => onUserEvent<T>(event, (payload) => ref.current(payload)), [event]);
}

/** What 'AccountLocked' carries, plus whether it is about this tab's own session. */
export interface AccountLockedEvent {
  token_id: string;
  /** True when the locked session is the one this tab is signed in with (spec 1 §4: mark the current token locked). */
  isCurrentSession: boolean;
}

/** Listener for 'AccountLocked' on the user's channel, for the lock screen. Returns the unsubscribe. */
export function onAccountLocked(listener: (event: AccountLockedEvent) => void): () => void {
  return onUserEvent<{ token_id?: unknown }>('AccountLocked', (payload) => {
    const tokenId = typeof payload?.token_id === 'string' ? payload.token_id : String(payload?.token_id ?? '');
    listener({ token_id: tokenId, isCurrentSession: tokenId !== '' && tokenId === authStore.getState().tokenId });
  });
}

/** React hook for onAccountLocked. */
export function useAccountLocked(handler: (event: AccountLockedEvent) => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => onAccountLocked((event) => ref.current(event)), []);
}

/** Who is present on a presence channel (`ticket_{id}`, `project_{id}`); empty until the first report. */
export function usePresence(channel: string | null | undefined): PresenceUser[] {
  const [present, setPresent] = useState<{ channel: string | null | undefined; users: PresenceUser[] }>({
    channel,
    users: [],
  });
  useChannel(channel, {
    [presenceEvent]: (payload: PresencePayload) =>
      setPresent({ channel, users: Array.isArray(payload?.users) ? payload.users : [] }),
  });
  return present.channel === channel ? present.users : [];
}

/** Tells the other staff on a presence channel that this tab edits `section` (null: stopped editing). */
export function setEditingSection(channel: string, section: string | null): void {
  if ((editingSections.get(channel) ?? null) === section) return;
  if (section === null) editingSections.delete(channel);
  else editingSections.set(channel, section);
  if (socket?.connected && channels.has(channel)) socket.emit(editingEvent, channel, section, () => undefined);
}

/**
 * Section-level editing awareness: reports this tab as editing `section` of `channel` while `active`, and answers
 * the other users editing the same section (for the "someone else is editing" warning).
 */
export function useEditingSection(
  channel: string | null | undefined,
  section: string,
  active: boolean,
  present: PresenceUser[],
  myId: number | undefined,
): PresenceUser[] {
  useEffect(() => {
    if (!channel || !active) return;
    setEditingSection(channel, section);
    return () => setEditingSection(channel, null);
  }, [channel, section, active]);
  return present.filter((user) => user.editing === section && user.id !== myId);
}

export function getRealtimeStatus(): RealtimeStatus {
  return status;
}

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status,
    () => status,
  );
}

/** React hook: keeps the connection up while the calling component (the shell) is mounted. */
export function useRealtimeConnection(): void {
  useEffect(() => startRealtime(), []);
}

/** For tests: drop the connection, every channel and every listener. */
export function resetRealtimeForTests(): void {
  starts = 0;
  stopAuthListener?.();
  stopAuthListener = null;
  ownChannel = null;
  closeSocket();
  channels.clear();
  userEventListeners.clear();
  probedToken = null;
}
