import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { postAnonymously } from './anon.ts';

// The reporter's calls (designs/hr.md §4; decision 0105): a plain fetch that carries no identity, even when the
// browser holds a session, and that turns a 422 into the same ApiError the forms read.

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('postAnonymously', () => {
  it('sends JSON without Authorization, cookies or referrer, even when signed in', async () => {
    localStorage.setItem('access_token', 'a-signed-in-token-that-must-not-leave');
    const fetchMock = stubFetch(200, { message: 'Your report was sent.', reply_code: null });
    const answer = await postAnonymously<{ message: string }>('/api/hr/anonemail', { subject: 'Hello' });
    expect(answer.message).toBe('Your report was sent.');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/hr/anonemail');
    expect(init?.credentials).toBe('omit');
    expect(init?.referrerPolicy).toBe('no-referrer');
    expect(JSON.stringify(init?.headers).toLowerCase()).not.toContain('authorization');
    expect(JSON.stringify(init)).not.toContain('a-signed-in-token');
    expect(init?.body).toBe(JSON.stringify({ subject: 'Hello' }));
  });

  it('answers a 422 as an ApiError with the fields, and a 404 with the server message', async () => {
    stubFetch(422, { message: 'The given data was invalid.', errors: { subject: ['The subject field is required.'] } });
    const invalid = await postAnonymously('/api/hr/anonemail', {}).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(ApiError);
    expect((invalid as ApiError).status).toBe(422);
    expect((invalid as ApiError).errors).toEqual({ subject: ['The subject field is required.'] });
    stubFetch(404, { message: 'No report has this code.' });
    const unknown = (await postAnonymously('/api/hr/anonemail/lookup', { code: 'x' }).catch(
      (error: unknown) => error,
    )) as ApiError;
    expect([unknown.status, unknown.message, unknown.hasServerMessage]).toEqual([
      404,
      'No report has this code.',
      true,
    ]);
  });
});
