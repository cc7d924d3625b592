import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { carryOutOf, computeMonthlyUsage, type UsageContractTerms, type UsageSnapshotHours } from '../usage.ts';
import {
  changePercent,
  lateFeeLine,
  lateTimeHours,
  lateTimeReason,
  monthLabel,
  overageLine,
  recurringLines,
  retainerLine,
  runWarnings,
  timeAndMaterialsLines,
  type RunContract,
  type WarningFacts,
  withUsageFigures,
} from './run-lines.ts';
import { runCompanyStatusOf, scheduledRunMonth } from './runs.ts';

// The run's lines and the rollover they bill (designs/billing.md §4, §7 "Rollover edge cases"; decision 0070).

const contract = (overrides: Partial<RunContract> = {}): RunContract => ({
  id: 7,
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  retainer_item: { id: 1, name: 'Managed Services Retainer' },
  overage_item: { id: 2, name: 'Overage Labor' },
  late_fee_item: { id: 3, name: 'Late Fee' },
  retainer_taxable: 0,
  overage_taxable: 1,
  late_fee_taxable: 0,
  retainer_price: 125,
  overage_price: 150,
  late_fee_percent: 1.5,
  device_count: 25,
  recurring_items: [],
  ...overrides,
});

const terms = (overrides: Partial<UsageContractTerms> = {}): UsageContractTerms => ({
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  retainer_hours: 10,
  max_rollover: 5,
  overage_price: 150,
  ...overrides,
});
const used = (month: string, helpdesk: number, project = 0, nonBillable = 0) => ({
  month,
  helpdesk,
  project,
  non_billable: nonBillable,
});

describe('retainer and recurring lines (design §4 1-2)', () => {
  it('bills device_count × retainer_price for the month in advance, worded as the design shows', () => {
    const line = retainerLine(contract(), '2026-04-01', true)!;
    expect(line.amount).toBe(312_500);
    expect(line.description).toBe('Managed Services Retainer, April 2026, 25 devices × $125.00');
    expect(line).toMatchObject({ kind: 'retainer', quantity: '25.00', unitPrice: '125.0000', proration: null });
    expect(line.explain).toMatchObject({ summary: '25 devices × $125.00', contract_id: 7, rate: 125 });
  });

  it('prorates by days when the contract starts inside the month ("18 of 30 days")', () => {
    const line = retainerLine(contract({ start_date: '2026-04-13' }), '2026-04-01', true)!;
    expect(line.proration).toEqual({ days: 18, of: 30 });
    expect(line.amount).toBe(187_500); // 3125 × 18 / 30
    expect(line.description).toContain('18 of 30 days');
    expect(line).toMatchObject({ periodStart: '2026-04-13', periodEnd: '2026-04-30' });
  });

  it('bills the whole month when proration is off, and nothing for a month the contract does not cover', () => {
    expect(retainerLine(contract({ start_date: '2026-04-13' }), '2026-04-01', false)!.amount).toBe(312_500);
    expect(retainerLine(contract({ end_date: '2026-03-31' }), '2026-04-01', true)).toBeNull();
  });

  it('bills each recurring item quantity × price, prorated like the retainer, with its taxable flag', () => {
    const lines = recurringLines(
      contract({
        end_date: '2026-04-10',
        recurring_items: [
          { item_id: 9, item: { name: 'Microsoft 365' }, quantity: 12, price: 22.5, taxable: 1 },
          { item_id: 10, item: { name: 'Backup' }, quantity: 0, price: 99, taxable: 0 },
        ],
      }),
      '2026-04-01',
      true,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ itemId: 9, taxable: 1, proration: { days: 10, of: 30 }, amount: 9_000 });
  });
});

describe('overage of the month before (design §4 3)', () => {
  it('bills −balance hours at the overage price and explains the usage row', () => {
    const line = overageLine(contract(), {
      id: '2026-03',
      retainer: 10,
      adjustments: 0,
      rollover: 2,
      total_used: 14.25,
      balance: -2.25,
    })!;
    expect(line).toMatchObject({
      kind: 'overage',
      quantity: '2.25',
      unitPrice: '150.0000',
      amount: 33_750,
      taxable: 1,
    });
    expect(line.explain).toMatchObject({ usage_month: '2026-03', overage_hours: 2.25, rollover_in: 2, rate: 150 });
  });

  it("puts a month without overage on the retainer line, for the invoice's usage block", () => {
    const retainer = retainerLine(contract(), '2026-04-01', true)!;
    const usage = { id: '2026-03', retainer: 10, adjustments: 0, rollover: 2, total_used: 7.5, balance: 4.5 };
    const line = withUsageFigures(retainer, usage);
    expect(line.explain).toEqual({
      ...retainer.explain,
      usage_month: '2026-03',
      retainer_hours: 10,
      used_hours: 7.5,
      rollover_in: 2,
      balance_hours: 4.5,
      overage_hours: 0,
    });
    expect({ ...line, explain: retainer.explain }).toEqual(retainer);
  });

  it('bills nothing on a balance of 0 or more', () => {
    const row = { id: '2026-03', retainer: 10, adjustments: 0, rollover: 0, total_used: 10 };
    expect(overageLine(contract(), { ...row, balance: 0 })).toBeNull();
    expect(overageLine(contract(), { ...row, balance: 3 })).toBeNull();
  });
});

describe('rollover edge cases (design §7)', () => {
  it('max_rollover 0 carries nothing', () => {
    const rows = computeMonthlyUsage([terms({ max_rollover: 0 })], [used('2026-01', 2)], [], '2026-02');
    expect(rows.map((row) => row.rollover)).toEqual([0, 0]);
  });

  it('exactly 1000 caps at 1000; 1000.25 is unlimited', () => {
    const big = { retainer_hours: 900 };
    const capped = computeMonthlyUsage([terms({ ...big, max_rollover: 1000 })], [], [], '2026-03');
    expect(capped.map((row) => row.rollover)).toEqual([0, 900, 1000]);
    const unlimited = computeMonthlyUsage([terms({ ...big, max_rollover: 1000.25 })], [], [], '2026-03');
    expect(unlimited.map((row) => row.rollover)).toEqual([0, 900, 1800]);
  });

  it('bills a negative balance and does not carry it', () => {
    const rows = computeMonthlyUsage([terms()], [used('2026-01', 13)], [], '2026-02');
    expect(rows[0]).toMatchObject({ balance: -3, projected_billed: 450 });
    expect(rows[1]).toMatchObject({ rollover: 0, balance: 10 });
    expect(overageLine(contract(), rows[0]!)!.quantity).toBe('3.00');
  });

  it('a contract changing mid-month: the latest start governs the month', () => {
    const rows = computeMonthlyUsage(
      [
        terms({ end_date: '2026-02-20', retainer_hours: 10, max_rollover: 0, overage_price: 100 }),
        terms({ start_date: '2026-02-15', retainer_hours: 20, max_rollover: 0, overage_price: 200 }),
      ],
      [used('2026-02', 30)],
      [],
      '2026-02',
    );
    // February: the new contract's 20 hours and its $200 overage price, not the old one's 10 and $100.
    expect(rows[1]).toMatchObject({ retainer: 20, rollover: 0, balance: -10, projected_billed: 2000 });
  });

  it('a gap month has no retainer and carries nothing across it', () => {
    const rows = computeMonthlyUsage(
      [terms({ end_date: '2026-01-31' }), terms({ start_date: '2026-03-01' })],
      [used('2026-02', 1)],
      [],
      '2026-03',
    );
    expect(rows.map((row) => [row.id, row.retainer, row.rollover, row.balance])).toEqual([
      ['2026-01', 10, 0, 10],
      ['2026-02', 0, 0, -1],
      ['2026-03', 10, 0, 10],
    ]);
    // The gap month's hours are not billed as overage: no contract governs it (time and materials instead).
    expect(rows[1]!.projected_billed).toBe(0);
  });

  it('negative adjustments lower the balance and can make overage', () => {
    const rows = computeMonthlyUsage([terms()], [used('2026-01', 8)], [{ month: '2026-01', hours: -4.5 }], '2026-01');
    expect(rows[0]).toMatchObject({ adjustments: -4.5, balance: -2.5, projected_billed: 375 });
  });

  it("the last month's overage is still billed after the contract ended", () => {
    const rows = computeMonthlyUsage(
      [terms({ end_date: '2026-03-31', max_rollover: 0 })],
      [used('2026-03', 12)],
      [],
      '2026-05',
    );
    expect(rows.at(-1)).toMatchObject({ id: '2026-03', balance: -2 });
    expect(overageLine(contract({ end_date: '2026-03-31' }), rows.at(-1)!)!.amount).toBe(30_000);
  });

  it('open check-ins are not counted: only closed hours reach the rows (the server sums closed ones)', () => {
    const rows = computeMonthlyUsage([terms()], [], [], '2026-01');
    expect(rows[0]!.total_used).toBe(0);
  });

  it('a project check-in counts once, as project time', () => {
    const rows = computeMonthlyUsage([terms()], [used('2026-01', 0, 3)], [], '2026-01');
    expect(rows[0]).toMatchObject({ helpdesk: 0, project: 3, total_used: 3, balance: 7 });
  });

  it('a frozen month shows as billed, marked invoiced, and the next month starts from its carry_out', () => {
    const snapshot: UsageSnapshotHours = {
      month: '2026-01',
      retainer: 10,
      adjustments: 0,
      rollover: 0,
      helpdesk: 7,
      project: 0,
      non_billable: 0,
      total_used: 7,
      balance: 3,
      carry_out: 3,
      overage_hours: 0,
      overage_rate: 150,
      invoice_id: 42,
    };
    // Live hours of January grew to 9 after it was billed: the frozen row and the carry stay as billed.
    const rows = computeMonthlyUsage([terms()], [used('2026-01', 9)], [], '2026-02', [snapshot]);
    expect(rows[0]).toMatchObject({ helpdesk: 7, balance: 3, invoiced: true, invoice_id: 42 });
    expect(rows[1]).toMatchObject({ rollover: 3, balance: 13 });
    expect(rows[1]!.invoiced).toBeUndefined();
  });

  it('late time is conserved: billed + carried + forfeited hours are unchanged by moving it', () => {
    // January billed with 7 used; 2.5 more arrive later. Moving them to February as −2.5 keeps the total used.
    const moved = lateTimeHours(7, 9.5);
    expect(moved).toBe(-2.5);
    expect(lateTimeReason('2026-03-01')).toBe('Late time from March 2026');
    const snapshot: UsageSnapshotHours = {
      month: '2026-01',
      retainer: 10,
      adjustments: 0,
      rollover: 0,
      helpdesk: 7,
      project: 0,
      non_billable: 0,
      total_used: 7,
      balance: 3,
      carry_out: 3,
      overage_hours: 0,
      overage_rate: 150,
      invoice_id: 1,
    };
    const rows = computeMonthlyUsage(
      [terms()],
      [used('2026-01', 9.5), used('2026-02', 4)],
      [{ month: '2026-02', hours: moved }],
      '2026-02',
      [snapshot],
    );
    const live = computeMonthlyUsage([terms()], [used('2026-01', 9.5), used('2026-02', 4)], [], '2026-02');
    // Without freezing, 13.5 hours were used against 20 retainer; frozen + moved gives the same February balance.
    expect(rows[1]!.balance).toBe(live[1]!.balance);
  });
});

test.prop([
  fc.array(
    fc.integer({ min: 0, max: 4000 }).map((quarters) => quarters / 4),
    { minLength: 1, maxLength: 12 },
  ),
  fc.integer({ min: 0, max: 2000 }).map((quarters) => quarters / 4),
  fc.integer({ min: 0, max: 1200 }),
])('every hour is billed, carried or forfeited exactly once over the months', (hours, retainer, maxRollover) => {
  const months = hours.map((_, index) => `2026-${String(index + 1).padStart(2, '0')}`);
  const rows = computeMonthlyUsage(
    [terms({ retainer_hours: retainer, max_rollover: maxRollover })],
    hours.map((h, index) => used(months[index]!, h)),
    [],
    months.at(-1)!,
  );
  let carried = 0;
  for (const row of rows) {
    expect(row.rollover).toBe(carried);
    const billed = row.balance < 0 ? -row.balance : 0;
    const carryOut = carryOutOf(row.balance, { max_rollover: maxRollover });
    const forfeited = row.balance > 0 ? Math.round((row.balance - carryOut) * 100) / 100 : 0;
    // retainer + rollover in = used − billed + carried out + forfeited
    expect(Math.round((retainer + carried) * 100)).toBe(
      Math.round((row.total_used - billed + carryOut + forfeited) * 100),
    );
    expect(carryOut).toBeGreaterThanOrEqual(0);
    if (maxRollover <= 1000) expect(carryOut).toBeLessThanOrEqual(maxRollover);
    carried = carryOut;
  }
});

test.prop([
  fc.integer({ min: 0, max: 500 }),
  fc.integer({ min: 0, max: 1_000_000 }).map((cents) => cents / 100),
  fc.integer({ min: 0, max: 60 }),
])('a retainer line is born once: the prorated amount lies within a cent of the exact share', (devices, price, day) => {
  const start = `2026-04-${String(Math.min(30, Math.max(1, day))).padStart(2, '0')}`;
  const line = retainerLine(
    contract({ device_count: devices, retainer_price: price, start_date: start }),
    '2026-04-01',
    true,
  );
  if (!line) return;
  const days = 30 - Number(start.slice(8)) + 1;
  const exact = (devices * Math.round(price * 100) * days) / 30;
  expect(Number.isInteger(line.amount)).toBe(true);
  expect(Math.abs(line.amount - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
});

test.prop([
  fc.array(
    fc.record({
      group: fc.constantFrom('ticket:1', 'ticket:2', 'step:9'),
      seconds: fc.integer({ min: 0, max: 36_000 }),
    }),
    { maxLength: 30 },
  ),
])('time and materials bills each check-in once, one line per ticket or step', (rows) => {
  const checkIns = rows.map((row, index) => ({ id: index + 1, label: row.group, ...row }));
  const lines = timeAndMaterialsLines(checkIns, { id: 5, name: 'Labor', price: 95, taxable: 0 }, '2026-03-01');
  const billed = lines.flatMap((line) => line.checkInIds ?? []);
  expect(new Set(billed).size).toBe(billed.length);
  expect(new Set(lines.map((line) => line.description)).size).toBe(lines.length);
  for (const line of lines) expect(line.amount).toBeGreaterThan(0);
});

describe('late fee, warnings, status and schedule', () => {
  it('makes a late-fee line from the fee, explained by its base and invoices; none at 0', () => {
    const line = lateFeeLine(
      { base: 100_000, fee: 1_500, invoiceIds: [4] },
      { id: 3, name: 'Late Fee' },
      1.5,
      0,
      '2026-04-01',
    )!;
    expect(line).toMatchObject({ kind: 'late_fee', amount: 1_500, quantity: '1.00', unitPrice: '15.0000' });
    expect(line.explain).toMatchObject({ base: 1000, percent: 1.5, invoice_ids: [4] });
    expect(line.description).toBe('Late Fee, 1.5% of $1,000.00 past due on 2026-04-01');
    expect(
      lateFeeLine({ base: 0, fee: 0, invoiceIds: [] }, { id: 3, name: 'Late Fee' }, 1.5, 0, '2026-04-01'),
    ).toBeNull();
  });

  const facts = (overrides: Partial<WarningFacts> = {}): WarningFacts => ({
    month: '2026-04-01',
    billingContactEmails: 1,
    hasContract: true,
    contractEnd: '2026-12-31',
    openCheckIns: 0,
    taxable: false,
    taxRateId: null,
    taxExempt: false,
    exemptExpiresOn: null,
    companyActive: 0,
    change: 5,
    ...overrides,
  });

  it('warns on each condition of the design, and on nothing for a clean draft', () => {
    expect(runWarnings(facts())).toEqual([]);
    const codes = (overrides: Partial<WarningFacts>) => runWarnings(facts(overrides)).map((w) => w.code);
    expect(codes({ billingContactEmails: 0 })).toEqual(['no_billing_contact']);
    expect(codes({ contractEnd: '2026-04-30' })).toEqual(['contract_ending']);
    expect(codes({ openCheckIns: 2 })).toEqual(['open_check_ins']);
    expect(runWarnings(facts({ openCheckIns: 2 }))[0]!.message).toBe('2 check-ins are still open in March 2026.');
    expect(codes({ taxable: true })).toEqual(['missing_tax_rate']);
    expect(codes({ taxable: true, taxRateId: 3 })).toEqual([]);
    expect(codes({ taxExempt: true, exemptExpiresOn: '2026-03-31' })).toEqual(['exemption_expired']);
    expect(codes({ taxExempt: true, exemptExpiresOn: '2026-04-01' })).toEqual([]);
    expect(codes({ companyActive: 1 })).toEqual(['inactive_company']);
    expect(codes({ change: 10.1 })).toEqual(['large_change']);
    expect(codes({ change: -10 })).toEqual([]);
  });

  it('measures the change against last month and names months', () => {
    expect(changePercent(11_000, 10_000)).toBe(10);
    expect(changePercent(11_100, 10_000)).toBe(11);
    expect(changePercent(100, null)).toBeNull();
    expect(monthLabel('2026-12-01')).toBe('December 2026');
  });

  it("derives a company's status from its run invoices", () => {
    expect(runCompanyStatusOf([])).toBe('skipped');
    expect(runCompanyStatusOf(['void'])).toBe('skipped');
    expect(runCompanyStatusOf(['posted', 'draft'])).toBe('drafted');
    expect(runCompanyStatusOf(['posted', 'approved'])).toBe('approved');
    expect(runCompanyStatusOf(['posted', 'void'])).toBe('posted');
  });

  it('is due from the run day and hour in the billing time zone', () => {
    // 05:30 UTC on April 1st is 06:30 in London (BST) but 01:30 in New York.
    const at = new Date('2026-04-01T05:30:00Z');
    expect(scheduledRunMonth(at, 'Europe/London', 1, 6)).toBe('2026-04');
    expect(scheduledRunMonth(at, 'America/New_York', 1, 6)).toBeNull();
    expect(scheduledRunMonth(at, 'UTC', 1, 6)).toBeNull();
    // New York is still in March: a run day of 1 has long passed there.
    expect(scheduledRunMonth(new Date('2026-04-01T02:00:00Z'), 'America/New_York', 1, 6)).toBe('2026-03');
    expect(scheduledRunMonth(new Date('2026-04-15T00:00:00Z'), 'UTC', 20, 6)).toBeNull();
  });
});
