import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render.tsx';
import { api, configureApiClient, resetApiClientForTests } from './api-client.ts';
import { authStore } from './auth-store.ts';

// Decision 0076: the server revokes the whole sign-in when a refresh token older than the newest comes back. Tabs
// share their tokens through localStorage; a tab whose access token expired first reads what another tab stored, so
// it never refreshes with a token another tab has already rotated away.

interface Call {
  url: string;
  authorization: string | null;
  body: unknown;
}

function stubFetch(respond: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: Call = {
        url: String(input),
        authorization: new Headers(init?.headers).get('Authorization'),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return respond(call);
    }),
  );
  return calls;
}

describe('a 401 after another tab refreshed', () => {
  const onSessionExpired = vi.fn();

  beforeEach(() => {
    resetApiClientForTests();
    onSessionExpired.mockReset();
    configureApiClient({ onSessionExpired });
    authStore.setTokens({
      access_token: 'old-access',
      refresh_token: 'refresh-1',
      token_id: 'token-1',
      expires_in: 900,
    });
  });

  it("replays with the other tab's access token and presents no refresh token", async () => {
    // The other tab rotated the pair; this tab has not seen the storage event yet.
    window.localStorage.setItem('access_token', 'tab-access');
    window.localStorage.setItem('refresh_token', 'refresh-2');
    const calls = stubFetch((call) => {
      if (call.url === '/api/login/refresh') return jsonResponse(401, { message: 'Unauthenticated.' });
      if (call.authorization === 'Bearer tab-access') return jsonResponse(200, { ok: true });
      return jsonResponse(401, { message: 'Unauthenticated.' });
    });

    await expect(api.get('/api/tickets')).resolves.toEqual({ ok: true });
    expect(calls.map((call) => [call.url, call.authorization])).toEqual([
      ['/api/tickets', 'Bearer old-access'],
      ['/api/tickets', 'Bearer tab-access'],
    ]);
    expect(authStore.getState().refreshToken).toBe('refresh-2');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it("refreshes with the newest refresh token in storage when the other tab's access expired too", async () => {
    window.localStorage.setItem('access_token', 'tab-access');
    window.localStorage.setItem('refresh_token', 'refresh-2');
    const calls = stubFetch((call) => {
      if (call.url === '/api/login/refresh')
        return jsonResponse(200, {
          access_token: 'new-access',
          refresh_token: 'refresh-3',
          token_id: 'token-1',
          expires_in: 900,
        });
      if (call.authorization === 'Bearer new-access') return jsonResponse(200, { ok: true });
      return jsonResponse(401, { message: 'Unauthenticated.' });
    });

    await expect(api.get('/api/tickets')).resolves.toEqual({ ok: true });
    const refreshes = calls.filter((call) => call.url === '/api/login/refresh');
    expect(refreshes.map((call) => call.body)).toEqual([{ refresh_token: 'refresh-2' }]);
  });
});
