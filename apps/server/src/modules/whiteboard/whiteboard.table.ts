import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Whiteboard categories (spec 3 §3): nested through parent_id; a name is unique under its parent, in any case. */
export const whiteboardCategories = pgTable(
  'whiteboard_categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => whiteboardCategories.id, { onDelete: 'restrict' }),
    categoryName: text('category_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whiteboard_categories_parent_name_unique').on(
      sql`coalesce(${t.parentId}, 0)`,
      sql`lower(${t.categoryName})`,
    ),
    index('whiteboard_categories_parent_idx').on(t.parentId),
  ],
);

/**
 * Whiteboard articles (spec 3 §3): title and rich HTML. `search` is the full-text document (decision 0053): the title
 * weighted A, the text without its tags weighted B, English stemming; the GIN index serves the whiteboard's search
 * and the global search's articles.
 */
export const whiteboardArticles = pgTable(
  'whiteboard_articles',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    articleText: text('article_text').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => whiteboardCategories.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, regexp_replace(article_text, '<[^>]*>', ' ', 'g')), 'B')`,
      ),
  },
  (t) => [
    index('whiteboard_articles_category_idx').on(t.categoryId),
    index('whiteboard_articles_search_idx').using('gin', t.search),
    index('whiteboard_articles_created_by_idx').on(t.createdBy),
    index('whiteboard_articles_updated_by_idx').on(t.updatedBy),
  ],
);

/**
 * Images pasted into articles (decision 0053): stored files that POST /api/download serves to staff once an article
 * holds them (article_id, set when the article is saved) or, before that, to the one who uploaded them.
 */
export const whiteboardImages = pgTable(
  'whiteboard_images',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull(),
    fileName: text('file_name').notNull(),
    articleId: integer('article_id').references(() => whiteboardArticles.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whiteboard_images_path_unique').on(t.path),
    index('whiteboard_images_article_idx').on(t.articleId),
    index('whiteboard_images_uploaded_by_idx').on(t.uploadedBy),
  ],
);
