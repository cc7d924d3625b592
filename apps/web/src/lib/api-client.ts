import type { TokenResponse } from '@switchboard/shared';
import { isLockedBody, lockStore } from './account-lock.ts';
import { authStore } from './auth-store.ts';

export type FieldErrors = Record<string, string[]>;

/** A failed API call: HTTP status (0 when the server could not be reached), message and 422 field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors | undefined;
  /** True when the message came from the server's { message } rather than from the client. */
  readonly hasServerMessage: boolean;
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    options: { errors?: FieldErrors; hasServerMessage?: boolean; body?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = options.errors;
    this.hasServerMessage = options.hasServerMessage ?? false;
    this.body = options.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Plain objects are sent as JSON; FormData and URLSearchParams as they are. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the bearer token and refresh it on a 401 (default true). */
  auth?: boolean;
  responseType?: 'json' | 'blob' | 'text';
}

export interface ApiClientConfig {
  /** Called once the session is gone (the refresh token was refused): navigate to the login screen. */
  onSessionExpired: () => void;
}

let config: ApiClientConfig = {
  onSessionExpired: () => {
    window.location.assign('/login');
  },
};

export function configureApiClient(next: Partial<ApiClientConfig>): void {
  config = { ...config, ...next };
}

// Calls whose 401 means "wrong credentials", not "expired access token": never refreshed and replayed (spec 1 §4).
const noRefreshPaths = new Set(['/api/login', '/api/login/refresh', '/api/login/twofactor', '/api/login/locked_login']);

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function send(path: string, options: ApiRequestOptions, accessToken: string | null): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  if (accessToken && options.auth !== false) headers.set('Authorization', `Bearer ${accessToken}`);
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: encodeBody(options.body, headers),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Unable to reach the server.');
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined);
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const message = typeof record.message === 'string' && record.message ? record.message : null;
  const errors = isFieldErrors(record.errors) ? record.errors : undefined;
  return new ApiError(response.status, message ?? `Request failed with status ${response.status}.`, {
    errors,
    hasServerMessage: message !== null,
    body,
  });
}

function isFieldErrors(value: unknown): value is FieldErrors {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).every(
    (messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'),
  );
}

async function parseSuccess<T>(response: Response, responseType: ApiRequestOptions['responseType']): Promise<T> {
  if (responseType === 'blob') return (await response.blob()) as T;
  if (responseType === 'text') return (await response.text()) as T;
  return (await readBody(response)) as T;
}

// ---- Expired access (spec 1 §4): one refresh at a time; requests that got a 401 meanwhile wait in the queue. ----

interface QueuedRequest {
  resolve: (accessToken: string) => void;
  reject: (error: unknown) => void;
}

let refreshInFlight = false;
let queue: QueuedRequest[] = [];

function flushQueue(error: unknown, accessToken: string | null): void {
  const waiting = queue;
  queue = [];
  for (const request of waiting) {
    if (accessToken) request.resolve(accessToken);
    else request.reject(error);
  }
}

function expireSession(): void {
  authStore.clear();
  config.onSessionExpired();
}

async function runRefresh(): Promise<void> {
  const refreshToken = authStore.getState().refreshToken;
  try {
    if (!refreshToken) throw new ApiError(401, 'Your session has expired.');
    const response = await send(
      '/api/login/refresh',
      { method: 'POST', body: { refresh_token: refreshToken }, auth: false },
      null,
    );
    if (!response.ok) throw await toApiError(response);
    const tokens = (await readBody(response)) as TokenResponse;
    if (!tokens?.access_token) throw new ApiError(401, 'Your session has expired.');
    // Signed out (or in again) while the refresh was running: its tokens belong to a session that has ended.
    if (authStore.getState().refreshToken !== refreshToken) throw new ApiError(401, 'Your session has ended.');
    authStore.setTokens(tokens);
    refreshInFlight = false;
    flushQueue(null, tokens.access_token);
  } catch (error) {
    refreshInFlight = false;
    // A locked session (423) keeps its tokens until the lock screen's password renews them (spec 1 §2.4).
    if (error instanceof ApiError && error.status === 423 && isLockedBody(error.body)) lockStore.lock(error.body.user);
    // The refresh token itself was refused: the session is over. A network failure only fails the waiting requests.
    const refused = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 423;
    flushQueue(refused ? new ApiError(401, 'Your session has expired.') : error, null);
    if (refused && authStore.getState().refreshToken === refreshToken) expireSession();
  }
}

/** Resolves with a fresh access token once the (single) running refresh succeeds. */
function waitForRefreshedToken(): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    queue.push({ resolve, reject });
    if (!refreshInFlight) {
      refreshInFlight = true;
      void runRefresh();
    }
  });
}

/**
 * The one way the web app talks to the API. Sends the bearer token, parses JSON, throws ApiError for any non-2xx,
 * and on a 401 refreshes the access token once (shared with every other request that failed meanwhile) and replays.
 */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const useAuth = options.auth !== false;
  const sentWith = useAuth ? authStore.getState().accessToken : null;
  let response = await send(path, options, sentWith);

  if (response.status === 401 && useAuth && sentWith && !noRefreshPaths.has(path)) {
    // Another tab may have refreshed meanwhile (its storage event not yet seen): its tokens are in localStorage. A
    // refresh token older than the newest revokes the whole sign-in (decision 0076), so never present a stale one.
    authStore.syncFromStorage();
    const current = authStore.getState().accessToken;
    // Signed out while this request was on its way (e.g. logout): nothing to refresh, nobody to send to login.
    if (!current) throw await toApiError(response);
    // Another request (or tab) already refreshed after this one was sent: replay with the new token straight away.
    const renewed = current !== sentWith && !refreshInFlight;
    response = await send(path, options, renewed ? current : await waitForRefreshedToken());
    // That token had expired as well: refresh it once, with the newest refresh token.
    if (renewed && response.status === 401 && authStore.getState().accessToken === current)
      response = await send(path, options, await waitForRefreshedToken());
  }

  if (!response.ok) {
    const error = await toApiError(response);
    // Spec 1 §2.4: a locked session is refused everywhere; the lock screen replaces the app.
    if (response.status === 423 && isLockedBody(error.body)) lockStore.lock(error.body.user);
    throw error;
  }
  return parseSuccess<T>(response, options.responseType);
}

export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'DELETE' }),
};

/** For tests: forget a refresh that a previous test left behind. */
export function resetApiClientForTests(): void {
  refreshInFlight = false;
  queue = [];
}
