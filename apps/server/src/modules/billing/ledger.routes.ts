import { billingChannel, type LedgerPostedPayload } from '@switchboard/shared';
import {
  accountInputSchema,
  billingSettingsInputSchema,
  journalEntryInputSchema,
  journalEntryListQuerySchema,
  registerQuerySchema,
  reverseEntryInputSchema,
  type JournalEntryRow,
} from '@switchboard/shared/billing/ledger';
import { isoDateText } from '@switchboard/shared/validation';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { putRoute } from '../../plugins/method-override.ts';
import {
  billingToday,
  createAccount,
  createManualEntry,
  deleteAccount,
  getBillingSettings,
  getJournalEntry,
  getRegister,
  listAccounts,
  listJournalEntries,
  reverseJournalEntry,
  updateAccount,
  updateBillingSettings,
} from './ledger.service.ts';

// The ledger's calls (designs/billing.md §6; decisions 0067, 0071): reading needs 'view billing'; the chart of
// accounts, manual entries, reversals and the billing settings need 'manage accounting' as well.

const idParams = z.object({ id: z.string() });
const view = [requireEmployee(), requirePermission('view billing')];
const manage = [requireEmployee(), requirePermission('view billing', 'manage accounting')];

/** LedgerPosted on `billing` once an entry committed (decision 0071): open trees and registers of its accounts refetch. */
function announcePosted(app: AppInstance, entry: JournalEntryRow): JournalEntryRow {
  app.realtime.emitToStaff(billingChannel, 'LedgerPosted', {
    entry_id: entry.id,
    number: entry.number,
    entry_date: entry.entry_date,
    accounts: [...new Set(entry.lines.map((line) => line.account_id))],
  } satisfies LedgerPostedPayload);
  return entry;
}

export async function ledgerRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/billing/accounts',
    { onRequest: view, schema: { querystring: z.object({ as_of: isoDateText('as of date').optional() }) } },
    async (request) => listAccounts(app.db, request.query.as_of ?? (await billingToday(app.db))),
  );

  app.post('/billing/accounts', { onRequest: manage, schema: { body: accountInputSchema } }, async (request) => ({
    message: 'Account saved.',
    data: await createAccount(app.db, request.body),
  }));

  putRoute(
    app,
    '/billing/accounts/:id',
    { onRequest: manage, schema: { params: idParams, body: accountInputSchema } },
    async (request) => ({
      message: 'Account saved.',
      data: await updateAccount(app.db, parsePathId(request.params.id), request.body),
    }),
  );

  app.delete('/billing/accounts/:id', { onRequest: manage, schema: { params: idParams } }, async (request) => {
    await deleteAccount(app.db, parsePathId(request.params.id));
    return { message: 'Account deleted.' };
  });

  app.get(
    '/billing/accounts/:id/register',
    { onRequest: view, schema: { params: idParams, querystring: registerQuerySchema } },
    // RegisterResponse written by PostgreSQL (decision 0023), sent as is.
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(await getRegister(app.db, parsePathId(request.params.id), request.query)),
  );

  app.get(
    '/billing/journal-entries',
    { onRequest: view, schema: { querystring: journalEntryListQuerySchema } },
    async (request) => listJournalEntries(app.db, request.query),
  );

  app.post(
    '/billing/journal-entries',
    { onRequest: manage, schema: { body: journalEntryInputSchema } },
    async (request) => ({
      message: 'Journal entry posted.',
      data: announcePosted(app, await createManualEntry(app.db, request.body, request.auth.user.id)),
    }),
  );

  app.get('/billing/journal-entries/:id', { onRequest: view, schema: { params: idParams } }, async (request) => ({
    data: await getJournalEntry(app.db, parsePathId(request.params.id)),
  }));

  app.post(
    '/billing/journal-entries/:id/reverse',
    { onRequest: manage, schema: { params: idParams, body: reverseEntryInputSchema.default({}) } },
    async (request) => ({
      message: 'Journal entry reversed.',
      data: announcePosted(
        app,
        await reverseJournalEntry(app.db, parsePathId(request.params.id), request.body, request.auth.user.id),
      ),
    }),
  );

  app.get('/billing/settings', { onRequest: view }, async () => ({ data: await getBillingSettings(app.db) }));

  putRoute(
    app,
    '/billing/settings',
    { onRequest: manage, schema: { body: billingSettingsInputSchema } },
    async (request) => ({
      message: 'Settings saved.',
      data: await updateBillingSettings(app.db, request.body, request.auth.user.id),
    }),
  );
}
