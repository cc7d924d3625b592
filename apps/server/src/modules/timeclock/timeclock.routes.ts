import {
  timeclockResponseSchema,
  timeclockStatusUpdatedMessage,
  timeclockUpdateInputSchema,
  timeclockUpdateResponseSchema,
  type TimeclockStatus,
} from '@switchboard/shared';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee } from '../../plugins/auth.ts';
import { getTimeclockState, updateTimeclockStatus } from './timeclock.service.ts';
import { emitDomainEvent } from '../../plugins/domain-events.ts';

/** The top bar's status dropdown (spec 1 §2.4, §7.2). Staff only: client accounts do not clock in. */
export async function timeclockRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/misc/timeclock',
    { onRequest: requireEmployee(), schema: { response: { 200: timeclockResponseSchema } } },
    async (request) => ({
      data: await getTimeclockState(app.db, request.auth.user.id),
    }),
  );

  app.post(
    '/misc/timeclock/update',
    {
      onRequest: requireEmployee(),
      schema: { body: timeclockUpdateInputSchema, response: { 200: timeclockUpdateResponseSchema } },
    },
    async (request) => {
      const userId = request.auth.user.id;
      const { state, changed } = await updateTimeclockStatus(app.db, userId, request.body.stat as TimeclockStatus);
      // The user's other tabs follow; nothing is pushed when the status did not change.
      if (changed && app.hasDecorator('realtime')) {
        app.realtime.emitToUser(userId, 'StatusUpdated', state);
        // Checked-in time is PTO payroll time: an open PTO view follows (the PTO module listens).
        await emitDomainEvent(app.db, 'timeclockChanged', { userId });
      }
      return { message: timeclockStatusUpdatedMessage, data: state };
    },
  );
}
