import {
  brandingInputSchema,
  brandingLogoError,
  brandingSchema,
  brandingUpdatedMessage,
  type Branding,
} from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { requireAdmin, requireEmployee } from '../../plugins/auth.ts';
import { notFound, toFieldErrors, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { moveUpload, readUpload, removeUpload } from '../../plugins/storage.ts';
import { uploadedFileSchema, type UploadedFile } from '../../plugins/uploads.ts';
import { branding } from './documents.table.ts';

// Our letterhead (decision 0038): every signed-in staff member reads it, an administrator changes it (multipart,
// with an optional PNG or JPEG logo). It changes documents rendered from then on, never revisions already made.

const logoUrl = '/api/admin/branding/logo';
const logoExtension: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };
const logoContentType: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg' };

async function currentBranding(app: AppInstance) {
  const [row] = await app.db.select().from(branding).where(eq(branding.id, 1));
  return row ?? null;
}

function present(row: Awaited<ReturnType<typeof currentBranding>>): Branding {
  return {
    name: row?.name ?? 'Switchboard IT',
    address: row?.address ?? '',
    phone: row?.phone ?? '',
    email: row?.email ?? '',
    website: row?.website ?? '',
    primary_color: row?.primaryColor ?? '#1c7ed6',
    logo_url: row?.logoPath ? logoUrl : null,
  };
}

function readLogo(body: Record<string, unknown>, errors: FieldErrors): UploadedFile | null {
  const raw = body.logo;
  if (raw === undefined || raw === null || raw === '') return null;
  const file = uploadedFileSchema.safeParse(raw);
  const message = file.success ? brandingLogoError(file.data) : 'The logo must be a file.';
  if (message) errors.logo = [message];
  return message ? null : file.data!;
}

export async function brandingRoutes(app: AppInstance): Promise<void> {
  const answer = z.object({ data: brandingSchema });

  app.get('/admin/branding', { onRequest: requireEmployee(), schema: { response: { 200: answer } } }, async () => ({
    data: present(await currentBranding(app)),
  }));

  app.post(
    '/admin/branding',
    {
      onRequest: requireAdmin(),
      config: { uploads: { files: 1, fileSize: 2 * 1024 * 1024 } },
      schema: { response: { 200: answer.extend({ message: z.string() }) } },
    },
    async (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const parsed = brandingInputSchema.safeParse(body);
      const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error.issues);
      const logo = readLogo(body, errors);
      if (!parsed.success || Object.keys(errors).length > 0) throw unprocessable(errors);
      const before = await currentBranding(app);
      const removeLogo = body.remove_logo === '1' || body.remove_logo === 'true';
      const logoPath = logo
        ? await moveUpload(app.config.dataDir, 'branding', logo, logoExtension[logo.mimetype]!)
        : removeLogo
          ? null
          : (before?.logoPath ?? null);
      const values = {
        name: parsed.data.name,
        address: parsed.data.address,
        phone: parsed.data.phone,
        email: parsed.data.email,
        website: parsed.data.website,
        primaryColor: parsed.data.primary_color,
        logoPath,
        updatedAt: new Date(),
      };
      await app.db
        .insert(branding)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: branding.id, set: values });
      // The replaced logo's file goes once the row no longer names it.
      if (before?.logoPath && before.logoPath !== logoPath) await removeUpload(app.config.dataDir, before.logoPath);
      return { message: brandingUpdatedMessage, data: present(await currentBranding(app)) };
    },
  );

  app.get('/admin/branding/logo', async (_request, reply) => {
    const row = await currentBranding(app);
    const file = row?.logoPath ? await readUpload(app.config.dataDir, row.logoPath) : null;
    if (!row?.logoPath || !file) throw notFound();
    const extension = row.logoPath.split('.').pop() ?? '';
    return reply
      .header('content-type', logoContentType[extension] ?? 'application/octet-stream')
      .header('cache-control', 'private, no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(file);
  });
}
