import type { LoginResponse } from '@switchboard/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render.tsx';
import { ApiError, api, configureApiClient } from './api-client.ts';
import { authStore } from './auth-store.ts';

function signInWith(accessToken: string, refreshToken: string): void {
  authStore.signIn({
    access_token: accessToken,
    refresh_token: refreshToken,
    token_id: 'token-1',
    expires_in: 900,
    user: {
      id: 1,
      type: 'Employee',
      role: 'admin',
      name: 'Ada Admin',
      shortname: 'AA',
      email: 'ada@example.com',
      photo: null,
      avatar: null,
      created_at: '2026-01-05T09:00:00.000Z',
      email_verified_at: null,
      employee: null,
    },
    permissions: ['view dashboard'],
    notifications: [],
    agent_settings: {
      has_settings: false,
      phone_number: null,
      username: null,
      callback_number: null,
      connection_id: null,
    },
    twofactor: false,
  } satisfies LoginResponse);
}

interface Call {
  url: string;
  authorization: string | null;
  body: unknown;
}

/** A fetch stub: `respond` decides the answer; every call is recorded. */
function stubFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call: Call = {
      url: String(input),
      authorization: headers.get('Authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return respond(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('expired access (spec 1 §4)', () => {
  const onSessionExpired = vi.fn();

  beforeEach(() => {
    onSessionExpired.mockReset();
    configureApiClient({ onSessionExpired });
    signInWith('old-access', 'refresh-1');
  });

  it('runs one refresh for two concurrent 401s and replays both requests with the new token', async () => {
    const refreshAnswer = deferred<Response>();
    const calls = stubFetch((call) => {
      if (call.url === '/api/login/refresh') return refreshAnswer.promise;
      if (call.authorization === 'Bearer new-access') return jsonResponse(200, { data: call.url });
      return jsonResponse(401, { message: 'Unauthenticated.' });
    });

    const first = api.get<{ data: string }>('/api/tickets');
    const second = api.get<{ data: string }>('/api/companies');
    // Both requests have failed and wait in the queue before the refresh answers.
    await vi.waitFor(() => expect(calls.filter((c) => c.url !== '/api/login/refresh')).toHaveLength(2));
    refreshAnswer.resolve(
      jsonResponse(200, {
        access_token: 'new-access',
        refresh_token: 'refresh-2',
        token_id: 'token-2',
        expires_in: 900,
      }),
    );

    await expect(first).resolves.toEqual({ data: '/api/tickets' });
    await expect(second).resolves.toEqual({ data: '/api/companies' });

    const refreshCalls = calls.filter((c) => c.url === '/api/login/refresh');
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0].body).toEqual({ refresh_token: 'refresh-1' });
    expect(refreshCalls[0].authorization).toBeNull();
    expect(calls.filter((c) => c.url === '/api/tickets').map((c) => c.authorization)).toEqual([
      'Bearer old-access',
      'Bearer new-access',
    ]);
    expect(calls.filter((c) => c.url === '/api/companies').map((c) => c.authorization)).toEqual([
      'Bearer old-access',
      'Bearer new-access',
    ]);
    expect(window.localStorage.getItem('access_token')).toBe('new-access');
    expect(window.localStorage.getItem('refresh_token')).toBe('refresh-2');
    expect(window.localStorage.getItem('token_id')).toBe('token-2');
    expect(authStore.getState().user?.name).toBe('Ada Admin');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('replays without a second refresh when the token was already renewed by another request', async () => {
    const slowAnswer = deferred<Response>();
    const calls = stubFetch((call) => {
      if (call.url === '/api/login/refresh') {
        return jsonResponse(200, {
          access_token: 'new-access',
          refresh_token: 'refresh-2',
          token_id: 'token-2',
          expires_in: 900,
        });
      }
      if (call.authorization === 'Bearer new-access') return jsonResponse(200, { ok: call.url });
      if (call.url === '/api/slow') return slowAnswer.promise;
      return jsonResponse(401, { message: 'Unauthenticated.' });
    });

    const slow = api.get('/api/slow');
    await expect(api.get('/api/fast')).resolves.toEqual({ ok: '/api/fast' });
    slowAnswer.resolve(jsonResponse(401, { message: 'Unauthenticated.' }));
    await expect(slow).resolves.toEqual({ ok: '/api/slow' });
    expect(calls.filter((c) => c.url === '/api/login/refresh')).toHaveLength(1);
  });

  it('clears the queue and logs out when the refresh is refused', async () => {
    const calls = stubFetch((call) => {
      if (call.url === '/api/login/refresh') return jsonResponse(401, { message: 'Unauthenticated.' });
      return jsonResponse(401, { message: 'Unauthenticated.' });
    });

    const results = await Promise.allSettled([api.get('/api/tickets'), api.get('/api/companies')]);

    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
      expect(((result as PromiseRejectedResult).reason as ApiError).status).toBe(401);
    }
    expect(calls.filter((c) => c.url === '/api/login/refresh')).toHaveLength(1);
    // Nothing is replayed after a refused refresh.
    expect(calls.filter((c) => c.url !== '/api/login/refresh')).toHaveLength(2);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(authStore.getState().accessToken).toBeNull();
    expect(authStore.getState().user).toBeNull();
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(window.localStorage.getItem('refresh_token')).toBeNull();
    expect(window.localStorage.getItem('token_id')).toBeNull();
  });

  it('fails the waiting requests but keeps the session when the refresh cannot reach the server', async () => {
    stubFetch((call) => {
      if (call.url === '/api/login/refresh') throw new TypeError('Failed to fetch');
      return jsonResponse(401, { message: 'Unauthenticated.' });
    });

    await expect(api.get('/api/tickets')).rejects.toMatchObject({ status: 0 });
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(authStore.getState().accessToken).toBe('old-access');
  });

  it('neither refreshes nor sends to login for a 401 that arrives after signing out', async () => {
    const answer = deferred<Response>();
    const calls = stubFetch((call) => (call.url === '/api/misc/staticdata' ? answer.promise : jsonResponse(200, {})));

    const pending = api.get('/api/misc/staticdata');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    authStore.clear(); // logout while the request is on its way; the server then revokes the token
    answer.resolve(jsonResponse(401, { message: 'Unauthenticated.' }));

    await expect(pending).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url)).toEqual(['/api/misc/staticdata']);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('discards a refresh that answers after signing out', async () => {
    const refreshAnswer = deferred<Response>();
    const calls = stubFetch((call) =>
      call.url === '/api/login/refresh' ? refreshAnswer.promise : jsonResponse(401, {}),
    );

    const pending = api.get('/api/tickets');
    await vi.waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/login/refresh'));
    authStore.clear();
    refreshAnswer.resolve(
      jsonResponse(200, {
        access_token: 'new-access',
        refresh_token: 'refresh-2',
        token_id: 'token-2',
        expires_in: 900,
      }),
    );

    await expect(pending).rejects.toMatchObject({ status: 401 });
    expect(authStore.getState().accessToken).toBeNull();
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('never refreshes for a 401 of the login call itself', async () => {
    const calls = stubFetch(() => jsonResponse(401, { message: 'Invalid email / password.' }));

    const error = await api
      .post('/api/login', { email: 'a@b.co', password: 'x' }, { auth: false })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Invalid email / password.', hasServerMessage: true });
    expect(calls.map((c) => c.url)).toEqual(['/api/login']);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('apiFetch', () => {
  it('sends JSON with the bearer token and query parameters, and parses the answer', async () => {
    signInWith('access-1', 'refresh-1');
    let seen: { url: string; init?: RequestInit } | null = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        seen = { url: String(input), init };
        return jsonResponse(200, { data: { id: 7 } });
      }),
    );

    const answer = await api.post<{ data: { id: number } }>(
      '/api/things',
      { name: 'A' },
      { query: { page: 2, empty: undefined } },
    );

    expect(answer).toEqual({ data: { id: 7 } });
    expect(seen!.url).toBe('/api/things?page=2');
    const headers = new Headers(seen!.init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer access-1');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(seen!.init?.body).toBe('{"name":"A"}');
  });

  it('turns a 422 into an ApiError with the field errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: { email: ['The email field is required.'] },
        }),
      ),
    );

    const error = await api.post('/api/things', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'The given data was invalid.',
      errors: { email: ['The email field is required.'] },
    });
  });
});
