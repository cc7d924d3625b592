import { agentPhoneNumberSchema } from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { listAgentPhoneNumbers } from './phone-numbers.service.ts';

/** Spec 1 §7.6 GET /api/crm/phone_numbers, for the Agent tab (which needs 'manage crm'). */
export async function phoneNumberRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/crm/phone_numbers',
    {
      onRequest: [requireEmployee(), requirePermission('manage crm')],
      schema: { response: { 200: z.object({ data: z.array(agentPhoneNumberSchema) }) } },
    },
    async () => ({ data: await listAgentPhoneNumbers(app.db) }),
  );
}
