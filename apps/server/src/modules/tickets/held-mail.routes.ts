import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { pageQuerySchema, pageSchema, paginate } from '../../db/paginate.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { parsePathId } from '../clients/clients.service.ts';
import { desc, eq, sql } from 'drizzle-orm';
import { heldMail } from './held-mail.table.ts';

const heldMailSchema = z.object({
  id: z.number().int(),
  from_email: z.string(),
  to_email: z.string(),
  subject: z.string(),
  text_body: z.string(),
  received_at: z.string(),
  reviewed_at: z.string().nullable(),
});

/** Mail held for review (no ticket, unknown sender): administrators read it and mark it reviewed. */
export async function heldMailRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/admin/held-mail',
    { onRequest: requireAdmin(), schema: { querystring: pageQuerySchema, response: { 200: pageSchema(heldMailSchema) } } },
    async (request) =>
      paginate(
        request.query,
        () => app.db.$count(heldMail),
        async (limit, offset) =>
          (
            await app.db
              .select()
              .from(heldMail)
              // Unreviewed first, newest first.
              .orderBy(sql`${heldMail.reviewedAt} is not null`, desc(heldMail.receivedAt), desc(heldMail.id))
              .limit(limit)
              .offset(offset)
          ).map((row) => ({
            id: row.id,
            from_email: row.fromEmail,
            to_email: row.toEmail,
            subject: row.subject,
            text_body: row.textBody,
            received_at: row.receivedAt.toISOString(),
            reviewed_at: row.reviewedAt?.toISOString() ?? null,
          })),
      ),
  );

  app.post('/admin/held-mail/:id/reviewed', { onRequest: requireAdmin(), schema: { params: z.object({ id: z.string() }) } }, async (request) => {
    const [row] = await app.db
      .update(heldMail)
      .set({ reviewedAt: new Date(), reviewedBy: request.auth.user.id })
      .where(eq(heldMail.id, parsePathId(request.params.id)))
      .returning({ id: heldMail.id });
    if (!row) throw notFound();
    return { message: 'Marked as reviewed.' };
  });
}

