// Socket.IO test helpers: real clients (socket.io-client) against an app listening on a real port.
import type { SubscribeAck } from '@switchboard/shared';
import { io, type Socket } from 'socket.io-client';
import type { AppInstance } from '../src/app-instance.ts';

/** Starts the app on a free port of 127.0.0.1 (once) and answers its base URL. */
export async function listenForSockets(app: AppInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** A client socket that never reconnects by itself, so a server-side disconnect stays visible to the test. */
export function openSocket(baseUrl: string, token: string | undefined): Socket {
  return io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: token === undefined ? {} : { token },
  });
}

/** Connects; resolves with the socket or rejects with the server's connect_error message. */
export function connectSocket(baseUrl: string, token: string | undefined): Promise<Socket> {
  const socket = openSocket(baseUrl, token);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

export function subscribe(socket: Socket, channel: unknown): Promise<SubscribeAck> {
  return socket.timeout(5000).emitWithAck('subscribe', channel) as Promise<SubscribeAck>;
}

export function unsubscribe(socket: Socket, channel: unknown): Promise<SubscribeAck> {
  return socket.timeout(5000).emitWithAck('unsubscribe', channel) as Promise<SubscribeAck>;
}

/** The next `event` on the socket whose arguments satisfy `match`; rejects after `ms`. */
export function nextEvent<T = unknown>(
  socket: Socket,
  event: string,
  match: (...args: unknown[]) => boolean = () => true,
  ms = 5000,
): Promise<unknown[] & [T, ...unknown[]]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no '${event}' within ${ms} ms`));
    }, ms);
    function listener(...args: unknown[]) {
      if (!match(...args)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(args as unknown[] & [T, ...unknown[]]);
    }
    socket.on(event, listener);
  });
}

/** Resolves true when `event` arrives within `ms`, false otherwise: for "must not receive" checks. */
export async function receivesWithin(socket: Socket, event: string, ms = 300): Promise<boolean> {
  try {
    await nextEvent(socket, event, () => true, ms);
    return true;
  } catch {
    return false;
  }
}

/** Resolves when the server disconnects the socket. */
export function serverDisconnect(socket: Socket, ms = 5000): Promise<string> {
  if (socket.disconnected) return Promise.resolve('already disconnected');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not disconnected within ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
