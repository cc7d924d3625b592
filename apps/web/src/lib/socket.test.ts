import type { SignedInResponse } from '@switchboard/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { fakeSocketModule, fakeSockets: sockets } = await vi.hoisted(() => import('../test/fake-socket.ts'));
vi.mock('socket.io-client', () => fakeSocketModule);

const { authStore } = await import('./auth-store.ts');
const { onAccountLocked, onUserEvent, resetRealtimeForTests, startRealtime, subscribeChannel, getRealtimeStatus } =
  await import('./socket.ts');

function signIn(accessToken: string, userId = 7, tokenId = 'session-1'): void {
  authStore.signIn({
    access_token: accessToken,
    refresh_token: `refresh-${accessToken}`,
    token_id: tokenId,
    expires_in: 900,
    user: {
      id: userId,
      type: 'Employee',
      role: 'user',
      name: 'Eve',
      shortname: 'Eve',
      email: 'eve@example.com',
      photo: null,
      avatar: null,
      created_at: '2026-01-05T09:00:00.000Z',
      email_verified_at: null,
      employee: null,
    },
    permissions: [],
    notifications: [],
    agent_settings: {
      has_settings: false,
      phone_number: null,
      username: null,
      callback_number: null,
      connection_id: null,
    },
    twofactor: false,
  } satisfies SignedInResponse);
}

describe('realtime client (spec 1 §4, §7.8)', () => {
  beforeEach(() => {
    sockets.length = 0;
  });
  afterEach(() => {
    resetRealtimeForTests();
  });

  it('connects with the access token once there is a user, and subscribes the private channel', () => {
    const stop = startRealtime();
    expect(sockets).toHaveLength(0);
    signIn('token-a');
    expect(sockets).toHaveLength(1);
    expect(sockets[0].handshakeTokens).toEqual(['token-a']);
    expect(sockets[0].subscriptions()).toEqual(['user.7']);
    expect(getRealtimeStatus()).toBe('connected');
    stop();
    expect(sockets[0].connected).toBe(false);
  });

  it('re-authenticates the live connection with the refreshed token, keeping its channels', () => {
    signIn('token-a');
    const stop = startRealtime();
    const socket = sockets[0];
    const unsubscribe = subscribeChannel('ticket_5', { presence: () => undefined });
    expect(socket.subscriptions()).toEqual(['user.7', 'ticket_5']);

    authStore.setTokens({
      access_token: 'token-b',
      refresh_token: 'refresh-b',
      token_id: 'session-1',
      expires_in: 900,
    });

    expect(sockets).toHaveLength(1);
    expect(socket.sent.at(-1)).toMatchObject({ event: 'authenticate', args: ['token-b', expect.any(Function)] });
    expect(socket.handshakeTokens).toEqual(['token-a']);
    expect(socket.connected).toBe(true);
    expect(socket.subscriptions()).toEqual(['user.7', 'ticket_5']);
    // The same token again sends nothing more.
    authStore.setPermissions(['view calendar']);
    expect(socket.sent.filter((entry) => entry.event === 'authenticate')).toHaveLength(1);
    unsubscribe();
    expect(socket.sent.at(-1)).toMatchObject({ event: 'unsubscribe', args: ['ticket_5', expect.any(Function)] });
    stop();
  });

  it('reconnects with the new token when the server refuses the re-authentication, and subscribes every channel again', () => {
    signIn('token-a');
    const stop = startRealtime();
    const socket = sockets[0];
    subscribeChannel('ticket_5', { presence: () => undefined });
    socket.acks.authenticate = { ok: false, error: 'Unauthenticated.' };

    authStore.setTokens({
      access_token: 'token-b',
      refresh_token: 'refresh-b',
      token_id: 'session-1',
      expires_in: 900,
    });

    expect(socket.handshakeTokens).toEqual(['token-a', 'token-b']);
    expect(socket.subscriptions()).toEqual(['user.7', 'ticket_5', 'user.7', 'ticket_5']);
    expect(getRealtimeStatus()).toBe('connected');
    stop();
  });

  it('reconnects rather than re-authenticates for a token of another session', () => {
    signIn('token-a');
    const stop = startRealtime();
    const socket = sockets[0];
    signIn('token-c', 7, 'session-2');
    expect(socket.handshakeTokens).toEqual(['token-a', 'token-c']);
    expect(socket.sent.some((entry) => entry.event === 'authenticate')).toBe(false);
    stop();
  });

  it('counts subscribers: the server subscription lasts while anyone listens', () => {
    signIn('token-a');
    const stop = startRealtime();
    const socket = sockets[0];
    const first = vi.fn();
    const second = vi.fn();
    const leaveFirst = subscribeChannel('store', { CompanyUpdated: first });
    const leaveSecond = subscribeChannel('store', { CompanyUpdated: second });
    expect(socket.subscriptions().filter((name) => name === 'store')).toHaveLength(1);

    socket.serverEmit('store', 'CompanyUpdated', { id: 1 });
    expect(first).toHaveBeenCalledWith({ id: 1 }, { channel: 'store' });
    expect(second).toHaveBeenCalledTimes(1);

    leaveFirst();
    expect(socket.sent.some((entry) => entry.event === 'unsubscribe')).toBe(false);
    socket.serverEmit('store', 'CompanyUpdated', { id: 2 });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
    leaveSecond();
    expect(socket.sent.filter((entry) => entry.event === 'unsubscribe').map((entry) => entry.args[0])).toEqual([
      'store',
    ]);
    // Events of other channels never reach a handler.
    socket.serverEmit('ticket_9', 'CompanyUpdated', {});
    expect(second).toHaveBeenCalledTimes(2);
    stop();
  });

  it("publishes the private channel's events, and tells whether a lock is about this tab's session", () => {
    signIn('token-a');
    const stop = startRealtime();
    const permissions = vi.fn();
    const locked = vi.fn();
    const offPermissions = onUserEvent('PermissionsUpdated', permissions);
    const offLocked = onAccountLocked(locked);

    sockets[0].serverEmit('user.7', 'PermissionsUpdated', { permissions: ['view calendar'] });
    sockets[0].serverEmit('user.7', 'AccountLocked', { token_id: 'session-1' });
    sockets[0].serverEmit('user.7', 'AccountLocked', { token_id: 'another-session' });
    // Someone else's channel is not ours.
    sockets[0].serverEmit('user.8', 'PermissionsUpdated', { permissions: [] });

    expect(permissions).toHaveBeenCalledTimes(1);
    expect(permissions).toHaveBeenCalledWith({ permissions: ['view calendar'] });
    expect(locked.mock.calls).toEqual([
      [{ token_id: 'session-1', isCurrentSession: true }],
      [{ token_id: 'another-session', isCurrentSession: false }],
    ]);
    offPermissions();
    offLocked();
    stop();
  });

  it('closes on sign-out', () => {
    signIn('token-a');
    const stop = startRealtime();
    authStore.clear();
    expect(sockets[0].connected).toBe(false);
    expect(getRealtimeStatus()).toBe('disconnected');
    stop();
  });

  it('when the server refuses the token, asks the API once: the refreshed token then reconnects the socket', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      const auth = new Headers(init?.headers).get('Authorization');
      if (url === '/api/login/refresh') {
        return new Response(
          JSON.stringify({
            access_token: 'token-b',
            refresh_token: 'refresh-b',
            token_id: 'session-1',
            expires_in: 900,
          }),
          { status: 200 },
        );
      }
      if (auth === 'Bearer token-a')
        return new Response(JSON.stringify({ message: 'Unauthenticated.' }), { status: 401 });
      return new Response(JSON.stringify({ data: {} }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    signIn('token-a');
    const stop = startRealtime();
    const socket = sockets[0];
    socket.connected = false;
    socket.active = false;
    socket.fire('connect_error', new Error('Unauthenticated.'));
    socket.fire('connect_error', new Error('Unauthenticated.'));

    await vi.waitFor(() => expect(socket.handshakeTokens).toEqual(['token-a', 'token-b']));
    const urls = (fetchMock.mock.calls as unknown as [string][]).map(([url]) => url);
    expect(urls).toEqual(['/api/session', '/api/login/refresh', '/api/session']);
    expect(socket.connected).toBe(true);
    stop();
  });
});
