import { isIsoDate } from '@switchboard/shared';
import {
  hrRequestListQuerySchema,
  hrRequestPreviewInputSchema,
  type HrDayPart,
  type HrRequestBalance,
  type HrRequestBank,
  type HrRequestDay,
  type HrRequestDayInput,
  type HrRequestListQuery,
  type HrRequestPreviewInput,
  type HrRequestScope,
} from '@switchboard/shared/hr/requests';
import type { z } from 'zod';

// The request form's and lists' pure rules (designs/hr.md §2.3): the half-hour slots, which days the form sends,
// when a preview can be asked, the URL's list filters, and how hours and days read.

/** The spec's 48 half-hour slots a custom day starts on; it ends on one of the next ones, 24:00 the last. */
export const startSlots: string[] = Array.from({ length: 48 }, (_, index) => slotAt(index));
export const endSlots: string[] = Array.from({ length: 48 }, (_, index) => slotAt(index + 1));

function slotAt(index: number): string {
  return `${String(Math.floor(index / 2)).padStart(2, '0')}:${index % 2 === 0 ? '00' : '30'}`;
}

const minutesOf = (slot: string) => Number(slot.slice(0, 2)) * 60 + Number(slot.slice(3, 5));

/** Hours between two slots ("09:00" to "13:30" is 4.5); 0 when the end is not after the start. */
export function slotHours(start: string, end: string): number {
  return Math.max(0, (minutesOf(end) - minutesOf(start)) / 60);
}

/** A day's choice in the form's table; a date with no choice is a Full day. */
export interface DayChoice {
  part: HrDayPart;
  /** Custom only: half-hour slots, or hours in quarter steps. */
  mode: 'slots' | 'hours';
  start: string | null;
  end: string | null;
  hours: number | null;
}

export const fullDay: DayChoice = { part: 'full', mode: 'slots', start: null, end: null, hours: null };

/** A part picked in the table: Custom starts as 09:00-13:00 so the day has hours at once. */
export function choiceForPart(part: HrDayPart, previous: DayChoice = fullDay): DayChoice {
  if (part !== 'custom') return { ...fullDay, part };
  if (previous.part === 'custom') return previous;
  return { part, mode: 'slots', start: '09:00', end: '13:00', hours: null };
}

/** The `days` the form sends: only dates inside the range whose part is not Full, in date order. */
export function dayInputs(
  range: { start_date: string; end_date: string },
  choices: Readonly<Record<string, DayChoice>>,
): HrRequestDayInput[] {
  return Object.entries(choices)
    .filter(([date, choice]) => choice.part !== 'full' && date >= range.start_date && date <= range.end_date)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, choice]) => {
      if (choice.part !== 'custom') return { date, part: choice.part };
      return choice.mode === 'slots'
        ? { date, part: 'custom', start: choice.start, end: choice.end }
        : { date, part: 'custom', hours: choice.hours };
    });
}

/** Choices stored on a request (editing it): every day that was not Full. */
export function choicesOfDays(days: readonly HrRequestDay[]): Record<string, DayChoice> {
  const choices: Record<string, DayChoice> = {};
  for (const day of days) {
    if (day.part === 'full') continue;
    if (day.part !== 'custom') choices[day.date] = { ...fullDay, part: day.part };
    else if (day.start && day.end)
      choices[day.date] = { part: 'custom', mode: 'slots', start: day.start, end: day.end, hours: null };
    else choices[day.date] = { part: 'custom', mode: 'hours', start: null, end: null, hours: day.hours };
  }
  return choices;
}

export interface TimeOffFields {
  reason: string | null;
  bank: HrRequestBank | null;
  start_date: string;
  end_date: string;
  choices: Record<string, DayChoice>;
}

/**
 * What the preview is asked for, or null while the fields cannot make one (no reason or bank yet, a date missing,
 * the end before the start, a custom day without its times): the contract decides.
 */
export function previewInputOf(
  fields: TimeOffFields,
  extra: { user_id?: number | null; request_id?: number | null } = {},
): HrRequestPreviewInput | null {
  if (!isIsoDate(fields.start_date) || !isIsoDate(fields.end_date)) return null;
  const input: HrRequestPreviewInput = {
    reason: (fields.reason ?? '') as HrRequestPreviewInput['reason'],
    bank: (fields.bank ?? '') as HrRequestBank,
    start_date: fields.start_date,
    end_date: fields.end_date,
    days: dayInputs(fields, fields.choices),
    ...(extra.user_id ? { user_id: extra.user_id } : {}),
    ...(extra.request_id ? { request_id: extra.request_id } : {}),
  };
  return hrRequestPreviewInputSchema.safeParse(input).success ? input : null;
}

/** The contract's messages keyed as the server's 422 keys them ('details.item', 'days.1.hours'). */
export function messagesByField(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  const messages: Record<string, string> = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    messages[key] ??= issue.message;
  }
  return messages;
}

export const formatHours = (hours: number): string => hours.toFixed(2);

const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** ISO weekday 1-7 to its name. */
export const weekdayName = (weekday: number): string => weekdayNames[weekday - 1] ?? '';

/** Why a day is greyed in the table: "Holiday: Labor Day", "Weekend" or "Day off". */
export function nonWorkingLabel(day: HrRequestDay): string | null {
  if (day.holiday) return `Holiday: ${day.holiday}`;
  if (!day.non_working) return null;
  return day.weekday >= 6 ? 'Weekend' : 'Day off';
}

/** How a stored day's part reads: "Full day", "Morning", "09:00–13:00", "3.50 h". */
export function partLabel(day: Pick<HrRequestDay, 'part' | 'start' | 'end' | 'hours'>): string {
  if (day.part === 'full') return 'Full day';
  if (day.part === 'morning') return 'Morning';
  if (day.part === 'afternoon') return 'Afternoon';
  return day.start && day.end ? `${day.start}–${day.end}` : `${formatHours(day.hours)} h`;
}

/** A balance that ends below zero is shown red (to the employee as a warning, to approvers before approving). */
export const isNegative = (balance: Pick<HrRequestBalance, 'after'>): boolean => balance.after < -0.004;

/** The list's filters as the URL holds them; anything unreadable falls back to the defaults. */
export function listQueryOf(params: URLSearchParams, fallbackScope: HrRequestScope): HrRequestListQuery {
  const keys = ['scope', 'status', 'category_id', 'user_id', 'from', 'to', 'page', 'per_page'] as const;
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  raw.scope ??= fallbackScope;
  const parsed = hrRequestListQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // One bad filter does not empty the page: keep the ones that read.
  const kept: Record<string, string> = { scope: fallbackScope };
  for (const [key, value] of Object.entries(raw)) {
    if (hrRequestListQuerySchema.safeParse({ ...kept, [key]: value }).success) kept[key] = value;
  }
  return hrRequestListQuerySchema.parse(kept);
}

/** An id the URL holds under `key` (?request= of an open drawer, ?for= of a request filed for someone), or null. */
export function idParamOf(params: URLSearchParams, key = 'request'): number | null {
  const raw = params.get(key);
  return raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2147483647 ? Number(raw) : null;
}
