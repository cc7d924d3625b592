import { contractForMonth } from '@switchboard/shared';
import {
  checkInBilledMessage,
  checkInsInvalidMessage,
  type SourceLine,
  type SourceLinesResponse,
} from '@switchboard/shared/billing/invoices';
import {
  monthStart,
  recurringLines,
  timeAndMaterialsLines,
  type RunLine,
  type UnbilledCheckIn,
} from '@switchboard/shared/billing/run-lines';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { companies } from '../companies/companies.table.ts';
import { checkInUsageMonth, listContracts } from '../contracts/contracts.service.ts';
import { laborItemMissingMessage, runSettings } from './billing-run-lines.ts';

// Where a new invoice's lines come from (designs/billing.md §5 /billing/invoices "New invoice"; decision 0091
// addendum): the governing contract's recurring items for a month, and labor lines for chosen unbilled check-ins.
// Both are computed by the monthly run's own pure rules (shared run-lines.ts), so a hand-made invoice bills what the
// run would; the page adds them to the form, where they can still be edited before the draft is saved.

/** A run line as the invoice form's line input (dollars as numbers; the check-ins it bills named). */
function sourceLine(line: RunLine): SourceLine {
  return {
    kind: line.kind === 'labor' ? 'labor' : 'recurring',
    item_id: line.itemId,
    account_id: null,
    description: line.description,
    quantity: Number(line.quantity),
    unit_price: Number(line.unitPrice),
    taxable: line.taxable,
    period_start: line.periodStart,
    period_end: line.periodEnd,
    ...(line.checkInIds ? { checkin_ids: line.checkInIds } : {}),
  };
}

async function assertCompany(db: Db, companyId: number): Promise<void> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound();
}

/**
 * GET /billing/companies/{id}/recurring-lines?month=YYYY-MM: the recurring items of the contract governing the month
 * (latest start wins, as the run), quantity × price, prorated as the run prorates; none without a contract.
 */
export async function recurringSourceLines(db: Db, companyId: number, month: string): Promise<SourceLinesResponse> {
  await assertCompany(db, companyId);
  const settings = await runSettings(db);
  const contract = contractForMonth(await listContracts(db, companyId), month);
  if (!contract) return { contract_id: null, lines: [] };
  return {
    contract_id: contract.id,
    lines: recurringLines(contract, monthStart(month), settings.prorate).map(sourceLine),
  };
}

/**
 * POST /billing/companies/{id}/checkin-lines: one labor line per ticket or project step and month for the chosen
 * check-ins, at the settings' labor item and price (the run's time-and-materials rule). Each must be the company's,
 * closed, billable and not on an invoice yet; saving the draft checks that again under a row lock.
 */
export async function checkInSourceLines(db: Db, companyId: number, ids: number[]): Promise<SourceLinesResponse> {
  await assertCompany(db, companyId);
  const settings = await runSettings(db);
  const idList = sql.join(
    [...new Set(ids)].map((id) => sql`${id}`),
    sql`, `,
  );
  const found = await db.execute<{
    id: number;
    usable: boolean;
    ticket_id: number | null;
    subject: string | null;
    project_id: number | null;
    project_step_id: number | null;
    seconds: string;
    month: string;
    billed_id: number | null;
    billed_number: string | null;
  }>(sql`
    select check_ins.id,
      (check_ins.company_id = ${companyId} and check_ins.end_time is not null and check_ins.billable = 0) as usable,
      check_ins.ticket_id, t.subject, check_ins.project_id, check_ins.project_step_id,
      extract(epoch from (check_ins.end_time - check_ins.start_time))::text as seconds,
      ${checkInUsageMonth(settings.timeZone)} as month, i.id as billed_id, i.number as billed_number
    from check_ins
    left join tickets t on t.id = check_ins.ticket_id
    left join invoice_line_sources s on s.check_in_id = check_ins.id
    left join invoice_lines l on l.id = s.invoice_line_id
    left join invoices i on i.id = l.invoice_id
    where check_ins.id in (${idList})
    order by check_ins.start_time, check_ins.id`);
  if (found.rows.length !== new Set(ids).size || found.rows.some((row) => !row.usable))
    throw unprocessable({ checkin_ids: [checkInsInvalidMessage] });
  const billed = found.rows.find((row) => row.billed_id !== null);
  if (billed)
    throw unprocessable({
      checkin_ids: [checkInBilledMessage({ id: billed.billed_id!, number: billed.billed_number })],
    });
  if (settings.laborItemId === null) throw unprocessable({ labor_item_id: [laborItemMissingMessage] });
  const [labor] = await db
    .select({ id: billingItems.id, name: billingItems.name, price: billingItems.price, taxable: billingItems.taxable })
    .from(billingItems)
    .where(eq(billingItems.id, settings.laborItemId));
  if (!labor) throw unprocessable({ labor_item_id: [laborItemMissingMessage] });
  // The run bills a month at a time; grouping by month too keeps each line's period one month.
  const byMonth = new Map<string, UnbilledCheckIn[]>();
  for (const row of found.rows) {
    const checkIn: UnbilledCheckIn = {
      id: row.id,
      group:
        row.ticket_id !== null
          ? `ticket:${row.ticket_id}`
          : row.project_step_id !== null
            ? `step:${row.project_step_id}`
            : `project:${row.project_id}`,
      label:
        row.ticket_id !== null
          ? `Ticket #${row.ticket_id}: ${row.subject ?? ''}`.trim()
          : row.project_step_id !== null
            ? `Project step ${row.project_step_id}`
            : `Project ${row.project_id ?? ''}`.trim(),
      seconds: Number(row.seconds),
    };
    byMonth.set(row.month, [...(byMonth.get(row.month) ?? []), checkIn]);
  }
  const lines = [...byMonth].flatMap(([month, checkIns]) =>
    timeAndMaterialsLines(checkIns, labor, `${month}-01`).map(sourceLine),
  );
  return { contract_id: null, lines };
}
