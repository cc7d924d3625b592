import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../../test/helpers.ts';
import { runJob } from '../../plugins/jobs.ts';
import { chatFiles, chatMessages, chatRooms } from '../chat/chat.table.ts';
import { whiteboardArticles, whiteboardCategories, whiteboardImages } from '../whiteboard/whiteboard.table.ts';
import { uploadSweepJob } from './upkeep.routes.ts';

const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** Writes a stored file under DATA_DIR, dated `when`. */
async function storedFile(relative: string, when = new Date()): Promise<string> {
  const full = join(ctx.config.dataDir, relative);
  await mkdir(dirname(full), { recursive: true });
  await writeFile(full, 'bytes');
  await utimes(full, when, when);
  return relative;
}

const stored = (relative: string) => existsSync(join(ctx.config.dataDir, relative));

describe('the nightly upload sweep', () => {
  it('removes day-old temporary uploads and keeps fresh ones', async () => {
    const old = await storedFile('uploads/tmp/left-by-a-crash', twoDaysAgo);
    const fresh = await storedFile('uploads/tmp/being-written');
    await runJob(ctx.app, uploadSweepJob);
    expect(stored(old)).toBe(false);
    expect(stored(fresh)).toBe(true);
  });

  it("removes article images no article names, once they and the article's last save are a day old", async () => {
    const user = await createUser(ctx.db);
    const [category] = await ctx.db.insert(whiteboardCategories).values({ categoryName: 'Sweep' }).returning();
    const kept = await storedFile('uploads/whiteboard/kept.png');
    const removed = await storedFile('uploads/whiteboard/removed.png');
    const neverSaved = await storedFile('uploads/whiteboard/never-saved.png');
    const freshUnsaved = await storedFile('uploads/whiteboard/fresh-unsaved.png');
    const recentlyEdited = await storedFile('uploads/whiteboard/recently-edited.png');
    const [old] = await ctx.db
      .insert(whiteboardArticles)
      .values({
        title: 'Old article',
        articleText: `<p>Kept</p><img src="${kept}">`,
        categoryId: category!.id,
        updatedAt: twoDaysAgo,
      })
      .returning();
    const [edited] = await ctx.db
      .insert(whiteboardArticles)
      .values({ title: 'Edited today', articleText: '<p>Image just removed</p>', categoryId: category!.id })
      .returning();
    await ctx.db.insert(whiteboardImages).values([
      { path: kept, fileName: 'kept.png', articleId: old!.id, uploadedBy: user.id, createdAt: twoDaysAgo },
      { path: removed, fileName: 'removed.png', articleId: old!.id, uploadedBy: user.id, createdAt: twoDaysAgo },
      { path: neverSaved, fileName: 'n.png', articleId: null, uploadedBy: user.id, createdAt: twoDaysAgo },
      { path: freshUnsaved, fileName: 'f.png', articleId: null, uploadedBy: user.id },
      { path: recentlyEdited, fileName: 'r.png', articleId: edited!.id, uploadedBy: user.id, createdAt: twoDaysAgo },
    ]);

    await runJob(ctx.app, uploadSweepJob);

    const left = await ctx.db.select({ path: whiteboardImages.path }).from(whiteboardImages);
    expect(left.map((row) => row.path).sort()).toEqual([freshUnsaved, kept, recentlyEdited].sort());
    expect([kept, freshUnsaved, recentlyEdited].map(stored)).toEqual([true, true, true]);
    expect([removed, neverSaved].map(stored)).toEqual([false, false]);
  });

  it('removes day-old chat files no message names and keeps the named ones', async () => {
    const [one, two] = [await createUser(ctx.db), await createUser(ctx.db)];
    const [room] = await ctx.db.insert(chatRooms).values({ userOneId: one.id, userTwoId: two.id }).returning();
    const [message] = await ctx.db
      .insert(chatMessages)
      .values({ roomId: room!.id, userId: one.id, message: 'File|plan.pdf' })
      .returning();
    const named = await storedFile('uploads/chat/named.pdf', twoDaysAgo);
    const orphan = await storedFile('uploads/chat/orphan.pdf', twoDaysAgo);
    const freshOrphan = await storedFile('uploads/chat/fresh-orphan.pdf');
    await ctx.db.insert(chatFiles).values({
      messageId: message!.id,
      roomId: room!.id,
      path: named,
      fileName: 'plan.pdf',
      size: 5,
      mimeType: 'application/pdf',
      kind: 'file',
    });

    await runJob(ctx.app, uploadSweepJob);

    expect([named, orphan, freshOrphan].map(stored)).toEqual([true, false, true]);
    const rows = await ctx.db.select().from(chatFiles).where(eq(chatFiles.path, named));
    expect(rows).toHaveLength(1);
    expect((await ctx.db.execute(sql`select 1 from chat_messages`)).rows).toHaveLength(1);
  });
});
