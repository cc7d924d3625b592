import { ageReceivables, type AgingItem } from '@switchboard/shared/billing/aging';
import {
  defaultRunMonth,
  lastTwelveMonths,
  type BillingSummary,
  type BillingSummaryQuery,
} from '@switchboard/shared/billing/home';
import { centsFromNumeric, dollarsFromCents } from '@switchboard/shared/billing/money';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';
import { cachedByBillingVersion } from './billing-cache.ts';
import { countBelowReorder } from './inventory.service.ts';
import { billingToday } from './ledger.service.ts';

// /billing home's figures (designs/billing.md §5 first row; decision 0087). What invoices, payments, allocations and
// write-offs decide is read index-only or from kept amounts (balance, payments.unapplied) and cached by the billing
// version; MRR (contracts) and failed deliveries, which do not move that version, are read on every call. Part 2
// (issue 28): bills move the version, so "AP due in 14 days" and "Bills due" are cached with the rest; purchase
// orders and stock do not, so "POs awaiting receipt" and "Items below reorder point" are read live (0087 addendum 2).

/** The summary: its queues include purchasing's (decision 0087 addendum 2). */
export type BillingHomeSummary = BillingSummary;

type LedgerFiguresRow = {
  ar_open: string | null;
  ar_overdue: string | null;
  credit_notes: string | null;
  payment_credit: string | null;
  write_off_credit: string;
  drafts: number;
  run_drafts: number;
  ap_due: string | null;
  bills_due: number;
  /** [{month: 'YYYY-MM', invoiced: '12.50', collected: '3.00'}] for the months that have either. */
  monthly: { month: string; invoiced: string; collected: string }[] | null;
  /** Open items owed (invoices and unmatched refunds) grouped by the day they age from. */
  aging: { due: string; amount: string }[] | null;
};

type LedgerFigures = Omit<BillingSummary, 'month' | 'cards' | 'queues'> & {
  cards: Omit<BillingSummary['cards'], 'mrr'>;
  queues: Pick<BillingSummary['queues'], 'drafts' | 'run_drafts' | 'bills_due'>;
};

const dollars = (numeric: string | null | undefined): number => dollarsFromCents(centsFromNumeric(numeric ?? '0'));

export async function getBillingSummary(db: Db, query: BillingSummaryQuery): Promise<BillingHomeSummary> {
  const today = await billingToday(db);
  const month = query.month ?? defaultRunMonth(today);
  const figures = await cachedByBillingVersion(db, `billing-summary\n${today}\n${month}`, (tx) =>
    readLedgerFigures(tx, today, month),
  );
  const [live, belowReorder] = await Promise.all([readLiveFigures(db, today), countBelowReorder(db)]);
  return {
    ...figures,
    month,
    cards: { ...figures.cards, mrr: dollars(live.mrr) },
    queues: {
      ...figures.queues,
      failed_deliveries: live.failed_deliveries,
      pos_awaiting_receipt: live.pos_awaiting_receipt,
      pos_partly_received: live.pos_partly_received,
      below_reorder: belowReorder,
    },
  };
}

async function readLedgerFigures(db: DbOrTransaction, today: string, month: string): Promise<LedgerFigures> {
  const months = lastTwelveMonths(defaultRunMonth(today));
  const chartStart = `${months[0]}-01`;
  const result = await db.execute<LedgerFiguresRow>(sql`
    with
    open_invoices as materialized (
      -- invoices_open_due_idx, index-only: posted with a balance
      select i.type, i.balance, coalesce(i.due_date, i.invoice_date) as due
      from invoices i
      where i.status = 'posted' and i.balance <> 0
    ),
    open_payments as materialized (
      -- payments_open_range_idx: a payment with something unapplied has an unbounded range (decision 0092 addendum)
      select p.direction, p.unapplied, p.payment_date
      from payments p
      where daterange(p.payment_date, p.fully_applied_on, '[)') && daterange(${today}::date, null, '[)')
        and p.company_id is not null and p.status = 'posted' and p.unapplied <> 0
    ),
    aging as materialized (
      -- A refund paid out to a company and not matched to its credit is owed back, as Aged Receivables counts it.
      select due, sum(amount) as amount
      from (
        select due, balance as amount from open_invoices where type <> 'credit_note'
        union all
        select payment_date, unapplied from open_payments where direction = 'out'
      ) owed
      group by due
    ),
    invoiced as (
      -- invoices_invoiced_idx, index-only
      select date_trunc('month', i.invoice_date)::date as month, sum(i.total) as amount
      from invoices i
      where i.status = 'posted' and i.type <> 'credit_note'
        and i.invoice_date >= ${chartStart}::date and i.invoice_date <= ${today}::date
      group by 1
    ),
    bills_due as materialized (
      -- bills_open_idx: posted bills with a balance; vendor credits are not due, overdue bills are
      select b.balance
      from bills b
      where b.status = 'posted' and b.balance <> 0 and b.kind = 'bill' and b.due_date <= ${today}::date + 14
    ),
    collected as (
      -- payments_collected_idx, index-only
      select date_trunc('month', p.payment_date)::date as month, sum(p.amount) as amount
      from payments p
      where p.direction = 'in' and p.status = 'posted' and p.company_id is not null
        and p.payment_date >= ${chartStart}::date and p.payment_date <= ${today}::date
      group by 1
    )
    select
      (select sum(amount) from aging)::text as ar_open,
      (select sum(amount) from aging where due < ${today}::date)::text as ar_overdue,
      (select -sum(balance) from open_invoices where balance < 0)::text as credit_notes,
      (select sum(unapplied) from open_payments where direction = 'in')::text as payment_credit,
      (
        -- A write-off normally pays its invoice at once; what it does not pay is a credit like a payment's remainder.
        select coalesce(sum(greatest(w.amount - coalesce(applied.amount, 0), 0)), 0)
        from write_offs w
        left join (
          select a.source_id, sum(a.amount) as amount
          from allocations a
          where a.source_type = 'write_off' and a.unapplied_on is null
          group by a.source_id
        ) applied on applied.source_id = w.id
      )::text as write_off_credit,
      (select count(*)::int from invoices where status = 'draft') as drafts,
      (select sum(balance) from bills_due)::text as ap_due,
      (select count(*)::int from bills_due) as bills_due,
      (select count(*)::int from invoices where status = 'draft' and billing_month = ${`${month}-01`}::date)
        as run_drafts,
      (
        select json_agg(json_build_object(
          'month', to_char(coalesce(invoiced.month, collected.month), 'YYYY-MM'),
          'invoiced', coalesce(invoiced.amount, 0)::text,
          'collected', coalesce(collected.amount, 0)::text))
        from invoiced full join collected on collected.month = invoiced.month
      ) as monthly,
      (select json_agg(json_build_object('due', aging.due, 'amount', aging.amount::text)) from aging) as aging
  `);
  const row = result.rows[0]!;

  const byMonth = new Map((row.monthly ?? []).map((entry) => [entry.month, entry]));
  const monthly = months.map((key) => ({
    month: key,
    invoiced: dollars(byMonth.get(key)?.invoiced),
    collected: dollars(byMonth.get(key)?.collected),
  }));

  const creditCents =
    centsFromNumeric(row.credit_notes ?? '0') +
    centsFromNumeric(row.payment_credit ?? '0') +
    centsFromNumeric(row.write_off_credit);
  const items: AgingItem[] = (row.aging ?? []).map((entry) => ({
    companyId: 0,
    amount: centsFromNumeric(entry.amount),
    invoiceDate: entry.due,
    dueDate: entry.due,
  }));
  if (creditCents > 0) items.push({ companyId: 0, amount: -creditCents, invoiceDate: today, dueDate: null });
  const report = ageReceivables(items, { asOf: today });

  const thisMonth = monthly.at(-1)!;
  return {
    today,
    cards: {
      ar_open: dollars(row.ar_open),
      ar_overdue: dollars(row.ar_overdue),
      unapplied_credits: dollarsFromCents(creditCents),
      ap_due_14_days: dollars(row.ap_due),
      invoiced_this_month: thisMonth.invoiced,
      collected_this_month: thisMonth.collected,
    },
    queues: { drafts: row.drafts, run_drafts: row.run_drafts, bills_due: row.bills_due },
    monthly,
    aging: {
      buckets: report.buckets.map((bucket, index) => ({
        label: bucket.label,
        amount: dollarsFromCents(report.totals.buckets[index]!),
      })),
      credits: dollarsFromCents(report.totals.credits),
      total: dollarsFromCents(report.totals.total),
    },
  };
}

type LiveFigures = {
  mrr: string;
  failed_deliveries: number;
  pos_awaiting_receipt: number;
  pos_partly_received: number;
};

/** MRR, failed deliveries and POs: contracts, delivery rows and POs do not move the billing version, so never cached. */
async function readLiveFigures(db: Db, today: string): Promise<LiveFigures> {
  // Read on every call: a named statement, planned once per connection.
  const [row] = await runPrepared<LiveFigures>(
    db,
    'billing_summary_live',
    () => sql`
    with governing as (
      -- The contract that governs today per company: the latest start wins (decision 0020).
      select distinct on (c.company_id) c.id, c.device_count, c.retainer_price
      from contracts c
      where c.start_date <= ${sql.placeholder('today')}::date and c.end_date >= ${sql.placeholder('today')}::date
      order by c.company_id, c.start_date desc, c.id desc
    )
    select
      (
        coalesce((select sum(g.device_count * g.retainer_price) from governing g), 0)
        + coalesce((
            select sum(r.quantity * r.price)
            from contract_recurring_items r
            where r.contract_id in (select g.id from governing g)
          ), 0)
      )::text as mrr,
      (
        -- The invoice list's delivery filter: any recipient of the latest revision failed.
        select count(distinct d.invoice_id)::int
        from invoice_deliveries d
        join invoices i on i.id = d.invoice_id and i.status = 'posted'
        where d.status = 'failed'
          and d.revision = (
            select max(latest.revision) from invoice_deliveries latest where latest.invoice_id = d.invoice_id
          )
      ) as failed_deliveries,
      -- purchase_orders_status_date_idx
      (select count(*)::int from purchase_orders where status in ('ordered', 'partial')) as pos_awaiting_receipt,
      (select count(*)::int from purchase_orders where status = 'partial') as pos_partly_received
  `,
    { today },
  );
  return row!;
}
