import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  multipartBody,
  type TestContext,
} from '../../../test/helpers.ts';

// Issue 26 §6: the whiteboard messages no test named, triggered through the routes and asserted as literal text.

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const writer = await createUser(ctx.db, { name: 'Wes Wording' });
  token = (await login(ctx.app, writer.email, writer.password)).access_token;
});
afterAll(async () => {
  await ctx?.close();
});

async function postForm(url: string, fields: Record<string, string>) {
  const { payload, headers } = await multipartBody(fields);
  return ctx.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(token) } });
}

describe('whiteboard messages', () => {
  it('keeps a new category name to 100 characters and the article text to 500,000', async () => {
    const response = await postForm('/api/whiteboard/article', {
      title: 'Printers',
      article_text: `<p>${'x'.repeat(500_001)}</p>`,
      category_name: 'c'.repeat(101),
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({
      article_text: ['The article text may not be greater than 500000 characters.'],
      category_name: ['The category name may not be greater than 100 characters.'],
    });
  });

  it('asks for the image when an image upload carries none', async () => {
    const response = await postForm('/api/whiteboard/image', { name: 'diagram.png' });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ image: ['The image field is required.'] });
  });

  it('names a long title, an unknown category and an unknown parent', async () => {
    const longTitle = await postForm('/api/whiteboard/article', {
      title: 't'.repeat(256),
      article_text: '<p>Steps</p>',
      category_id: '999999',
    });
    expect(longTitle.statusCode, longTitle.body).toBe(422);
    expect(longTitle.json().errors).toEqual({ title: ['The title may not be greater than 255 characters.'] });
    const unknownCategory = await postForm('/api/whiteboard/article', {
      title: 'Printers',
      article_text: '<p>Steps</p>',
      category_id: '999999',
    });
    expect(unknownCategory.statusCode, unknownCategory.body).toBe(422);
    expect(unknownCategory.json().errors).toEqual({ category_id: ['The selected category id is invalid.'] });
    const unknownParent = await postForm('/api/whiteboard/article', {
      title: 'Printers',
      article_text: '<p>Steps</p>',
      category_name: 'Printing',
      category_parent_id: '999999',
    });
    expect(unknownParent.statusCode, unknownParent.body).toBe(422);
    expect(unknownParent.json().errors).toEqual({
      category_parent_id: ['The selected category parent id is invalid.'],
    });
  });

  it('refuses an image that is not png, jpg, gif or webp', async () => {
    const { payload, headers } = await multipartBody({
      image: { blob: new Blob(['hello'], { type: 'text/plain' }), name: 'a.txt' },
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/whiteboard/image',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual({ image: ['The image must be a file of type: png, jpg, gif, webp.'] });
  });

  it("answers 'Article updated.' and 'Article deleted.', and keeps a category with an article", async () => {
    const created = await postForm('/api/whiteboard/article', {
      title: 'VPN',
      article_text: '<p>Connect first</p>',
      category_name: `Remote ${Date.now()}`,
    });
    expect(created.statusCode, created.body).toBe(200);
    const article = created.json<{ data: { id: number; category_id: number } }>().data;
    const inUse = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/whiteboard/category/${article.category_id}`,
      headers: bearer(token),
    });
    expect(inUse.statusCode, inUse.body).toBe(422);
    expect(inUse.json().errors).toEqual({ category: ['Only an empty category can be deleted.'] });
    const updated = await postForm(`/api/whiteboard/article/${article.id}`, {
      _method: 'PUT',
      title: 'VPN',
      article_text: '<p>Connect first, then sign in</p>',
      category_id: String(article.category_id),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().message).toBe('Article updated.');
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/whiteboard/article/${article.id}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Article deleted.' });
  });
});
