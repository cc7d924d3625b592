import {
  heldMailAttachedMessage,
  heldMailAttachInputSchema,
  heldMailItemSchema,
  heldMailReviewedMessage,
  heldMailTicketCreatedMessage,
  heldMailTicketInputSchema,
  ticketChannel,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { pageQuerySchema, pageSchema, paginate } from '../../db/paginate.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { parsePathId } from '../../http/path-params.ts';
import {
  attachHeldMailToTicket,
  createTicketFromHeldMail,
  listHeldMail,
  markHeldMailReviewed,
} from './held-mail.service.ts';
import { announceTicketChanged } from './ticket-announce.ts';
import { heldMail } from './held-mail.table.ts';

const idParams = z.object({ id: z.string() });

/** Mail held for review (no ticket, unknown sender): administrators read it, mark it reviewed, or make it a ticket. */
export async function heldMailRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/admin/held-mail',
    {
      onRequest: requireAdmin(),
      schema: { querystring: pageQuerySchema, response: { 200: pageSchema(heldMailItemSchema) } },
    },
    async (request) =>
      paginate(
        request.query,
        () => app.db.$count(heldMail),
        (limit, offset) => listHeldMail(app.db, limit, offset),
      ),
  );

  app.post(
    '/admin/held-mail/:id/reviewed',
    { onRequest: requireAdmin(), schema: { params: idParams } },
    async (request) => {
      await markHeldMailReviewed(app.db, parsePathId(request.params.id), request.auth.user.id);
      return { message: heldMailReviewedMessage };
    },
  );

  app.post(
    '/admin/held-mail/:id/ticket',
    { onRequest: requireAdmin(), schema: { params: idParams, body: heldMailTicketInputSchema } },
    async (request) => {
      const id = await createTicketFromHeldMail(
        app.db,
        app.config.dataDir,
        parsePathId(request.params.id),
        request.body,
        request.auth.user.id,
      );
      announceTicketChanged(app, id);
      return { message: heldMailTicketCreatedMessage, data: { id } };
    },
  );

  app.post(
    '/admin/held-mail/:id/attach',
    { onRequest: requireAdmin(), schema: { params: idParams, body: heldMailAttachInputSchema } },
    async (request) => {
      const id = await attachHeldMailToTicket(
        app.db,
        app.config.dataDir,
        parsePathId(request.params.id),
        request.body,
        request.auth.user.id,
      );
      // As for a reply received by mail: viewers of the ticket read its thread again, the queues refresh.
      app.realtime.emitToChannel(ticketChannel(id), 'ResponseSent', { ticket_id: id });
      announceTicketChanged(app, id);
      return { message: heldMailAttachedMessage, data: { id } };
    },
  );
}
