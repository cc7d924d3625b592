import { crmPhoneMessages as messages } from '@switchboard/shared/crm-phone';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { ProviderError } from '../telephony/provider.ts';
import { users } from '../users/users.table.ts';
import { readAgentPhone } from './crm-phone.service.ts';

// 'Test phone' on an agent's tab (designs/crm-softphone.md §4.11): the server mints the agent's login token and logs
// it in over the provider's signalling socket, so a manager proves the settings register without their browser ever
// holding another agent's token. 'manage crm', as the Agents pages.

/** Logs the agent's credential in and out; the provider's refusal is a 422 on `phone` with its reason. */
export async function testAgentPhone(app: AppInstance, userId: number): Promise<void> {
  const [employee] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.type, 'Employee')))
    .limit(1);
  if (!employee) throw notFound();
  const provider = await app.telephony.provider();
  if (!provider) throw unprocessable({ phone: [messages.telephonyOff] });
  const agent = await readAgentPhone(app.db, userId);
  if (!agent) throw unprocessable({ phone: [messages.agentNotSetUp] });
  try {
    await provider.checkLogin(agent);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    app.log.warn({ status: error.status, userId }, 'test phone refused');
    throw unprocessable({ phone: [error.message] });
  }
}

export async function crmAgentPhoneRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/crm/agents/:id/test_phone',
    {
      onRequest: [requireEmployee(), requirePermission('manage crm')],
      schema: { params: z.object({ id: z.string() }) },
    },
    async (request) => {
      await testAgentPhone(app, parsePathId(request.params.id));
      return { message: messages.connected, data: { connected: true } };
    },
  );
}
