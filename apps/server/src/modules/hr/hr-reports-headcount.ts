import { roundHours } from '@switchboard/shared';
import {
  employedOn,
  employmentSpans,
  tenureBandOf,
  tenureBands,
  type EmploymentEvent,
  type EmploymentSpan,
  type SeparationType,
} from '@switchboard/shared/hr/employment';
import type { HrReport, HrReportColumn, HrReportQuery } from '@switchboard/shared/hr/reports';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { departments, regions } from '../reference/reference.table.ts';
import { employeeDepartments, employees } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';
import { hrEmploymentEvents } from './hr-employment.table.ts';
import { reportEmployees } from './hr-reports-pto.ts';

// The headcount report (designs/hr.md §7): headcount, hires, rehires and separations (voluntary, involuntary) from
// the employment events; an employee without events (data from before them) counts from the start date (else the
// account's creation) to the day the account was disabled. By month (with the chart), or over the range by
// department, region or tenure band side by side.

interface Person {
  userId: number;
  spans: EmploymentSpan[];
  departments: string[];
  region: string;
}

export const noDepartmentLabel = 'No department';
export const noRegionLabel = 'No Region';

/** The report's employees (every status: former ones count) with their spans of employment, in four set queries. */
async function loadPeople(db: DbOrTransaction, query: HrReportQuery): Promise<Person[]> {
  const ids = (await reportEmployees(db, { ...query, enabled: 'all' })).map((person) => person.userId);
  if (ids.length === 0) return [];
  const basics = await db
    .select({
      userId: employees.userId,
      startDate: employees.startDate,
      createdAt: users.createdAt,
      deletedAt: users.deletedAt,
      region: regions.name,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .leftJoin(regions, eq(regions.id, employees.regionId))
    .where(inArray(employees.userId, ids));
  const memberships = await db
    .select({ userId: employeeDepartments.userId, name: departments.name })
    .from(employeeDepartments)
    .innerJoin(departments, eq(departments.id, employeeDepartments.departmentId))
    .where(inArray(employeeDepartments.userId, ids))
    .orderBy(asc(departments.name));
  const events = await db
    .select({
      userId: hrEmploymentEvents.userId,
      kind: hrEmploymentEvents.kind,
      date: hrEmploymentEvents.date,
      separationType: hrEmploymentEvents.separationType,
    })
    .from(hrEmploymentEvents)
    .where(inArray(hrEmploymentEvents.userId, ids))
    .orderBy(asc(hrEmploymentEvents.date), asc(hrEmploymentEvents.id));
  const eventsOf = new Map<number, EmploymentEvent[]>();
  for (const event of events) {
    const list = eventsOf.get(event.userId) ?? [];
    list.push({
      kind: event.kind as EmploymentEvent['kind'],
      date: event.date,
      separationType: event.separationType as SeparationType | null,
    });
    eventsOf.set(event.userId, list);
  }
  const departmentsOf = new Map<number, string[]>();
  for (const row of memberships) departmentsOf.set(row.userId, [...(departmentsOf.get(row.userId) ?? []), row.name]);
  return basics.map((row) => ({
    userId: row.userId,
    spans: employmentSpans(eventsOf.get(row.userId) ?? [], {
      hiredOn: row.startDate ?? row.createdAt.toISOString().slice(0, 10),
      disabledOn: row.deletedAt ? row.deletedAt.toISOString().slice(0, 10) : null,
    }),
    departments: departmentsOf.get(row.userId) ?? [noDepartmentLabel],
    region: row.region ?? noRegionLabel,
  }));
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface Tally {
  opening: number;
  headcount: number;
  hires: number;
  rehires: number;
  separations: number;
  voluntary: number;
  involuntary: number;
}
const emptyTally = (): Tally => ({
  opening: 0,
  headcount: 0,
  hires: 0,
  rehires: 0,
  separations: 0,
  voluntary: 0,
  involuntary: 0,
});

/**
 * Counts between `first` and `last` (both included), each fact under the keys `keysOf` gives it on its day: the
 * headcount the day before `first` (opening) and on `last`, hires and rehires starting, separations ending.
 */
function tally(
  people: readonly Person[],
  first: string,
  last: string,
  keysOf: (person: Person, span: EmploymentSpan, day: string) => string[],
): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  const add = (keys: string[], field: keyof Tally) => {
    for (const key of keys) {
      const entry = tallies.get(key) ?? emptyTally();
      entry[field] += 1;
      tallies.set(key, entry);
    }
  };
  const before = addDays(first, -1);
  for (const person of people) {
    for (const span of person.spans) {
      if (employedOn([span], before)) add(keysOf(person, span, before), 'opening');
      if (employedOn([span], last)) add(keysOf(person, span, last), 'headcount');
      if (span.start >= first && span.start <= last)
        add(keysOf(person, span, span.start), span.startKind === 'hire' ? 'hires' : 'rehires');
      if (span.end !== null && span.end >= first && span.end <= last) {
        const keys = keysOf(person, span, span.end);
        add(keys, 'separations');
        if (span.endType) add(keys, span.endType);
      }
    }
  }
  return tallies;
}

/** Separations over the average of the opening and closing headcounts, in percent. */
const turnover = (entry: Tally) => {
  const average = (entry.opening + entry.headcount) / 2;
  return average > 0 ? roundHours((entry.separations / average) * 100) : 0;
};

const countColumns: HrReportColumn[] = [
  { key: 'hires', label: 'Hires', kind: 'number' },
  { key: 'rehires', label: 'Rehires', kind: 'number' },
  { key: 'separations', label: 'Separations', kind: 'number' },
  { key: 'voluntary', label: 'Voluntary', kind: 'number' },
  { key: 'involuntary', label: 'Involuntary', kind: 'number' },
  { key: 'turnover', label: 'Turnover %', kind: 'number' },
];

const countsOf = (entry: Tally) => ({
  hires: entry.hires,
  rehires: entry.rehires,
  separations: entry.separations,
  voluntary: entry.voluntary,
  involuntary: entry.involuntary,
  turnover: turnover(entry),
});

function monthsOf(from: string, to: string): { key: string; first: string; last: string }[] {
  const months = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const end = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > end) break;
    const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
    months.push({ key, first: `${key}-01`, last: addDays(next, -1) });
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return months;
}

const groupLabels = { department: 'Department', region: 'Region', tenure: 'Tenure' } as const;

export async function headcountReport(db: DbOrTransaction, query: HrReportQuery, groupBy: string): Promise<HrReport> {
  const people = await loadPeople(db, query);
  const base = { report: 'headcount' as const, from: query.from, to: query.to };
  if (groupBy === 'month') {
    const rows = monthsOf(query.from, query.to).map((month) => {
      const entry = tally(people, month.first, month.last, () => ['all']).get('all') ?? emptyTally();
      return { month: month.key, headcount: entry.headcount, ...countsOf(entry) };
    });
    const whole = tally(people, query.from, query.to, () => ['all']).get('all') ?? emptyTally();
    return {
      ...base,
      columns: [
        { key: 'month', label: 'Month', kind: 'text' },
        { key: 'headcount', label: 'Headcount at month end', kind: 'number' },
        ...countColumns,
      ],
      rows,
      totals: { month: 'Total', headcount: rows.at(-1)?.headcount ?? 0, ...countsOf(whole), turnover: null },
      chart: { label_key: 'month', series: ['headcount', 'hires', 'separations'] },
    };
  }
  const group = groupBy as keyof typeof groupLabels;
  const keysOf = (person: Person, span: EmploymentSpan, day: string): string[] =>
    group === 'department'
      ? person.departments
      : group === 'region'
        ? [person.region]
        : [tenureBandOf(span.start, day)];
  const tallies = tally(people, query.from, query.to, keysOf);
  const keys =
    group === 'tenure'
      ? tenureBands.map((band) => band.key as string)
      : [...tallies.keys()].sort((a, b) => a.localeCompare(b));
  const labelOf = (key: string) =>
    group === 'tenure' ? (tenureBands.find((band) => band.key === key)?.label ?? key) : key;
  const rows = keys.map((key) => {
    const entry = tallies.get(key) ?? emptyTally();
    return { group: labelOf(key), opening: entry.opening, headcount: entry.headcount, ...countsOf(entry) };
  });
  // Totals count people once (an employee in two departments is one person of the company).
  const whole = tally(people, query.from, query.to, () => ['all']).get('all') ?? emptyTally();
  return {
    ...base,
    columns: [
      { key: 'group', label: groupLabels[group], kind: 'text' },
      { key: 'opening', label: 'Headcount at start', kind: 'number' },
      { key: 'headcount', label: 'Headcount at end', kind: 'number' },
      ...countColumns,
    ],
    rows,
    totals: { group: 'Total', opening: whole.opening, headcount: whole.headcount, ...countsOf(whole) },
    chart: null,
  };
}
