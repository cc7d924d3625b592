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
});
