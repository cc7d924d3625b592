// A stand-in for socket.io-client in unit tests: `vi.mock('socket.io-client', () => fakeSocketModule)`, then play
// the server with `latestSocket().serverEmit(channel, event, payload)`.
type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  connected = false;
  active = false;
  handshakeTokens: string[] = [];
  sent: { event: string; args: unknown[] }[] = [];
  /** The acknowledgement the server gives per event; by default `{ ok: true, channel: firstArgument }`. */
  acks: Record<string, unknown> = {};
  private listeners = new Map<string, Listener[]>();
  private anyListeners: Listener[] = [];

  constructor(readonly options: { auth: (send: (data: { token: string }) => void) => void }) {}

  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  onAny(listener: Listener) {
    this.anyListeners.push(listener);
    return this;
  }
  offAny() {
    this.anyListeners = [];
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    this.sent.push({ event, args });
    const ack = args.at(-1);
    if (typeof ack === 'function') ack(event in this.acks ? this.acks[event] : { ok: true, channel: args[0] });
    return this;
  }
  connect() {
    this.options.auth((data) => this.handshakeTokens.push(data.token));
    this.connected = true;
    this.active = true;
    this.fire('connect');
    return this;
  }
  disconnect() {
    const was = this.connected;
    this.connected = false;
    this.active = false;
    if (was) this.fire('disconnect', 'io client disconnect');
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  /** The server emitting `event` on `channel`. */
  serverEmit(channel: string, event: string, payload: unknown) {
    for (const listener of [...this.anyListeners]) listener(event, payload, { channel });
  }
  subscriptions() {
    return this.sent.filter((entry) => entry.event === 'subscribe').map((entry) => entry.args[0]);
  }
}

export const fakeSockets: FakeSocket[] = [];

export function latestSocket(): FakeSocket {
  const socket = fakeSockets.at(-1);
  if (!socket) throw new Error('No socket was opened.');
  return socket;
}

export const fakeSocketModule = {
  io: (options: ConstructorParameters<typeof FakeSocket>[0]) => {
    const socket = new FakeSocket(options);
    fakeSockets.push(socket);
    return socket;
  },
};
