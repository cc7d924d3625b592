import { billingChannel } from '@switchboard/shared';
import {
  agedPayablesQuerySchema,
  applyVendorCreditInputSchema,
  billInputSchema,
  billListQuerySchema,
  paymentMadeListQuerySchema,
  payBillsInputSchema,
  voidBillInputSchema,
  voidPaymentMadeInputSchema,
} from '@switchboard/shared/billing/bills';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { putRoute } from '../../plugins/method-override.ts';
import {
  applyPrepayment,
  getPayable,
  getPaymentMade,
  listPaymentsMade,
  paymentMadeJson,
  paymentsMadeCsvBatches,
  paymentsMadeCsvHeader,
  payBills,
  voidPaymentMade,
} from './bill-payments.service.ts';
import { getAgedPayables } from './billing-report-aged-payables.ts';
import { oneBatch, sendCsv } from './billing-report-csv.ts';
import { csvAmount } from './billing-reports.routes.ts';
import {
  applyVendorCredit,
  billDetailJson,
  billFromPo,
  createBill,
  deleteBill,
  getBill,
  listBills,
  postBill,
  updateBill,
  voidBill,
  type BillChanges,
} from './bills.service.ts';
import { billingToday } from './ledger.service.ts';

// Bills, vendor credits, payments made and aged payables (designs/billing.md §3.7, §5, §6 Money; issue 28 part 4).
// Reading and editing drafts need 'view billing'; posting, voiding, applying credits and paying vendors need
// 'approve billing' as well (§6: "approve and post ... bills; pay vendors; void"). Every write announces on `billing`
// after its transaction committed: BillUpdated, PaymentUpdated (with the vendor), LedgerPosted.

const idParams = z.object({ id: z.string() });

export async function billRoutes(app: AppInstance): Promise<void> {
  const view = [requireEmployee(), requirePermission('view billing')];
  const approve = [requireEmployee(), requirePermission('view billing', 'approve billing')];

  const announce = (changes: BillChanges) => {
    const seen = new Set<string>();
    for (const bill of changes.bills) {
      if (seen.has(`b${bill.id}`)) continue;
      seen.add(`b${bill.id}`);
      app.realtime.emitToStaff(billingChannel, 'BillUpdated', { id: bill.id, vendor_id: bill.vendorId });
    }
    for (const payment of changes.payments) {
      if (seen.has(`p${payment.id}`)) continue;
      seen.add(`p${payment.id}`);
      app.realtime.emitToStaff(billingChannel, 'PaymentUpdated', {
        id: payment.id,
        company_id: null,
        vendor_id: payment.vendorId,
      });
    }
    for (const entry of changes.entries) app.realtime.emitToStaff(billingChannel, 'LedgerPosted', entry);
  };
  const announceBill = (id: number, vendorId: number, deleted = false) =>
    app.realtime.emitToStaff(billingChannel, 'BillUpdated', { id, vendor_id: vendorId, deleted });

  // Pages and drawers are JSON text written by PostgreSQL (decision 0129's pattern), sent as is.
  app.get('/billing/bills', { onRequest: view, schema: { querystring: billListQuerySchema } }, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await listBills(app.db, request.query)),
  );

  app.get('/billing/bills/from-po/:id', { onRequest: view, schema: { params: idParams } }, async (request) => ({
    data: await billFromPo(app.db, parsePathId(request.params.id)),
  }));

  app.get('/billing/bills/:id', { onRequest: view, schema: { params: idParams } }, async (request, reply) => {
    const bill = await billDetailJson(app.db, parsePathId(request.params.id));
    if (bill === null) throw notFound();
    return reply.type('application/json; charset=utf-8').send(`{"data":${bill}}`);
  });

  app.post('/billing/bills', { onRequest: view, schema: { body: billInputSchema } }, async (request) => {
    const { id, vendorId } = await createBill(app.db, request.body, request.auth.user.id);
    announceBill(id, vendorId);
    return { message: 'Bill saved.', data: await getBill(app.db, id) };
  });

  putRoute(
    app,
    '/billing/bills/:id',
    { onRequest: view, schema: { params: idParams, body: billInputSchema } },
    async (request) => {
      const { id, vendorId } = await updateBill(
        app.db,
        parsePathId(request.params.id),
        request.body,
        request.auth.user.id,
      );
      announceBill(id, vendorId);
      return { message: 'Bill saved.', data: await getBill(app.db, id) };
    },
  );

  app.delete('/billing/bills/:id', { onRequest: view, schema: { params: idParams } }, async (request) => {
    const { id, vendorId } = await deleteBill(app.db, parsePathId(request.params.id));
    announceBill(id, vendorId, true);
    return { message: 'Bill deleted.' };
  });

  app.post('/billing/bills/:id/post', { onRequest: approve, schema: { params: idParams } }, async (request) => {
    const id = parsePathId(request.params.id);
    announce(await postBill(app.db, id, request.auth.user.id));
    return { message: 'Bill posted.', data: await getBill(app.db, id) };
  });

  app.post(
    '/billing/bills/:id/void',
    { onRequest: approve, schema: { params: idParams, body: voidBillInputSchema.default({ reason: '' }) } },
    async (request) => {
      const id = parsePathId(request.params.id);
      announce(await voidBill(app.db, id, request.body, request.auth.user.id));
      return { message: 'Bill voided.', data: await getBill(app.db, id) };
    },
  );

  app.post(
    '/billing/bills/:id/apply',
    { onRequest: approve, schema: { params: idParams, body: applyVendorCreditInputSchema } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const { allocationId, changes } = await applyVendorCredit(app.db, id, request.body, request.auth.user.id);
      announce(changes);
      return { message: 'Credit applied.', data: { allocation_id: allocationId, credit: await getBill(app.db, id) } };
    },
  );

  app.get(
    '/billing/payments/made',
    { onRequest: view, schema: { querystring: paymentMadeListQuerySchema } },
    async (request, reply) => {
      const { format, page, per_page, ...filters } = request.query;
      if (format !== 'csv')
        return reply
          .type('application/json; charset=utf-8')
          .send(await listPaymentsMade(app.db, { page, per_page, ...filters }));
      return sendCsv(reply, 'Payments-Made.csv', paymentsMadeCsvHeader, paymentsMadeCsvBatches(app.db, filters));
    },
  );

  app.get('/billing/payments/made/:id', { onRequest: view, schema: { params: idParams } }, async (request, reply) => {
    const payment = await paymentMadeJson(app.db, parsePathId(request.params.id));
    if (payment === null) throw notFound();
    return reply.type('application/json; charset=utf-8').send(`{"data":${payment}}`);
  });

  app.post('/billing/payments/made', { onRequest: approve, schema: { body: payBillsInputSchema } }, async (request) => {
    const { id, changes } = await payBills(app.db, request.body, request.auth.user.id);
    announce(changes);
    return { message: 'Payment saved.', data: await getPaymentMade(app.db, id) };
  });

  app.post(
    '/billing/payments/made/:id/void',
    { onRequest: approve, schema: { params: idParams, body: voidPaymentMadeInputSchema.default({ reason: '' }) } },
    async (request) => {
      const id = parsePathId(request.params.id);
      announce(await voidPaymentMade(app.db, id, request.body, request.auth.user.id));
      return { message: 'Payment voided.', data: await getPaymentMade(app.db, id) };
    },
  );

  app.post(
    '/billing/payments/made/:id/apply',
    { onRequest: approve, schema: { params: idParams, body: applyVendorCreditInputSchema } },
    async (request) => {
      const id = parsePathId(request.params.id);
      announce(await applyPrepayment(app.db, id, request.body, request.auth.user.id));
      return { message: 'Payment applied.', data: await getPaymentMade(app.db, id) };
    },
  );

  app.get('/billing/vendors/:id/payable', { onRequest: view, schema: { params: idParams } }, async (request) => ({
    data: await getPayable(app.db, parsePathId(request.params.id)),
  }));

  app.get(
    '/billing/reports/agedpayables',
    { onRequest: view, schema: { querystring: agedPayablesQuerySchema } },
    async (request, reply) => {
      const report = await getAgedPayables(app.db, request.query, await billingToday(app.db));
      if (request.query.format !== 'csv') return report;
      const header = ['Vendor', ...report.buckets.map((b) => b.label), 'Unapplied credits', 'Total'];
      const rows = report.data.map((row) => [
        row.vendor_name,
        ...row.buckets.map(csvAmount),
        csvAmount(row.credits),
        csvAmount(row.total),
      ]);
      rows.push([
        'Total',
        ...report.totals.buckets.map(csvAmount),
        csvAmount(report.totals.credits),
        csvAmount(report.totals.total),
      ]);
      rows.push([
        `Accounts Payable (2000) as of ${report.as_of}`,
        ...report.buckets.map(() => ''),
        '',
        csvAmount(report.tie.ledger_balance),
      ]);
      rows.push(['Difference', ...report.buckets.map(() => ''), '', csvAmount(report.tie.difference)]);
      return sendCsv(reply, `aged-payables-${report.as_of}.csv`, header, oneBatch(rows));
    },
  );
}
