import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, login, type TestContext } from '../../test/helpers.ts';
import { connectSocket, listenForSockets } from '../../test/realtime.ts';

// Issue 26 §6: 'Server error.', the socket's refusal when its sign-in cannot be checked, asserted as literal text.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('realtime messages', () => {
  it("refuses a socket with 'Server error.' when the sessions cannot be read", async () => {
    const user = await createUser(ctx.db, { name: 'Sal Socket' });
    const { access_token } = await login(ctx.app, user.email, user.password);
    const baseUrl = await listenForSockets(ctx.app);
    // The sign-in check cannot read the sessions while the table is away (this test's own database).
    await ctx.db.execute(sql`alter table sessions rename to sessions_away`);
    try {
      await expect(connectSocket(baseUrl, access_token)).rejects.toThrow(/^Server error\.$/);
    } finally {
      await ctx.db.execute(sql`alter table sessions_away rename to sessions`);
    }
    // Readable again, the same token connects.
    (await connectSocket(baseUrl, access_token)).close();
  });
});
