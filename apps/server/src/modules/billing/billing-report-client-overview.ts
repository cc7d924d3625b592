import { activeContractOf } from '@switchboard/shared/contracts';
import { centsFromNumeric, dollarsFromCents, lineAmount } from '@switchboard/shared/billing/money';
import {
  addDays,
  monthsBetween,
  yearEarlier,
  type ClientOverviewMonth,
  type ClientOverviewQuery,
  type ClientOverviewResponse,
  type ClientOverviewRow,
} from '@switchboard/shared/billing/reports-ledger';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { listContractsOfCompanies, monthlyUsageForCompany } from '../contracts/contracts.service.ts';

// Client Overview (designs/billing.md §5): per company the governing contract, MRR, revenue and billable hours over
// the twelve months ending at the date, the effective hourly rate, average days to pay and the AR balance. A page of
// companies is read in sets (one statement per figure for the whole page, contracts through contracts' own loader),
// never a query per company; one company adds its months (hours used vs retainer from computeMonthlyUsage, revenue).

const numberText = (value: number, scale: number) => value.toFixed(scale);

/** A contract's monthly recurring revenue in cents: devices × retainer price plus its recurring items. */
function mrrCents(contract: {
  device_count: number;
  retainer_price: number;
  recurring_items: { quantity: number; price: number }[];
}): number {
  let total = lineAmount(String(contract.device_count), numberText(contract.retainer_price, 4));
  for (const item of contract.recurring_items)
    total += lineAmount(numberText(item.quantity, 2), numberText(item.price, 4));
  return total;
}

export async function getClientOverview(
  db: Db,
  query: ClientOverviewQuery,
  today: string,
  timeZone: string,
): Promise<ClientOverviewResponse> {
  const to = query.to ?? today;
  const from = addDays(yearEarlier(to), 1);
  const filter = query.company_id === undefined ? sql`true` : sql`c.id = ${query.company_id}`;
  const page = await db.execute<{ id: number; name: string; total: number }>(sql`
    select c.id, c.name, count(*) over ()::int as total from companies c where ${filter}
    order by c.name, c.id limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`);
  if (query.company_id !== undefined && page.rows.length === 0) throw notFound();
  const ids = page.rows.map((row) => Number(row.id));
  const total = page.rows[0]?.total ?? 0;

  const contracts = await listContractsOfCompanies(db, ids);
  const figures = ids.length
    ? await db.execute<{
        company_id: number;
        revenue: string;
        hours: string;
        days: string | null;
        balance: string;
      }>(sql`
        with ids as (select unnest(${sql.param(ids)}::int[]) as id)
        select ids.id as company_id,
          coalesce((select sum(i.subtotal) from invoices i
            where i.company_id = ids.id and i.status = 'posted'
              and i.invoice_date between ${from}::date and ${to}::date), 0)::text as revenue,
          coalesce((select sum(extract(epoch from (k.end_time - k.start_time)) / 3600) from check_ins k
            where k.company_id = ids.id and k.end_time is not null and k.billable = 0
              and (k.start_time at time zone ${timeZone})::date between ${from}::date and ${to}::date), 0)::text
            as hours,
          (select avg(i.closed_on - i.invoice_date) from invoices i
            where i.company_id = ids.id and i.status <> 'void' and i.type <> 'credit_note' and i.total > 0
              and i.closed_on between ${from}::date and ${to}::date)::text as days,
          coalesce((select sum(l.debit - l.credit) from journal_lines l
            where l.company_id = ids.id and l.account_id = (select id from accounts where number = '1100')
              and l.entry_date <= ${to}::date), 0)::text as balance
        from ids`)
    : { rows: [] };
  const byCompany = new Map(figures.rows.map((row) => [Number(row.company_id), row]));

  const data: ClientOverviewRow[] = page.rows.map((company) => {
    const id = Number(company.id);
    const row = byCompany.get(id);
    const governing = activeContractOf(contracts.get(id) ?? [], to);
    const revenue = centsFromNumeric(row?.revenue ?? '0');
    const hours = Math.round(Number(row?.hours ?? 0) * 100) / 100;
    return {
      company_id: id,
      company_name: company.name,
      contract: governing
        ? {
            id: governing.id,
            start_date: governing.start_date,
            end_date: governing.end_date,
            retainer_hours: governing.retainer_hours,
            retainer_item: governing.retainer_item.name,
          }
        : null,
      mrr: dollarsFromCents(governing ? mrrCents(governing) : 0),
      revenue_t12m: dollarsFromCents(revenue),
      billable_hours_t12m: hours,
      // Dollars per hour to the cent: cents ÷ hours, rounded once.
      effective_rate: hours > 0 ? dollarsFromCents(Math.round(revenue / hours)) : null,
      average_days_to_pay: row?.days == null ? null : Math.round(Number(row.days) * 10) / 10,
      balance: dollarsFromCents(centsFromNumeric(row?.balance ?? '0')),
    };
  });

  const first = data.length ? (query.page - 1) * query.per_page + 1 : null;
  const answer: ClientOverviewResponse = {
    period_from: from,
    period_to: to,
    data,
    total,
    current_page: query.page,
    per_page: query.per_page,
    from: first,
    to: first === null ? null : first + data.length - 1,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
  };
  if (query.company_id !== undefined) {
    const companyId = query.company_id;
    const usage = await monthlyUsageForCompany(db, companyId, contracts.get(companyId) ?? [], {
      timeZone,
      currentMonth: to.slice(0, 7),
    });
    const usageByMonth = new Map(usage.map((row) => [row.id, row]));
    const revenue = await db.execute<{ month: string; amount: string }>(sql`
      select to_char(i.invoice_date, 'YYYY-MM') as month, sum(i.subtotal)::text as amount from invoices i
      where i.company_id = ${companyId} and i.status = 'posted'
        and i.invoice_date between ${from}::date and ${to}::date
      group by 1`);
    const revenueByMonth = new Map(revenue.rows.map((row) => [row.month, centsFromNumeric(row.amount)]));
    answer.months = monthsBetween(from, to).map((first): ClientOverviewMonth => {
      const month = first.slice(0, 7);
      const usageRow = usageByMonth.get(month);
      return {
        month,
        retainer: usageRow ? usageRow.retainer : null,
        used: usageRow ? usageRow.total_used : null,
        revenue: dollarsFromCents(revenueByMonth.get(month) ?? 0),
      };
    });
  }
  return answer;
}
