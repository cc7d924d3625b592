import { ageReceivables, type AgingItem } from '@switchboard/shared/billing/aging';
import {
  defaultRunMonth,
  lastTwelveMonths,
  type BillingSummary,
  type BillingSummaryQuery,
} from '@switchboard/shared/billing/home';
import { centsFromNumeric, dollarsFromCents } from '@switchboard/shared/billing/money';
import { sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { billingToday } from './ledger.service.ts';

// /billing home's figures (designs/billing.md §5 first row; decision 0087): one statement over the open-items index,
// the status/date index, payments' date index and the deliveries' status index, answered in dollars.

type SummaryRow = {
  ar_open: string;
  ar_overdue: string;
  credit_notes: string;
  payment_credit: string;
  mrr: string;
  drafts: number;
  run_drafts: number;
  failed_deliveries: number;
  /** [{month: 'YYYY-MM', invoiced: '12.50', collected: '3.00'}] for the months that have either. */
  monthly: { month: string; invoiced: string; collected: string }[];
  /** Open invoices' balances grouped by the day they age from. */
  aging: { due: string; amount: string }[];
};

const dollars = (numeric: string | null | undefined): number => dollarsFromCents(centsFromNumeric(numeric ?? '0'));

export async function getBillingSummary(db: DbOrTransaction, query: BillingSummaryQuery): Promise<BillingSummary> {
  const today = await billingToday(db);
  const month = query.month ?? defaultRunMonth(today);
  const months = lastTwelveMonths(defaultRunMonth(today));
  const chartStart = `${months[0]}-01`;
  const result = await db.execute<SummaryRow>(sql`
    with
    open_items as (
      -- invoices_open_idx: posted with a balance
      select i.type, i.balance, coalesce(i.due_date, i.invoice_date) as due
      from invoices i
      where i.status = 'posted' and i.balance <> 0
      union all
      -- A refund paid out to a company and not matched to its credit is owed back, as Aged Receivables counts it.
      select 'refund', r.amount - coalesce(matched.amount, 0), r.payment_date
      from payments r
      left join (
        select a.target_id, sum(a.amount) as amount
        from allocations a
        where a.target_type = 'refund' and a.unapplied_on is null
        group by a.target_id
      ) matched on matched.target_id = r.id
      where r.direction = 'out' and r.status = 'posted' and r.company_id is not null
        and r.amount <> coalesce(matched.amount, 0)
    ),
    receivable as (
      select
        coalesce(sum(balance) filter (where type <> 'credit_note' and balance > 0), 0) as ar_open,
        coalesce(sum(balance) filter (where type <> 'credit_note' and balance > 0 and due < ${today}::date), 0)
          as ar_overdue,
        coalesce(-sum(balance) filter (where balance < 0), 0) as credit_notes
      from open_items
    ),
    aging as (
      select due, sum(balance) as amount
      from open_items
      where type <> 'credit_note' and balance > 0
      group by due
    ),
    payment_credit as (
      select coalesce(sum(greatest(p.amount - coalesce(applied.amount, 0), 0)), 0) as amount
      from payments p
      left join (
        select a.source_id, sum(a.amount) as amount
        from allocations a
        where a.source_type = 'payment' and a.unapplied_on is null
        group by a.source_id
      ) applied on applied.source_id = p.id
      where p.direction = 'in' and p.status = 'posted' and p.company_id is not null
    ),
    write_off_credit as (
      -- A write-off normally pays its invoice at once; what it does not pay is a credit like a payment's remainder.
      select coalesce(sum(greatest(w.amount - coalesce(applied.amount, 0), 0)), 0) as amount
      from write_offs w
      left join (
        select a.source_id, sum(a.amount) as amount
        from allocations a
        where a.source_type = 'write_off' and a.unapplied_on is null
        group by a.source_id
      ) applied on applied.source_id = w.id
    ),
    governing as (
      -- The contract that governs today per company: the latest start wins (decision 0020).
      select distinct on (c.company_id) c.id, c.device_count, c.retainer_price
      from contracts c
      where c.start_date <= ${today}::date and c.end_date >= ${today}::date
      order by c.company_id, c.start_date desc, c.id desc
    ),
    mrr as (
      select
        coalesce((select sum(g.device_count * g.retainer_price) from governing g), 0)
        + coalesce((
            select sum(r.quantity * r.price)
            from contract_recurring_items r
            where r.contract_id in (select g.id from governing g)
          ), 0) as amount
    ),
    invoiced as (
      select to_char(i.invoice_date, 'YYYY-MM') as month, sum(i.total) as amount
      from invoices i
      where i.status = 'posted' and i.type <> 'credit_note'
        and i.invoice_date >= ${chartStart}::date and i.invoice_date <= ${today}::date
      group by 1
    ),
    collected as (
      select to_char(p.payment_date, 'YYYY-MM') as month, sum(p.amount) as amount
      from payments p
      where p.direction = 'in' and p.status = 'posted' and p.company_id is not null
        and p.payment_date >= ${chartStart}::date and p.payment_date <= ${today}::date
      group by 1
    ),
    failed as (
      -- The invoice list's delivery filter: any recipient of the latest revision failed.
      select count(distinct d.invoice_id)::int as n
      from invoice_deliveries d
      join invoices i on i.id = d.invoice_id and i.status = 'posted'
      where d.status = 'failed'
        and d.revision = (select max(latest.revision) from invoice_deliveries latest where latest.invoice_id = d.invoice_id)
    )
    select
      receivable.ar_open::text as ar_open,
      receivable.ar_overdue::text as ar_overdue,
      receivable.credit_notes::text as credit_notes,
      (payment_credit.amount + write_off_credit.amount)::text as payment_credit,
      mrr.amount::text as mrr,
      (select count(*)::int from invoices where status = 'draft') as drafts,
      (select count(*)::int from invoices where status = 'draft' and billing_month = ${`${month}-01`}::date)
        as run_drafts,
      failed.n as failed_deliveries,
      coalesce((
        select json_agg(json_build_object(
          'month', coalesce(invoiced.month, collected.month),
          'invoiced', coalesce(invoiced.amount, 0)::text,
          'collected', coalesce(collected.amount, 0)::text))
        from invoiced full join collected on collected.month = invoiced.month
      ), '[]'::json) as monthly,
      coalesce((
        select json_agg(json_build_object('due', aging.due, 'amount', aging.amount::text)) from aging
      ), '[]'::json) as aging
    from receivable, payment_credit, write_off_credit, mrr, failed
  `);
  const row = result.rows[0]!;

  const byMonth = new Map(row.monthly.map((entry) => [entry.month, entry]));
  const monthly = months.map((key) => ({
    month: key,
    invoiced: dollars(byMonth.get(key)?.invoiced),
    collected: dollars(byMonth.get(key)?.collected),
  }));

  const creditCents = centsFromNumeric(row.credit_notes) + centsFromNumeric(row.payment_credit);
  const items: AgingItem[] = row.aging.map((entry) => ({
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
    month,
    cards: {
      ar_open: dollars(row.ar_open),
      ar_overdue: dollars(row.ar_overdue),
      unapplied_credits: dollarsFromCents(creditCents),
      ap_due_14_days: null,
      mrr: dollars(row.mrr),
      invoiced_this_month: thisMonth.invoiced,
      collected_this_month: thisMonth.collected,
    },
    queues: { drafts: row.drafts, run_drafts: row.run_drafts, failed_deliveries: row.failed_deliveries },
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
