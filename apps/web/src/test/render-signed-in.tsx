import type { SessionResponse } from '@switchboard/shared';
import { vi } from 'vitest';
import { authStore } from '../lib/auth-store.ts';
import { jsonResponse, renderApp } from './render.tsx';
import { signedInResponse } from './signed-in.ts';

/** The answer a test gives to a call of the page under test; undefined when it is not one of its calls (then 404). */
export type ApiAnswer = (
  url: string,
  init: RequestInit | undefined,
) => Response | undefined | Promise<Response | undefined>;

type SessionUser = SessionResponse['data']['user'];

/** GET /api/session for employee Ada Admin (id 1) with the given permissions and user fields. */
export function sessionResponse(permissions: string[], user: Partial<SessionUser> = {}): SessionResponse {
  const ada = { name: 'Ada Admin', shortname: 'Ada', email: 'ada@example.com', ...user };
  const signedIn = signedInResponse(permissions, ada);
  return {
    data: {
      user: signedIn.user,
      permissions,
      notifications: signedIn.notifications,
      agent_settings: signedIn.agent_settings,
      token_id: 'token-1',
      shadowing: false,
    },
  };
}

/** Stores a session's tokens as a sign-in does, so the app starts by reading GET /api/session. */
export function signIn(): void {
  window.localStorage.setItem('access_token', 'access-1');
  window.localStorage.setItem('refresh_token', 'refresh-1');
  window.localStorage.setItem('token_id', 'token-1');
  authStore.syncFromStorage();
}

/** The shell's own calls (session, notifications, time clock) for stubApi's route table in test/api-stub.ts. */
export function shellRoutes(permissions: string[], user: Partial<SessionUser> = {}) {
  return {
    'GET /api/session': [200, sessionResponse(permissions, user)],
    'GET /api/notifications': [200, { data: [] }],
    'GET /api/misc/timeclock': [200, { data: { status: 5, start_time: null } }],
  } satisfies Record<string, [number, unknown]>;
}

/**
 * Renders the app at `path` for a signed-in employee with `permissions`: fetch answers the shell's own calls, then
 * `api` for the page's calls, then 404. Returns the fetch mock (every call, the shell's too) and renderApp's result.
 */
export function renderSignedIn(
  path: string,
  { permissions, api, user }: { permissions: string[]; api?: ApiAnswer; user?: Partial<SessionUser> },
) {
  signIn();
  const shell: Record<string, [number, unknown]> = shellRoutes(permissions, user);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const own = shell[`${init?.method ?? 'GET'} ${url.split('?')[0]}`];
    if (own) return jsonResponse(...own);
    return (await api?.(url, init)) ?? jsonResponse(404, { message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, ...renderApp(path) };
}

/** findBy's wait for a route's first render: its lazy chunk compiles on the fly, slowly on a loaded machine. */
export const firstLoad = { timeout: 30_000 };
