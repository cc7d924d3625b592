import {
  bankAccountReconciliationStatusSchema,
  bankReconciliationInputSchema,
  bankReconciliationLineSchema,
  bankReconciliationLinesQuerySchema,
  bankReconciliationListQuerySchema,
  bankReconciliationSchema,
  bankReconciliationTickSchema,
  bankReconciliationUpdateSchema,
  reconciliationNotFinishedMessage,
  type BankReconciliation,
  type BankReconciliationUpdatedPayload,
} from '@switchboard/shared/billing/bank-reconciliation';
import { billingChannel } from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { pageSchema } from '../../db/paginate.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { unprocessable } from '../../plugins/errors.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { sendCsv } from './billing-report-csv.ts';
import {
  createReconciliation,
  deleteReconciliation,
  finishReconciliation,
  getReconciliation,
  listBankAccountStatuses,
  listReconciliationLines,
  listReconciliations,
  reconciliationCsvBatches,
  tickLines,
  undoReconciliation,
  updateReconciliation,
} from './bank-reconciliation.service.ts';

// Bank reconciliation (designs/billing.md §5, Verify Transactions; decision 0126): 'view billing' reads, 'manage
// accounting' writes, as the ledger's calls. Answers are held to the shared schemas (strict objects). Every change
// announces BankReconciliationUpdated on `billing` (the reconciliation as GET answers it), so a second window follows.

const idParams = z.object({ id: z.string() });
const view = [requireEmployee(), requirePermission('view billing')];
const manage = [requireEmployee(), requirePermission('view billing', 'manage accounting')];
const one = z.strictObject({ data: bankReconciliationSchema });
const saved = z.strictObject({ message: z.string(), data: bankReconciliationSchema });

export async function bankReconciliationRoutes(app: AppInstance): Promise<void> {
  const announce = (payload: BankReconciliationUpdatedPayload) =>
    app.realtime.emitToStaff(billingChannel, 'BankReconciliationUpdated', payload);
  const changed = (reconciliation: BankReconciliation) => {
    announce(reconciliation);
    return reconciliation;
  };

  app.get(
    '/billing/bank-reconciliations/accounts',
    {
      onRequest: view,
      schema: { response: { 200: z.strictObject({ data: z.array(bankAccountReconciliationStatusSchema) }) } },
    },
    async () => ({ data: await listBankAccountStatuses(app.db) }),
  );

  app.get(
    '/billing/bank-reconciliations',
    {
      onRequest: view,
      schema: {
        querystring: bankReconciliationListQuerySchema,
        response: { 200: pageSchema(bankReconciliationSchema) },
      },
    },
    async (request) => listReconciliations(app.db, request.query),
  );

  app.post(
    '/billing/bank-reconciliations',
    { onRequest: manage, schema: { body: bankReconciliationInputSchema, response: { 200: saved } } },
    async (request) => ({
      message: 'Reconciliation started.',
      data: changed(await createReconciliation(app.db, request.body, request.auth.user.id)),
    }),
  );

  // ?format=csv: a finished reconciliation's cleared lines and figures, streamed (cursorBatches, csvCell).
  app.get(
    '/billing/bank-reconciliations/:id',
    {
      onRequest: view,
      schema: { params: idParams, querystring: z.object({ format: z.enum(['csv']).optional() }) },
    },
    async (request, reply) => {
      const data = await getReconciliation(app.db, parsePathId(request.params.id));
      if (request.query.format !== 'csv') return one.parse({ data });
      if (data.status !== 'finished')
        throw unprocessable({ format: [reconciliationNotFinishedMessage] }, reconciliationNotFinishedMessage);
      const name = `Reconciliation-${data.account.number}-${data.statement_date}.csv`;
      const header = ['Date', 'Entry', 'Memo', 'Deposit', 'Payment'];
      return sendCsv(reply, name, header, reconciliationCsvBatches(app.db, data));
    },
  );

  putRoute(
    app,
    '/billing/bank-reconciliations/:id',
    { onRequest: manage, schema: { params: idParams, body: bankReconciliationUpdateSchema, response: { 200: saved } } },
    async (request) => ({
      message: 'Reconciliation saved.',
      data: changed(await updateReconciliation(app.db, parsePathId(request.params.id), request.body)),
    }),
  );

  app.delete(
    '/billing/bank-reconciliations/:id',
    { onRequest: manage, schema: { params: idParams } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const before = await getReconciliation(app.db, id);
      await deleteReconciliation(app.db, id);
      announce({ id, account: { id: before.account.id }, deleted: true });
      return { message: 'Reconciliation deleted.' };
    },
  );

  app.get(
    '/billing/bank-reconciliations/:id/lines',
    {
      onRequest: view,
      schema: {
        params: idParams,
        querystring: bankReconciliationLinesQuerySchema,
        response: { 200: pageSchema(bankReconciliationLineSchema) },
      },
    },
    async (request) => listReconciliationLines(app.db, parsePathId(request.params.id), request.query),
  );

  app.post(
    '/billing/bank-reconciliations/:id/lines',
    { onRequest: manage, schema: { params: idParams, body: bankReconciliationTickSchema, response: { 200: one } } },
    async (request) => ({ data: changed(await tickLines(app.db, parsePathId(request.params.id), request.body)) }),
  );

  app.post(
    '/billing/bank-reconciliations/:id/finish',
    { onRequest: manage, schema: { params: idParams, response: { 200: saved } } },
    async (request) => ({
      message: 'Reconciliation finished.',
      data: changed(await finishReconciliation(app.db, parsePathId(request.params.id), request.auth.user.id)),
    }),
  );

  app.post(
    '/billing/bank-reconciliations/:id/undo',
    { onRequest: manage, schema: { params: idParams, response: { 200: saved } } },
    async (request) => ({
      message: 'Reconciliation reopened.',
      data: changed(await undoReconciliation(app.db, parsePathId(request.params.id))),
    }),
  );
}
