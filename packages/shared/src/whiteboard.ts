import { z } from 'zod';

// Whiteboard knowledge base (spec 3 §2 Whiteboard, §3 Whiteboard category and Article, §7 Other; decision 0053).
// Staff only. An article sits in one category; categories nest through parent_id. A category can be created while
// writing an article: send `category_name` (and optionally `category_parent_id`) instead of `category_id`.

export const WHITEBOARD_TITLE_MAX = 255;
export const WHITEBOARD_CATEGORY_NAME_MAX = 100;
/** Article HTML as the editor writes it (pasted images are uploaded, so the text stays small). */
export const WHITEBOARD_TEXT_MAX = 500_000;
export const WHITEBOARD_SEARCH_MAX = 200;
/** Articles a search answers at most (ranked). */
export const WHITEBOARD_SEARCH_LIMIT = 50;

export const whiteboardMessages = {
  titleRequired: 'The title field is required.',
  titleMax: `The title may not be greater than ${WHITEBOARD_TITLE_MAX} characters.`,
  textRequired: 'The article text field is required.',
  textMax: `The article text may not be greater than ${WHITEBOARD_TEXT_MAX} characters.`,
  categoryRequired: 'The category id field is required.',
  categoryInvalid: 'The selected category id is invalid.',
  categoryNameMax: `The category name may not be greater than ${WHITEBOARD_CATEGORY_NAME_MAX} characters.`,
  parentInvalid: 'The selected category parent id is invalid.',
  categoryNotEmpty: 'Only an empty category can be deleted.',
  created: 'Article created.',
  updated: 'Article updated.',
  deleted: 'Article deleted.',
  categoryDeleted: 'Category deleted.',
  imageRequired: 'The image field is required.',
  imageType: 'The image must be a file of type: png, jpg, gif, webp.',
  /** Spec 3 §8: any failed whiteboard save. */
  saveFailed: 'An error occured.',
} as const;

/** An optional id from a form field ('' or absent = none). */
const optionalId = (message: string) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? undefined : value),
    z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message).optional(),
  );

/**
 * POST /api/whiteboard/article and the PUT override: multipart (or JSON) title, article_text and category_id, or
 * category_name (+ category_parent_id) for a new category made on the fly (an existing name under the same parent is
 * reused, compared case-insensitively).
 */
export const articleInputSchema = z
  .object({
    title: z
      .string({ error: whiteboardMessages.titleRequired })
      .trim()
      .min(1, whiteboardMessages.titleRequired)
      .max(WHITEBOARD_TITLE_MAX, whiteboardMessages.titleMax),
    article_text: z
      .string({ error: whiteboardMessages.textRequired })
      .max(WHITEBOARD_TEXT_MAX, whiteboardMessages.textMax)
      .refine((text) => text.replace(/<[^>]*>/g, '').trim().length > 0 || /<img\b/i.test(text), {
        message: whiteboardMessages.textRequired,
      }),
    category_id: optionalId(whiteboardMessages.categoryInvalid),
    category_name: z
      .string()
      .trim()
      .max(WHITEBOARD_CATEGORY_NAME_MAX, whiteboardMessages.categoryNameMax)
      .optional()
      .transform((name) => (name ? name : undefined)),
    category_parent_id: optionalId(whiteboardMessages.parentInvalid),
  })
  .superRefine((input, context) => {
    if (input.category_id === undefined && input.category_name === undefined)
      context.addIssue({ code: 'custom', path: ['category_id'], message: whiteboardMessages.categoryRequired });
  });
export type ArticleInput = z.input<typeof articleInputSchema>;
export type ArticleData = z.output<typeof articleInputSchema>;

/** GET /api/whiteboard/category?search=: without search every category; with it, the matching articles, ranked. */
export const whiteboardCategoryQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(WHITEBOARD_SEARCH_MAX, `The search may not be greater than ${WHITEBOARD_SEARCH_MAX} characters.`)
    .optional()
    .default(''),
});

/** An article as listed under its category (spec 3 §3: id, title, category_id). */
export const whiteboardArticleItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category_id: z.number().int(),
});

/** A search hit: the listed article plus its rank and the matched words highlighted (HTML with <mark>, sanitise it). */
export const whiteboardArticleHitSchema = whiteboardArticleItemSchema.extend({
  rank: z.number(),
  headline: z.string(),
});
export type WhiteboardArticleHit = z.infer<typeof whiteboardArticleHitSchema>;

export const whiteboardCategorySchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  category_name: z.string(),
  articles: z.array(z.union([whiteboardArticleHitSchema, whiteboardArticleItemSchema])),
});
export type WhiteboardCategory = z.infer<typeof whiteboardCategorySchema>;

const paginator = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    current_page: z.number().int(),
    per_page: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    last_page: z.number().int(),
  });

/** The body is the paginator (spec 3 §7 data.data, as the GUIDE reads it; decision 0062). */
export const whiteboardCategoryListResponseSchema = paginator(whiteboardCategorySchema);
export type WhiteboardCategoryListResponse = z.infer<typeof whiteboardCategoryListResponseSchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** GET /api/whiteboard/article/{id}: the article (spec 3 §3) with its category name, authors and times. */
export const whiteboardArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  article_text: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  created_by: personSchema,
  updated_by: personSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type WhiteboardArticle = z.infer<typeof whiteboardArticleSchema>;

export const whiteboardArticleResponseSchema = z.object({ data: whiteboardArticleSchema });
export const whiteboardArticleSavedResponseSchema = z.object({ message: z.string(), data: whiteboardArticleSchema });
export const whiteboardMessageResponseSchema = z.object({ message: z.string() });

/** POST /api/whiteboard/image: the stored image's path (for POST /api/download) and name. */
export const whiteboardImageResponseSchema = z.object({ data: z.object({ file: z.string(), name: z.string() }) });

/** Article image files live here in storage; article HTML points to them as `<img src="{path}">`. */
export const WHITEBOARD_IMAGE_FOLDER = 'whiteboard';
export const whiteboardImagePathPattern = /^uploads\/whiteboard\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/;
/** The stored image paths an article's HTML points to (`<img src="uploads/whiteboard/….png">`). */
export function articleImagePaths(html: string): string[] {
  const paths = new Set<string>();
  for (const match of html.matchAll(/<img\b[^>]*?\ssrc\s*=\s*["']([^"']+)["']/gi)) {
    if (whiteboardImagePathPattern.test(match[1]!)) paths.add(match[1]!);
  }
  return [...paths];
}

/** A category tree: the roots (no parent, or a parent that is gone), each with its children, sorted by name. */
export interface WhiteboardTreeNode<T extends { id: number; parent_id: number | null; category_name: string }> {
  category: T;
  children: WhiteboardTreeNode<T>[];
}

export function buildCategoryTree<T extends { id: number; parent_id: number | null; category_name: string }>(
  categories: T[],
): WhiteboardTreeNode<T>[] {
  const nodes = new Map(
    categories.map((category) => [category.id, { category, children: [] as WhiteboardTreeNode<T>[] }]),
  );
  const roots: WhiteboardTreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.category.parent_id === null ? undefined : nodes.get(node.category.parent_id);
    (parent && parent !== node ? parent.children : roots).push(node);
  }
  const byName = (a: WhiteboardTreeNode<T>, b: WhiteboardTreeNode<T>) =>
    a.category.category_name.localeCompare(b.category.category_name);
  const sort = (list: WhiteboardTreeNode<T>[]) => {
    list.sort(byName);
    for (const node of list) sort(node.children);
  };
  sort(roots);
  return roots;
}
