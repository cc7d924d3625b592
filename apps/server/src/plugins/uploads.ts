import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** A file field of a multipart body, read into memory within the limits below. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** Route body schemas use this for a file field of a multipart form. */
export const uploadedFileSchema = z.object({
  filename: z.string(),
  mimetype: z.string(),
  data: z.instanceof(Buffer),
});

export const uploadLimits = {
  fileSize: 20 * 1024 * 1024,
  files: 10,
  fields: 200,
  fieldSize: 1024 * 1024,
  parts: 210,
};

/**
 * Multipart bodies become plain objects (text fields as strings, files as UploadedFile), so the same zod
 * body schemas validate JSON, urlencoded and multipart requests; a file over the limit answers 413.
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: uploadLimits,
    async onFile(part: MultipartFile) {
      const data = await part.toBuffer();
      const file: UploadedFile = { filename: part.filename, mimetype: part.mimetype, data };
      // keyValues mode puts a part's `value` into the body.
      (part as unknown as { value: UploadedFile }).value = file;
    },
  });
}
