import {
  billAllocationOverBalanceMessage,
  billAllocationOverSourceMessage,
  billNotOpenMessage,
  dateBeforeBillMessage,
  otherVendorBillMessage,
  payFromAccountMessage,
  paymentMadeVoidedMessage,
  unknownBillMessage,
  unknownVendorMessage,
  type PayableResponse,
  type PaymentMadeListValues,
  type PaymentMadeRow,
} from '@switchboard/shared/billing/bills';
import { periodClosedMessage } from '@switchboard/shared/billing/ledger';
import {
  centsFromDollars,
  centsFromNumeric,
  dollarsFromCents,
  numericFromCents,
} from '@switchboard/shared/billing/money';
import { paymentMethodLabels, type PaymentMethod } from '@switchboard/shared/billing/payments';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonString } from '../../db/json-sql.ts';
import { notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import {
  accountIdsByNumber,
  billingTodayAndLock,
  emptyBillChanges,
  lockBills,
  logBillingEvent,
  postEntry,
  postReversal,
  reversalDate,
  setBillBalance,
  throwIfAny,
  type BillChanges,
} from './bills.service.ts';
import { allocations, payments } from './payments.table.ts';
import { csvNumeric, cursorBatches, type CsvValue } from './billing-report-csv.ts';
import {
  binder,
  containsPattern,
  jsonDate,
  jsonInt,
  writtenPage,
  writtenRecord,
  type Bind,
} from './purchasing-json.ts';

// Payments made to vendors (designs/billing.md §3.2 "payment made", §3.6; issue 28 part 4): a payment of direction
// 'out' with vendor_id posts Dr 2000 AP (vendor) Cr the bank at once; its allocations (source payment, target bill)
// only say which bills it pays, and what is not allocated is the vendor's prepayment. Locks: the payment first, then
// bills in id order (the order payments.service.ts keeps for invoices), so two payments never overdraw a bill.

interface PayBillsValues {
  vendor_id: number;
  payment_date: string;
  method: PaymentMethod;
  reference: string;
  account_id: number | null;
  amount: number;
  memo: string;
  allocations: { bill_id: number; amount: number }[];
}

const paymentLabel = (payment: { method: PaymentMethod; reference: string }) =>
  payment.method === 'check' && payment.reference ? `check ${payment.reference}` : payment.reference || payment.method;

/** POST /billing/payments/made: the payment posted, then its allocations, in one transaction. */
export async function payBills(
  db: Db,
  input: PayBillsValues,
  actorId: number,
): Promise<{ id: number; changes: BillChanges }> {
  const changes = emptyBillChanges();
  const id = await db.transaction(async (tx) => {
    const errors: FieldErrors = {};
    const vendor = await tx.execute<{ id: number }>(
      sql`select id from vendors where id = ${input.vendor_id} and archived_at is null`,
    );
    if (vendor.rows.length === 0) errors.vendor_id = [unknownVendorMessage];
    const account = await tx.execute<{ id: number; number: string }>(
      input.account_id === null
        ? sql`select id, number from accounts where number = '1000' and active and subtype = 'bank'`
        : sql`select id, number from accounts where id = ${input.account_id} and active and subtype = 'bank'`,
    );
    if (account.rows.length === 0) errors.account_id = [payFromAccountMessage];
    const { lockDate } = await billingTodayAndLock(tx);
    if (lockDate !== null && input.payment_date <= lockDate) errors.payment_date = [periodClosedMessage];
    throwIfAny(errors);
    const bankId = Number(account.rows[0]!.id);
    const amount = centsFromDollars(input.amount)!;
    const [payment] = await tx
      .insert(payments)
      .values({
        direction: 'out',
        vendorId: input.vendor_id,
        paymentDate: input.payment_date,
        method: input.method,
        reference: input.reference,
        amount: numericFromCents(amount),
        accountId: bankId,
        memo: input.memo,
        createdBy: actorId,
      })
      .returning({ id: payments.id });
    const paymentId = payment!.id;
    const ap = (await accountIdsByNumber(tx, ['2000'])).get('2000')!;
    const memo = `Payment to vendor, ${paymentLabel(input)}`;
    const entryId = await postEntry(
      tx,
      {
        entryDate: input.payment_date,
        sourceType: 'bill_payment',
        sourceId: paymentId,
        memo,
        createdBy: actorId,
        lines: [
          { accountId: ap, debit: amount, credit: 0, vendorId: input.vendor_id, memo },
          { accountId: bankId, debit: 0, credit: amount, memo },
        ],
      },
      changes,
    );
    await tx.execute(sql`update payments set journal_entry_id = ${entryId} where id = ${paymentId}`);
    await logBillingEvent(tx, 'payment', paymentId, 'paid', actorId, {
      vendor_id: input.vendor_id,
      amount: input.amount,
    });
    changes.payments.push({ id: paymentId, vendorId: input.vendor_id });

    const locked = await lockBills(
      tx,
      input.allocations.map((allocation) => allocation.bill_id),
    );
    let available = amount;
    input.allocations.forEach((allocation, index) => {
      const key = (field: string) => `allocations.${index}.${field}`;
      const bill = locked.get(allocation.bill_id);
      const cents = centsFromDollars(allocation.amount)!;
      if (!bill || bill.kind !== 'bill') errors[key('bill_id')] = [unknownBillMessage];
      else if (bill.status !== 'posted') errors[key('bill_id')] = [billNotOpenMessage];
      else if (bill.vendorId !== input.vendor_id) errors[key('bill_id')] = [otherVendorBillMessage];
      else if (input.payment_date < bill.billDate) errors.payment_date = [dateBeforeBillMessage];
      else if (cents > available) errors[key('amount')] = [billAllocationOverSourceMessage];
      else if (cents > bill.balance) errors[key('amount')] = [billAllocationOverBalanceMessage];
      else {
        available -= cents;
        bill.balance -= cents;
      }
    });
    throwIfAny(errors);
    for (const allocation of input.allocations) {
      const bill = locked.get(allocation.bill_id)!;
      await tx.insert(allocations).values({
        sourceType: 'payment',
        sourceId: paymentId,
        targetType: 'bill',
        targetId: bill.id,
        amount: numericFromCents(centsFromDollars(allocation.amount)!),
        appliedOn: input.payment_date,
        createdBy: actorId,
      });
      await setBillBalance(tx, bill, input.payment_date);
      await logBillingEvent(tx, 'bill', bill.id, 'paid', actorId, { payment_id: paymentId, amount: allocation.amount });
      changes.bills.push({ id: bill.id, vendorId: bill.vendorId });
    }
    return paymentId;
  });
  return { id, changes };
}

/** POST /billing/payments/made/{id}/void: its allocations unapplied (balances restored), then the exact reversal. */
export async function voidPaymentMade(
  db: Db,
  id: number,
  input: { date?: string; reason: string },
  actorId: number,
): Promise<BillChanges> {
  const changes = emptyBillChanges();
  await db.transaction(async (tx) => {
    const result = await tx.execute<{
      id: number;
      vendor_id: number | null;
      status: string;
      payment_date: string;
      journal_entry_id: string;
      method: PaymentMethod;
      reference: string;
    }>(sql`select id, vendor_id, status, payment_date::text as payment_date, journal_entry_id, method, reference
      from payments where id = ${id} and direction = 'out' for update`);
    const payment = result.rows[0];
    if (!payment || payment.vendor_id === null) throw notFound();
    if (payment.status === 'void') throw unprocessable({ id: [paymentMadeVoidedMessage] }, paymentMadeVoidedMessage);
    const date = await reversalDate(tx, input.date);
    const active = await tx.execute<{ id: number; target_id: number; amount: string; applied_on: string }>(sql`
      select id, target_id, amount::text as amount, applied_on::text as applied_on from allocations
      where source_type = 'payment' and source_id = ${id} and target_type = 'bill' and unapplied_on is null
      order by id`);
    if (date < payment.payment_date || active.rows.some((row) => date < row.applied_on))
      throw unprocessable({ date: [dateBeforeBillMessage] });
    const locked = await lockBills(
      tx,
      active.rows.map((row) => Number(row.target_id)),
    );
    for (const row of active.rows) {
      await tx.execute(
        sql`update allocations set unapplied_on = ${date}::date, unapplied_by = ${actorId} where id = ${row.id}`,
      );
      const bill = locked.get(Number(row.target_id))!;
      bill.balance += centsFromNumeric(row.amount);
      await setBillBalance(tx, bill, date);
      changes.bills.push({ id: bill.id, vendorId: bill.vendorId });
    }
    const entryId = await postReversal(
      tx,
      Number(payment.journal_entry_id),
      {
        date,
        sourceId: id,
        memo: `Void of payment to vendor, ${paymentLabel(payment)}${input.reason ? `: ${input.reason}` : ''}`,
        actorId,
      },
      changes,
    );
    await tx.execute(sql`update payments set status = 'void', void_date = ${date}::date, voided_by = ${actorId},
      voided_at = now() where id = ${id}`);
    await logBillingEvent(tx, 'payment', id, 'voided', actorId, { reason: input.reason, journal_entry_id: entryId });
    changes.payments.push({ id, vendorId: Number(payment.vendor_id) });
  });
  return changes;
}

type PaymentMadeDbRow = {
  id: number;
  vendor_id: number;
  vendor_name: string;
  payment_date: string;
  method: PaymentMethod;
  reference: string;
  amount: string;
  applied: string;
  account_id: number;
  account_number: string;
  account_name: string;
  memo: string;
  status: 'posted' | 'void';
  void_date: string | null;
  journal_entry_id: string | null;
};

const paymentMadeSelect = (where: SQL) => sql`
  select p.id, p.vendor_id, v.name as vendor_name, p.payment_date::text as payment_date, p.method, p.reference,
    p.amount::text as amount,
    (select coalesce(sum(a.amount), 0) from allocations a
      where a.source_type = 'payment' and a.source_id = p.id and a.unapplied_on is null)::text as applied,
    p.account_id, ac.number as account_number, ac.name as account_name, p.memo, p.status,
    p.void_date::text as void_date, p.journal_entry_id
  from payments p join vendors v on v.id = p.vendor_id join accounts ac on ac.id = p.account_id
  where ${where}`;

type PaymentMadeQuery = PaymentMadeListValues;
type PaymentMadeFilters = Omit<PaymentMadeQuery, 'page' | 'per_page' | 'format'>;

/** The list's filters on `payments p` (page and CSV) and the key of their shape (method, status: enum codes). */
function paymentMadeWhere(query: PaymentMadeFilters, bind: Bind): { where: SQL; shape: string } {
  const parts: SQL[] = [sql`p.direction = 'out' and p.vendor_id is not null`];
  const shape: string[] = [];
  const add = (name: string, part: SQL) => {
    parts.push(part);
    shape.push(name);
  };
  if (query.vendor_id) add('vendor', sql`p.vendor_id = ${bind('vendor_id', query.vendor_id)}::int`);
  if (query.method) add(query.method, sql`p.method = ${sql.raw(`'${query.method}'`)}`);
  if (query.status) add(query.status, sql`p.status = ${sql.raw(`'${query.status}'`)}`);
  if (query.from) add('from', sql`p.payment_date >= ${bind('from', query.from)}::date`);
  if (query.to) add('to', sql`p.payment_date <= ${bind('to', query.to)}::date`);
  if (query.search) add('search', sql`p.reference ilike ${bind('search', containsPattern(query.search))}::text`);
  return { where: sql.join(parts, sql` and `), shape: shape.join('_') || 'all' };
}

/**
 * A payment made (`p`, its vendor `v`, its account `ac`, its live allocations' sum `al`) as PaymentMadeRow's JSON:
 * the values paymentMadeRow gave (a void payment has nothing unapplied).
 */
const paymentMadeJsonSql = sql`'{"id":' || p.id || ',"vendor_id":' || p.vendor_id
    || ',"vendor_name":' || ${jsonString(sql`v.name`)} || ',"payment_date":"' || p.payment_date::text
    || '","method":' || ${jsonString(sql`p.method`)} || ',"reference":' || ${jsonString(sql`p.reference`)}
    || ',"amount":' || p.amount::text || ',"applied":' || al.applied::text
    || ',"unapplied":' || (case when p.status = 'void' then 0 else p.amount - al.applied end)::text
    || ',"account_id":' || p.account_id || ',"account_number":' || ${jsonString(sql`ac.number`)}
    || ',"account_name":' || ${jsonString(sql`ac.name`)} || ',"memo":' || ${jsonString(sql`p.memo`)}
    || ',"status":' || ${jsonString(sql`p.status`)} || ',"void_date":' || ${jsonDate(sql`p.void_date`)}
    || ',"journal_entry_id":' || ${jsonInt(sql`p.journal_entry_id`)} || '}'`;

const paymentMadeJoins = sql`join vendors v on v.id = p.vendor_id join accounts ac on ac.id = p.account_id
  cross join lateral (select coalesce(sum(a.amount), 0) as applied from allocations a
    where a.source_type = 'payment' and a.source_id = p.id and a.unapplied_on is null) al`;

/** GET /billing/payments/made/{id}: the payment as JSON text from one prepared statement (null when there is none). */
export async function paymentMadeJson(db: Db, id: number): Promise<string | null> {
  return writtenRecord(
    db,
    'payment_made_json',
    () => sql`select ${paymentMadeJsonSql} as json from payments p ${paymentMadeJoins}
      where p.id = ${sql.placeholder('id')}::int and p.direction = 'out' and p.vendor_id is not null`,
    { id },
  );
}

/** The payment as an object: what every write answers. */
export async function getPaymentMade(db: Db, id: number): Promise<PaymentMadeRow> {
  const json = await paymentMadeJson(db, id);
  if (json === null) throw notFound();
  return JSON.parse(json) as PaymentMadeRow;
}

/**
 * GET /billing/payments/made: newest first, filtered by vendor, method, dates, status and check number: the
 * paginator's JSON text written by one prepared statement per filter shape (decision 0129's pattern), sent as is.
 */
export async function listPaymentsMade(db: Db, query: PaymentMadeQuery): Promise<string> {
  const { page, per_page: perPage, format: _format, ...filters } = query;
  const { bind, values } = binder();
  const { where, shape } = paymentMadeWhere(filters, bind);
  return writtenPage(
    db,
    `payments_made_json_${shape}`,
    { page, per_page: perPage },
    {
      ids: (window) => sql`select p.id from payments p where ${where}
        order by p.payment_date desc, p.id desc limit ${window.limit} offset ${window.offset}`,
      rows: sql`select page.position, ${paymentMadeJsonSql} as row
        from page join payments p on p.id = page.id ${paymentMadeJoins}`,
      count: sql`(select count(*)::int from payments p where ${where})`,
    },
    values,
  );
}

export const paymentsMadeCsvHeader = [
  'Date',
  'Vendor',
  'Method',
  'Check / reference',
  'Amount',
  'Applied',
  'Unapplied',
  'Paid from',
  'Memo',
  'Status',
  'Void date',
] as const;

/**
 * format=csv of the payments-made list: every payment the filters select, newest first, read through one cursor
 * (cursorBatches) and written batch by batch with csvCell, so memory stays flat however many rows match.
 */
export async function* paymentsMadeCsvBatches(
  db: Db,
  query: Omit<PaymentMadeQuery, 'page' | 'per_page'>,
): AsyncGenerator<CsvValue[][]> {
  // The values go inline as the statement's parameters: a cursor's statement is planned once anyway.
  const { where } = paymentMadeWhere(query, (_name, value) => sql`${value}`);
  const statement = sql`select * from (${paymentMadeSelect(where)}) x order by x.payment_date desc, x.id desc`;
  for await (const batch of cursorBatches<PaymentMadeDbRow>(db, statement))
    yield batch.map((row) => {
      const unapplied = row.status === 'void' ? 0 : centsFromNumeric(row.amount) - centsFromNumeric(row.applied);
      return [
        row.payment_date,
        row.vendor_name,
        paymentMethodLabels[row.method],
        row.reference,
        csvNumeric(row.amount),
        csvNumeric(numericFromCents(centsFromNumeric(row.applied))),
        csvNumeric(numericFromCents(unapplied)),
        `${row.account_number} ${row.account_name}`,
        row.memo,
        row.status === 'void' ? 'Void' : 'Posted',
        row.void_date,
      ];
    });
}

/** GET /billing/vendors/{id}/payable: open bills oldest first, and the vendor's credits and prepayments. */
export async function getPayable(db: Db, vendorId: number): Promise<PayableResponse> {
  const vendor = await db.execute<{ id: number; name: string }>(
    sql`select id, name from vendors where id = ${vendorId}`,
  );
  if (!vendor.rows[0]) throw notFound();
  const { date } = await billingTodayAndLock(db);
  const open = await db.execute<{
    id: number;
    kind: 'bill' | 'credit';
    vendor_ref: string;
    bill_date: string;
    due_date: string;
    total: string;
    balance: string;
  }>(sql`select id, kind, vendor_ref, bill_date::text as bill_date, due_date::text as due_date, total::text as total,
      balance::text as balance
    from bills where vendor_id = ${vendorId} and status = 'posted' and balance <> 0 order by due_date, bill_date, id`);
  const prepayments = await db.execute<PaymentMadeDbRow>(
    sql`select * from (${paymentMadeSelect(sql`p.vendor_id = ${vendorId} and p.status = 'posted'`)}) x
      where x.amount::numeric > x.applied::numeric order by x.payment_date, x.id`,
  );
  const bills = open.rows
    .filter((row) => row.kind === 'bill')
    .map((row) => ({
      id: Number(row.id),
      vendor_ref: row.vendor_ref,
      bill_date: row.bill_date,
      due_date: row.due_date,
      total: dollarsFromCents(centsFromNumeric(row.total)),
      balance: dollarsFromCents(centsFromNumeric(row.balance)),
    }));
  const credits: PayableResponse['credits'] = [
    ...open.rows
      .filter((row) => row.kind === 'credit')
      .map((row) => ({
        type: 'vendor_credit' as const,
        id: Number(row.id),
        label: `Vendor credit ${row.vendor_ref || `#${row.id}`}`,
        date: row.bill_date,
        available: dollarsFromCents(-centsFromNumeric(row.balance)),
      })),
    ...prepayments.rows.map((row) => ({
      type: 'payment' as const,
      id: Number(row.id),
      label: `Payment ${paymentLabel(row)} of ${row.payment_date}`,
      date: row.payment_date,
      available: dollarsFromCents(centsFromNumeric(row.amount) - centsFromNumeric(row.applied)),
    })),
  ];
  const owed = open.rows.reduce((sum, row) => sum + centsFromNumeric(row.balance), 0);
  const prepaid = prepayments.rows.reduce(
    (sum, row) => sum + centsFromNumeric(row.amount) - centsFromNumeric(row.applied),
    0,
  );
  return { vendor: vendor.rows[0], today: date, bills, credits, balance: dollarsFromCents(owed - prepaid) };
}

/** POST /billing/payments/made/{id}/apply: (part of) a vendor prepayment applied to a posted bill of the vendor. */
export async function applyPrepayment(
  db: Db,
  id: number,
  input: { bill_id: number; amount: number; date?: string },
  actorId: number,
): Promise<BillChanges> {
  const changes = emptyBillChanges();
  await db.transaction(async (tx) => {
    // Lock order as everywhere: the payment, then bills.
    const result = await tx.execute<{ vendor_id: number | null; status: string; payment_date: string; amount: string }>(
      sql`select vendor_id, status, payment_date::text as payment_date, amount::text as amount from payments
        where id = ${id} and direction = 'out' for update`,
    );
    const payment = result.rows[0];
    if (!payment || payment.vendor_id === null) throw notFound();
    if (payment.status === 'void') throw unprocessable({ id: [paymentMadeVoidedMessage] }, paymentMadeVoidedMessage);
    const bill = (await lockBills(tx, [input.bill_id])).get(input.bill_id);
    if (!bill || bill.kind !== 'bill') throw unprocessable({ bill_id: [unknownBillMessage] });
    if (bill.status !== 'posted') throw unprocessable({ bill_id: [billNotOpenMessage] });
    if (bill.vendorId !== Number(payment.vendor_id)) throw unprocessable({ bill_id: [otherVendorBillMessage] });
    const { date: today, lockDate } = await billingTodayAndLock(tx);
    const date = input.date ?? today;
    const errors: FieldErrors = {};
    if (lockDate !== null && date <= lockDate) errors.date = [periodClosedMessage];
    if (date < bill.billDate || date < payment.payment_date) (errors.date ??= []).push(dateBeforeBillMessage);
    throwIfAny(errors);
    const used = await tx.execute<{ used: string }>(sql`select coalesce(sum(amount), 0)::text as used from allocations
      where source_type = 'payment' and source_id = ${id} and unapplied_on is null`);
    const available = centsFromNumeric(payment.amount) - centsFromNumeric(used.rows[0]!.used);
    const cents = centsFromDollars(input.amount)!;
    if (cents > available) throw unprocessable({ amount: [billAllocationOverSourceMessage] });
    if (cents > bill.balance) throw unprocessable({ amount: [billAllocationOverBalanceMessage] });
    await tx.insert(allocations).values({
      sourceType: 'payment',
      sourceId: id,
      targetType: 'bill',
      targetId: bill.id,
      amount: numericFromCents(cents),
      appliedOn: date,
      createdBy: actorId,
    });
    bill.balance -= cents;
    await setBillBalance(tx, bill, date);
    await logBillingEvent(tx, 'bill', bill.id, 'paid', actorId, { payment_id: id, amount: input.amount });
    changes.bills.push({ id: bill.id, vendorId: bill.vendorId });
    changes.payments.push({ id, vendorId: bill.vendorId });
  });
  return changes;
}
