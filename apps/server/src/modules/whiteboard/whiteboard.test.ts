import {
  whiteboardArticleResponseSchema,
  whiteboardArticleSavedResponseSchema,
  whiteboardCategoryListResponseSchema,
  whiteboardImageResponseSchema,
  whiteboardMessages,
  type WhiteboardCategoryListResponse,
} from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  multipartBody,
  type TestContext,
} from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { companies } from '../companies/companies.table.ts';
import { whiteboardArticles, whiteboardCategories } from './whiteboard.table.ts';

// Issue 20 part 1 (spec 3 §2 Whiteboard, §3, §7 Other; decision 0053).

let ctx: TestContext;
let token: string;
let otherToken: string;
let clientToken: string;
let networkId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const writer = await createUser(ctx.db, { name: 'Wendy Writer' });
  const other = await createUser(ctx.db, { name: 'Oscar Other' });
  const [company] = await ctx.db.insert(companies).values({ name: 'Acme Dental' }).returning();
  const client = await createUser(ctx.db, { type: 'Client', companyId: company!.id });
  token = (await login(ctx.app, writer.email, writer.password)).access_token;
  otherToken = (await login(ctx.app, other.email, other.password)).access_token;
  clientToken = (await login(ctx.app, client.email, client.password)).access_token;
  const [network] = await ctx.db
    .insert(whiteboardCategories)
    .values({ categoryName: 'Networking' })
    .returning({ id: whiteboardCategories.id });
  networkId = network!.id;
});
afterAll(async () => {
  await ctx?.close();
});

async function postArticle(fields: Record<string, string>, url = '/api/whiteboard/article', auth = token) {
  const { payload, headers } = await multipartBody(fields);
  return ctx.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(auth) } });
}

const list = (search = '', auth = token) =>
  ctx.app.inject({ method: 'GET', url: '/api/whiteboard/category', query: { search }, headers: bearer(auth) });

async function categories(search = ''): Promise<WhiteboardCategoryListResponse> {
  const response = await list(search);
  expect(response.statusCode).toBe(200);
  // data.data: the body is the paginator (decision 0062).
  return expectExactShape(whiteboardCategoryListResponseSchema, response.json());
}

describe('whiteboard articles', () => {
  it('creates an article from the multipart form and reads it back', async () => {
    const response = await postArticle({
      title: 'VLAN basics',
      article_text: '<p>Tag the <strong>uplink</strong>.</p>',
      category_id: String(networkId),
    });
    expect(response.statusCode).toBe(200);
    const saved = expectExactShape(whiteboardArticleSavedResponseSchema, response.json());
    expect(saved.message).toBe(whiteboardMessages.created);
    expect(saved.data).toMatchObject({
      title: 'VLAN basics',
      article_text: '<p>Tag the <strong>uplink</strong>.</p>',
      category_id: networkId,
      category_name: 'Networking',
      created_by: { name: 'Wendy Writer' },
    });

    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/whiteboard/article/${saved.data.id}`,
      headers: bearer(token),
    });
    expect(expectExactShape(whiteboardArticleResponseSchema, read.json()).data.title).toBe('VLAN basics');
  });

  it('creates a category on the fly, nested, reusing a name that differs only in case', async () => {
    const first = await postArticle({
      title: 'Wi-Fi survey',
      article_text: '<p>Walk the floor.</p>',
      category_name: 'Wireless',
      category_parent_id: String(networkId),
    });
    expect(first.statusCode).toBe(200);
    const wireless = first.json<{ data: { category_id: number } }>().data.category_id;
    const second = await postArticle({
      title: 'Roaming',
      article_text: '<p>802.11r.</p>',
      category_name: 'wireless',
      category_parent_id: String(networkId),
    });
    expect(second.json<{ data: { category_id: number } }>().data.category_id).toBe(wireless);
    const page = await categories();
    expect(page.data.find((category) => category.id === wireless)).toEqual({
      id: wireless,
      parent_id: networkId,
      category_name: 'Wireless',
      articles: [
        { id: expect.any(Number), title: 'Roaming', category_id: wireless },
        { id: expect.any(Number), title: 'Wi-Fi survey', category_id: wireless },
      ],
    });
    expect(page.total).toBe(2);
  });

  it('answers 422 with the field messages', async () => {
    const empty = await postArticle({ title: ' ', article_text: '<p></p>' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        title: [whiteboardMessages.titleRequired],
        article_text: [whiteboardMessages.textRequired],
        category_id: [whiteboardMessages.categoryRequired],
      },
    });
    const long = await postArticle({ title: 'x'.repeat(256), article_text: '<p>a</p>', category_id: '999999' });
    expect(long.json().errors).toEqual({ title: [whiteboardMessages.titleMax] });
    const unknown = await postArticle({ title: 'A', article_text: '<p>a</p>', category_id: '999999' });
    expect(unknown.json().errors).toEqual({ category_id: [whiteboardMessages.categoryInvalid] });
    const parent = await postArticle({
      title: 'A',
      article_text: '<p>a</p>',
      category_name: 'New',
      category_parent_id: '999999',
    });
    expect(parent.json().errors).toEqual({ category_parent_id: [whiteboardMessages.parentInvalid] });
    expect((await categories()).data.map((category) => category.category_name)).not.toContain('New');
  });

  it('updates through POST with _method=PUT and through PUT; 404 for an unknown article', async () => {
    const created = await postArticle({ title: 'Draft', article_text: '<p>one</p>', category_id: String(networkId) });
    const id = created.json<{ data: { id: number } }>().data.id;
    const overridden = await postArticle(
      { _method: 'PUT', title: 'Final', article_text: '<p>two</p>', category_id: String(networkId) },
      `/api/whiteboard/article/${id}`,
    );
    expect(overridden.statusCode).toBe(200);
    expect(overridden.json()).toMatchObject({ message: whiteboardMessages.updated, data: { title: 'Final' } });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/whiteboard/article/${id}`,
      payload: { title: 'Final 2', article_text: '<p>three</p>', category_name: 'Top level' },
      headers: bearer(otherToken),
    });
    expect(put.json()).toMatchObject({
      data: { title: 'Final 2', category_name: 'Top level', updated_by: { name: 'Oscar Other' } },
    });
    // A POST without the override is not an update.
    const plain = await postArticle(
      { title: 'X', article_text: '<p>x</p>', category_id: String(networkId) },
      `/api/whiteboard/article/${id}`,
    );
    expect(plain.statusCode).toBe(404);
    const missing = await postArticle(
      { _method: 'PUT', title: 'X', article_text: '<p>x</p>', category_id: String(networkId) },
      '/api/whiteboard/article/999999',
    );
    expect(missing.statusCode).toBe(404);
  });

  it('deletes an article, then a category only once it is empty', async () => {
    const created = await postArticle({ title: 'Temp', article_text: '<p>t</p>', category_name: 'Scratch' });
    const { id, category_id } = created.json<{ data: { id: number; category_id: number } }>().data;
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/whiteboard/category/${category_id}`,
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ category: [whiteboardMessages.categoryNotEmpty] });
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/whiteboard/article/${id}`,
      headers: bearer(token),
    });
    expect(deleted.json()).toEqual({ message: whiteboardMessages.deleted });
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/whiteboard/article/${id}`,
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(404);
    const gone = await ctx.app.inject({ method: 'GET', url: `/api/whiteboard/article/${id}`, headers: bearer(token) });
    expect(gone.statusCode).toBe(404);
    const category = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/whiteboard/category/${category_id}`,
      headers: bearer(token),
    });
    expect(category.json()).toEqual({ message: whiteboardMessages.categoryDeleted });
  });
});

describe('whiteboard search', () => {
  beforeAll(async () => {
    const [backup] = await ctx.db
      .insert(whiteboardCategories)
      .values({ categoryName: 'Backups' })
      .returning({ id: whiteboardCategories.id });
    await ctx.db.insert(whiteboardArticles).values([
      {
        title: 'Restoring files',
        articleText: '<p>Open the <em>firewall</em> console before restoring anything from tape.</p>',
        categoryId: backup!.id,
      },
      { title: 'Firewall rules', articleText: '<p>Each rule names a port.</p>', categoryId: networkId },
    ]);
  });

  it('ranks a title match above a text match and highlights the matched words', async () => {
    const page = await categories('firewalls');
    const hits = page.data.flatMap((category) => category.articles);
    expect(hits.map((hit) => hit.title)).toEqual(['Firewall rules', 'Restoring files']);
    expect(page.data.map((category) => category.category_name)).toEqual(['Networking', 'Backups']);
    const [first, second] = hits as { rank: number; headline: string }[];
    expect(first!.rank).toBeGreaterThan(second!.rank);
    expect(second!.headline).toContain('<mark>firewall</mark>');
    expect(second!.headline).not.toContain('<em>');
  });

  it('takes quoted phrases and minus words, and answers an empty page when nothing matches', async () => {
    expect((await categories('"firewall console"')).data.flatMap((c) => c.articles.map((a) => a.title))).toEqual([
      'Restoring files',
    ]);
    expect((await categories('firewall -tape')).data.flatMap((c) => c.articles.map((a) => a.title))).toEqual([
      'Firewall rules',
    ]);
    const none = await categories('zzzqqq');
    expect(none).toMatchObject({ data: [], total: 0, from: null });
  });
});

describe('whiteboard access', () => {
  it('answers 401 without a token and 403 to a client account on every call', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/whiteboard/category' })).statusCode).toBe(401);
    expect((await list('', clientToken)).statusCode).toBe(403);
    const [article] = await ctx.db.select({ id: whiteboardArticles.id }).from(whiteboardArticles).limit(1);
    for (const [method, url] of [
      ['GET', `/api/whiteboard/article/${article!.id}`],
      ['DELETE', `/api/whiteboard/article/${article!.id}`],
      ['PUT', `/api/whiteboard/article/${article!.id}`],
      ['POST', '/api/whiteboard/article'],
      ['DELETE', `/api/whiteboard/category/${networkId}`],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url,
        payload:
          method === 'GET' || method === 'DELETE'
            ? undefined
            : { title: 'x', article_text: '<p>x</p>', category_id: networkId },
        headers: bearer(clientToken),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await ctx.db.select().from(whiteboardArticles)).toContainEqual(expect.objectContaining({ id: article!.id }));
  });
});

describe('whiteboard images', () => {
  const png = () => ({
    blob: new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }),
    name: 'shot.png',
  });
  const download = (file: string, auth: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/download', payload: { file }, headers: bearer(auth) });

  it('stores a pasted image, served to its uploader, then to all staff once an article holds it, never to clients', async () => {
    const { payload, headers } = await multipartBody({ image: png() });
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/whiteboard/image',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(uploaded.statusCode).toBe(200);
    const { file } = expectExactShape(whiteboardImageResponseSchema, uploaded.json()).data;
    expect(file).toMatch(/^uploads\/whiteboard\/[a-f0-9]{32}\.png$/);
    expect((await download(file, token)).statusCode).toBe(200);
    expect((await download(file, otherToken)).statusCode).toBe(404);

    const created = await postArticle({
      title: 'Diagram',
      article_text: `<p>See:</p><img src="${file}" alt="diagram">`,
      category_id: String(networkId),
    });
    const id = created.json<{ data: { id: number } }>().data.id;
    expect((await download(file, otherToken)).statusCode).toBe(200);
    expect((await download(file, clientToken)).statusCode).toBe(404);

    await ctx.app.inject({ method: 'DELETE', url: `/api/whiteboard/article/${id}`, headers: bearer(token) });
    expect((await download(file, token)).statusCode).toBe(404);
  });

  it('refuses a file that is not an image, and multipart on the list call', async () => {
    const { payload, headers } = await multipartBody({
      image: { blob: new Blob(['hello'], { type: 'text/plain' }), name: 'a.txt' },
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/whiteboard/image',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ image: [whiteboardMessages.imageType] });
    const client = await ctx.app.inject({
      method: 'POST',
      url: '/api/whiteboard/image',
      payload,
      headers: { ...headers, ...bearer(clientToken) },
    });
    expect(client.statusCode).toBe(403);
  });
});
