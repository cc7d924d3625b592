import {
  articleImagePaths,
  WHITEBOARD_SEARCH_LIMIT,
  whiteboardImagePathPattern,
  whiteboardMessages,
  type ArticleData,
  type WhiteboardArticle,
  type WhiteboardCategory,
} from '@switchboard/shared';
import { sanitizeHtml } from '@switchboard/shared/html-policy';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { pageOffset, toPage, type Page, type PageQuery } from '../../db/paginate.ts';
import { unprocessable } from '../../plugins/errors.ts';
import { users } from '../users/users.table.ts';
import { whiteboardArticles, whiteboardCategories, whiteboardImages } from './whiteboard.table.ts';

// Whiteboard knowledge base (spec 3 §2, §3, §7; decision 0053). Staff only: the routes check that.

interface Actor {
  id: number;
}

/** The query of a search: PostgreSQL's web-search syntax ("quoted phrases", or, -not), English stemming. */
const searchQuery = (text: string) => sql`websearch_to_tsquery('english'::regconfig, ${text})`;

// The article's text without its tags, as the search document reads it (whiteboard.table.ts).
const plainText = sql`regexp_replace(${whiteboardArticles.articleText}, '<[^>]*>', ' ', 'g')`;

/**
 * GET /api/whiteboard/category: without `search`, the categories (by name) with their articles (by title); with it,
 * the categories holding matching articles, best match first, each with its matching articles ranked (title matches
 * weigh more than text matches) and a `headline`: the text around the matched words, in <mark>.
 */
export async function listWhiteboardCategories(
  db: Db,
  search: string,
  query: PageQuery,
): Promise<Page<WhiteboardCategory>> {
  if (search !== '') return searchWhiteboard(db, search, query);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(whiteboardCategories);
  const categories = await db
    .select({
      id: whiteboardCategories.id,
      parent_id: whiteboardCategories.parentId,
      category_name: whiteboardCategories.categoryName,
    })
    .from(whiteboardCategories)
    .orderBy(asc(sql`lower(${whiteboardCategories.categoryName})`), asc(whiteboardCategories.id))
    .limit(query.per_page)
    .offset(pageOffset(query));
  const ids = categories.map((category) => category.id);
  const articles =
    ids.length === 0
      ? []
      : await db
          .select({
            id: whiteboardArticles.id,
            title: whiteboardArticles.title,
            category_id: whiteboardArticles.categoryId,
          })
          .from(whiteboardArticles)
          .where(inArray(whiteboardArticles.categoryId, ids))
          .orderBy(asc(sql`lower(${whiteboardArticles.title})`), asc(whiteboardArticles.id));
  const rows = categories.map((category) => ({
    ...category,
    articles: articles.filter((article) => article.category_id === category.id),
  }));
  return toPage(rows, total!, query);
}

async function searchWhiteboard(db: Db, search: string, query: PageQuery): Promise<Page<WhiteboardCategory>> {
  const tsQuery = searchQuery(search);
  const rank = sql<number>`ts_rank(${whiteboardArticles.search}, ${tsQuery})`;
  const hits = await db
    .select({
      id: whiteboardArticles.id,
      title: whiteboardArticles.title,
      category_id: whiteboardArticles.categoryId,
      rank: sql<number>`${rank}::float8`,
      headline: sql<string>`ts_headline('english'::regconfig, ${plainText}, ${tsQuery},
        'StartSel=<mark>, StopSel=</mark>, MaxWords=30, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "')`,
    })
    .from(whiteboardArticles)
    .where(sql`${whiteboardArticles.search} @@ ${tsQuery}`)
    .orderBy(sql`${rank} desc`, asc(whiteboardArticles.id))
    .limit(WHITEBOARD_SEARCH_LIMIT);
  // Categories in the order of their best hit; hits stay ranked within each.
  const order: number[] = [];
  for (const hit of hits) if (!order.includes(hit.category_id)) order.push(hit.category_id);
  const paged = order.slice(pageOffset(query), pageOffset(query) + query.per_page);
  const categories =
    paged.length === 0
      ? []
      : await db
          .select({
            id: whiteboardCategories.id,
            parent_id: whiteboardCategories.parentId,
            category_name: whiteboardCategories.categoryName,
          })
          .from(whiteboardCategories)
          .where(inArray(whiteboardCategories.id, paged));
  const byId = new Map(categories.map((category) => [category.id, category]));
  const rows = paged.map((id) => ({
    ...byId.get(id)!,
    articles: hits
      .filter((hit) => hit.category_id === id)
      .map((hit) => ({ ...hit, headline: hit.headline.replace(/\s+/g, ' ').trim() })),
  }));
  return toPage(rows, order.length, query);
}

const createdBy = alias(users, 'created_by_user');
const updatedBy = alias(users, 'updated_by_user');

/** GET /api/whiteboard/article/{id}: the article, or null. */
export async function getWhiteboardArticle(db: DbOrTransaction, id: number): Promise<WhiteboardArticle | null> {
  const [row] = await db
    .select({
      id: whiteboardArticles.id,
      title: whiteboardArticles.title,
      article_text: whiteboardArticles.articleText,
      category_id: whiteboardArticles.categoryId,
      category_name: whiteboardCategories.categoryName,
      createdById: createdBy.id,
      createdByName: createdBy.name,
      updatedById: updatedBy.id,
      updatedByName: updatedBy.name,
      created_at: whiteboardArticles.createdAt,
      updated_at: whiteboardArticles.updatedAt,
    })
    .from(whiteboardArticles)
    .innerJoin(whiteboardCategories, eq(whiteboardCategories.id, whiteboardArticles.categoryId))
    .leftJoin(createdBy, eq(createdBy.id, whiteboardArticles.createdBy))
    .leftJoin(updatedBy, eq(updatedBy.id, whiteboardArticles.updatedBy))
    .where(eq(whiteboardArticles.id, id));
  if (!row) return null;
  const { createdById, createdByName, updatedById, updatedByName, ...article } = row;
  return {
    ...article,
    created_by: createdById === null ? null : { id: createdById, name: createdByName! },
    updated_by: updatedById === null ? null : { id: updatedById, name: updatedByName! },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * The category an article goes into: `category_id` when it exists, else `category_name` under `category_parent_id`
 * (made when no category of that name, in any case, is there yet). 422 on an unknown id.
 */
async function resolveCategory(tx: DbOrTransaction, input: ArticleData): Promise<number> {
  if (input.category_id !== undefined) {
    const [found] = await tx
      .select({ id: whiteboardCategories.id })
      .from(whiteboardCategories)
      .where(eq(whiteboardCategories.id, input.category_id));
    if (!found) throw unprocessable({ category_id: [whiteboardMessages.categoryInvalid] });
    return found.id;
  }
  const parentId = input.category_parent_id ?? null;
  if (parentId !== null) {
    const [parent] = await tx
      .select({ id: whiteboardCategories.id })
      .from(whiteboardCategories)
      .where(eq(whiteboardCategories.id, parentId));
    if (!parent) throw unprocessable({ category_parent_id: [whiteboardMessages.parentInvalid] });
  }
  const name = input.category_name!;
  const sameName = and(
    parentId === null ? isNull(whiteboardCategories.parentId) : eq(whiteboardCategories.parentId, parentId),
    eq(sql`lower(${whiteboardCategories.categoryName})`, name.toLowerCase()),
  );
  // Two writers naming the same new category at once: the unique index keeps one, both articles land in it.
  await tx.insert(whiteboardCategories).values({ parentId, categoryName: name }).onConflictDoNothing();
  const [category] = await tx.select({ id: whiteboardCategories.id }).from(whiteboardCategories).where(sameName);
  return category!.id;
}

/** Images the text points to become the article's (served to staff from then on). */
async function claimImages(tx: DbOrTransaction, articleId: number, html: string): Promise<void> {
  const paths = articleImagePaths(html);
  if (paths.length === 0) return;
  await tx
    .update(whiteboardImages)
    .set({ articleId })
    .where(
      and(
        inArray(whiteboardImages.path, paths),
        or(isNull(whiteboardImages.articleId), eq(whiteboardImages.articleId, articleId)),
      ),
    );
}

/** POST /api/whiteboard/article. */
export async function createWhiteboardArticle(db: Db, input: ArticleData, actor: Actor): Promise<number> {
  return db.transaction(async (tx) => {
    const categoryId = await resolveCategory(tx, input);
    const articleText = sanitizeHtml(input.article_text);
    const [article] = await tx
      .insert(whiteboardArticles)
      .values({
        title: input.title,
        articleText,
        categoryId,
        createdBy: actor.id,
        updatedBy: actor.id,
      })
      .returning({ id: whiteboardArticles.id });
    await claimImages(tx, article!.id, articleText);
    return article!.id;
  });
}

/** PUT /api/whiteboard/article/{id} (or POST with _method=PUT): false when the article does not exist. */
export async function updateWhiteboardArticle(db: Db, id: number, input: ArticleData, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: whiteboardArticles.id })
      .from(whiteboardArticles)
      .where(eq(whiteboardArticles.id, id))
      .for('update');
    if (!existing) return false;
    const categoryId = await resolveCategory(tx, input);
    const articleText = sanitizeHtml(input.article_text);
    await tx
      .update(whiteboardArticles)
      .set({
        title: input.title,
        articleText,
        categoryId,
        updatedBy: actor.id,
        updatedAt: new Date(),
      })
      .where(eq(whiteboardArticles.id, id));
    await claimImages(tx, id, articleText);
    return true;
  });
}

/** DELETE /api/whiteboard/article/{id}: the stored paths of its images (to remove from disk), or null when absent. */
export async function deleteWhiteboardArticle(db: Db, id: number): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const images = await tx
      .select({ path: whiteboardImages.path })
      .from(whiteboardImages)
      .where(eq(whiteboardImages.articleId, id));
    const deleted = await tx
      .delete(whiteboardArticles)
      .where(eq(whiteboardArticles.id, id))
      .returning({ id: whiteboardArticles.id });
    return deleted.length === 0 ? null : images.map((image) => image.path);
  });
}

/** DELETE /api/whiteboard/category/{id}: only a category with no articles and no sub-categories. False when absent. */
export async function deleteWhiteboardCategory(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [category] = await tx
      .select({ id: whiteboardCategories.id })
      .from(whiteboardCategories)
      .where(eq(whiteboardCategories.id, id))
      .for('update');
    if (!category) return false;
    const [used] = await tx
      .execute<{ used: boolean }>(
        sql`select exists (select 1 from whiteboard_articles where category_id = ${id})
        or exists (select 1 from whiteboard_categories where parent_id = ${id}) as used`,
      )
      .then((result) => result.rows);
    if (used!.used) throw unprocessable({ category: [whiteboardMessages.categoryNotEmpty] });
    await tx.delete(whiteboardCategories).where(eq(whiteboardCategories.id, id));
    return true;
  });
}

/** POST /api/whiteboard/image: records a stored image, not yet in any article. */
export async function recordWhiteboardImage(db: Db, path: string, fileName: string, actor: Actor): Promise<void> {
  await db.insert(whiteboardImages).values({ path, fileName: fileName.slice(0, 255), uploadedBy: actor.id });
}

/**
 * POST /api/download of an article image: staff only, and only an image an article holds, or one its uploader has
 * not yet saved into an article.
 */
export async function findWhiteboardImage(
  db: DbOrTransaction,
  path: string,
  actor: { id: number; type: string },
): Promise<{ fileName: string } | null> {
  if (actor.type !== 'Employee' || !whiteboardImagePathPattern.test(path)) return null;
  const [image] = await db
    .select({
      fileName: whiteboardImages.fileName,
      articleId: whiteboardImages.articleId,
      by: whiteboardImages.uploadedBy,
    })
    .from(whiteboardImages)
    .where(eq(whiteboardImages.path, path));
  if (!image) return null;
  return image.articleId !== null || image.by === actor.id ? { fileName: image.fileName } : null;
}
