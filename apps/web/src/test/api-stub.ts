import { vi } from 'vitest';
import { jsonResponse } from './render.tsx';

export interface StubCall {
  method: string;
  /** Path and query, e.g. '/api/profile/sessions?page=1'. */
  url: string;
  authorization: string | null;
  body: unknown;
}

type Answer = Response | [status: number, body: unknown];
type Handler = (call: StubCall) => Answer | Promise<Answer>;

/**
 * Stubs fetch with answers by 'METHOD /path' (the query is ignored for matching); unknown calls answer 404. Handlers
 * may be changed during the test through the returned `routes`. Every call is recorded in `calls`.
 */
export function stubApi(initial: Record<string, Handler | Answer>) {
  const routes: Record<string, Handler | Answer> = { ...initial };
  const calls: StubCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const url = String(input);
    const call: StubCall = {
      method: init?.method ?? 'GET',
      url,
      authorization: headers.get('Authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${url.split('?')[0]}`];
    const answer = typeof route === 'function' ? await route(call) : route;
    if (!answer) return jsonResponse(404, { message: 'Not found.' });
    return answer instanceof Response ? answer : jsonResponse(answer[0], answer[1]);
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.url.split('?')[0] === path);
  return { routes, calls, callsTo, fetchMock };
}
