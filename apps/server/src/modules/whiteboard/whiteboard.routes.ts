import {
  articleInputSchema,
  WHITEBOARD_IMAGE_FOLDER,
  whiteboardArticleResponseSchema,
  whiteboardArticleSavedResponseSchema,
  whiteboardCategoryListResponseSchema,
  whiteboardCategoryQuerySchema,
  whiteboardImageResponseSchema,
  whiteboardMessageResponseSchema,
  whiteboardMessages,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { pageQuerySchema } from '../../db/paginate.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee } from '../../plugins/auth.ts';
import { notFound, toFieldErrors, unprocessable } from '../../plugins/errors.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { moveUpload, removeUpload } from '../../plugins/storage.ts';
import { UploadedFile } from '../../plugins/uploads.ts';
import {
  createWhiteboardArticle,
  deleteWhiteboardArticle,
  deleteWhiteboardCategory,
  getWhiteboardArticle,
  listWhiteboardCategories,
  recordWhiteboardImage,
  updateWhiteboardArticle,
} from './whiteboard.service.ts';

// The article form is multipart (spec 3 §7) but carries no file: text fields only, up to the article's size.
const articleUploads = { files: 0, fileSize: 1, fieldBytes: 1024 * 1024 };
const imageUploads = { files: 1, fileSize: 5 * 1024 * 1024 };
const imageExtensions: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

const idParams = z.object({ id: z.string() });

function parseArticle(body: unknown) {
  const parsed = articleInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw unprocessable(toFieldErrors(parsed.error.issues));
  return parsed.data;
}

/** Whiteboard calls of spec 3 §7 (decision 0053). Staff only: a client account gets 403. */
export async function whiteboardRoutes(app: AppInstance): Promise<void> {
  const staff = { onRequest: requireEmployee() };

  app.get(
    '/whiteboard/category',
    {
      ...staff,
      schema: {
        querystring: pageQuerySchema.extend(whiteboardCategoryQuerySchema.shape),
        response: { 200: whiteboardCategoryListResponseSchema },
      },
    },
    async (request) => {
      const { search, page, per_page } = request.query;
      return listWhiteboardCategories(app.db, search, { page, per_page });
    },
  );

  app.delete(
    '/whiteboard/category/:id',
    { ...staff, schema: { params: idParams, response: { 200: whiteboardMessageResponseSchema } } },
    async (request) => {
      if (!(await deleteWhiteboardCategory(app.db, parsePathId(request.params.id)))) throw notFound();
      return { message: whiteboardMessages.categoryDeleted };
    },
  );

  app.get(
    '/whiteboard/article/:id',
    { ...staff, schema: { params: idParams, response: { 200: whiteboardArticleResponseSchema } } },
    async (request) => {
      const article = await getWhiteboardArticle(app.db, parsePathId(request.params.id));
      if (!article) throw notFound();
      return { data: article };
    },
  );

  app.post(
    '/whiteboard/article',
    {
      ...staff,
      config: { uploads: articleUploads },
      schema: { response: { 200: whiteboardArticleSavedResponseSchema } },
    },
    async (request) => {
      const input = parseArticle(request.body);
      const id = await createWhiteboardArticle(app.db, input, request.auth.user);
      return { message: whiteboardMessages.created, data: (await getWhiteboardArticle(app.db, id))! };
    },
  );

  putRoute(
    app,
    '/whiteboard/article/:id',
    {
      ...staff,
      config: { uploads: articleUploads },
      schema: { params: idParams, response: { 200: whiteboardArticleSavedResponseSchema } },
    },
    async (request) => {
      const id = parsePathId(request.params.id);
      const input = parseArticle(request.body);
      if (!(await updateWhiteboardArticle(app.db, id, input, request.auth.user))) throw notFound();
      return { message: whiteboardMessages.updated, data: (await getWhiteboardArticle(app.db, id))! };
    },
  );

  app.delete(
    '/whiteboard/article/:id',
    { ...staff, schema: { params: idParams, response: { 200: whiteboardMessageResponseSchema } } },
    async (request) => {
      const images = await deleteWhiteboardArticle(app.db, parsePathId(request.params.id));
      if (images === null) throw notFound();
      for (const path of images) await removeUpload(app.config.dataDir, path);
      return { message: whiteboardMessages.deleted };
    },
  );

  // An image pasted into the editor: stored now, the article's once the article that shows it is saved.
  app.post(
    '/whiteboard/image',
    { ...staff, config: { uploads: imageUploads }, schema: { response: { 200: whiteboardImageResponseSchema } } },
    async (request) => {
      const image = (request.body as Record<string, unknown> | undefined)?.image;
      if (!(image instanceof UploadedFile)) throw unprocessable({ image: [whiteboardMessages.imageRequired] });
      const extension = imageExtensions[image.mimetype.toLowerCase()];
      if (!extension) throw unprocessable({ image: [whiteboardMessages.imageType] });
      const path = await moveUpload(app.config.dataDir, WHITEBOARD_IMAGE_FOLDER, image, extension);
      const name = image.filename || `image.${extension}`;
      await recordWhiteboardImage(app.db, path, name, request.auth.user);
      return { data: { file: path, name } };
    },
  );
}
