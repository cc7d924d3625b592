import { describe, expect, it } from 'vitest';
import {
  completedYears,
  employedOn,
  employmentMessages,
  employmentSpans,
  rehireInputSchema,
  separationFormSchema,
  separationInputSchema,
  separationOf,
  tenureBandOf,
} from './employment.ts';

describe('separation input', () => {
  it('takes every field as optional for API clients and applies today and voluntary by default', () => {
    const parsed = separationInputSchema.parse({});
    expect(separationOf(parsed, '2026-05-04')).toEqual({ date: '2026-05-04', type: 'voluntary', reason: '' });
    const full = separationInputSchema.parse({
      separation_date: '2026-04-30',
      separation_type: 'involuntary',
      separation_reason: '  Position eliminated ',
    });
    expect(separationOf(full, '2026-05-04')).toEqual({
      date: '2026-04-30',
      type: 'involuntary',
      reason: 'Position eliminated',
    });
  });

  it('refuses a bad date, an unknown type and a long reason with the field messages', () => {
    const result = separationInputSchema.safeParse({
      separation_date: '2026-02-30',
      separation_type: 'fired',
      separation_reason: 'x'.repeat(501),
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      separation_date: employmentMessages.separationDate,
      separation_type: employmentMessages.separationType,
      separation_reason: employmentMessages.separationReason,
    });
  });

  it('the web form requires the type and the date', () => {
    const result = separationFormSchema.safeParse({ separation_date: '', separation_type: undefined });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['separation_date', employmentMessages.separationDate],
      ['separation_type', employmentMessages.separationType],
    ]);
  });

  it('rehire date: optional, a real date', () => {
    expect(rehireInputSchema.parse({ rehire_date: '' })).toEqual({});
    expect(rehireInputSchema.safeParse({ rehire_date: '2026-13-01' }).error?.issues[0]?.message).toBe(
      employmentMessages.rehireDate,
    );
  });
});

describe('employmentSpans', () => {
  const fallback = { hiredOn: '2020-03-01', disabledOn: null };

  it('without events: the start date, and the disabled day as the end', () => {
    expect(employmentSpans([], fallback)).toEqual([
      { start: '2020-03-01', startKind: 'hire', end: null, endType: null },
    ]);
    expect(employmentSpans([], { hiredOn: '2020-03-01', disabledOn: '2024-06-10' })).toEqual([
      { start: '2020-03-01', startKind: 'hire', end: '2024-06-10', endType: null },
    ]);
  });

  it('a separation recorded for an employee hired before the events starts from the start date', () => {
    const spans = employmentSpans([{ kind: 'separation', date: '2025-01-31', separationType: 'involuntary' }], {
      hiredOn: '2020-03-01',
      disabledOn: '2025-02-03',
    });
    expect(spans).toEqual([{ start: '2020-03-01', startKind: 'hire', end: '2025-01-31', endType: 'involuntary' }]);
  });

  it('hire, separation, rehire: two spans, the second open', () => {
    const spans = employmentSpans(
      [
        { kind: 'rehire', date: '2025-09-01', separationType: null },
        { kind: 'hire', date: '2022-01-10', separationType: null },
        { kind: 'separation', date: '2024-05-15', separationType: 'voluntary' },
      ],
      fallback,
    );
    expect(spans).toEqual([
      { start: '2022-01-10', startKind: 'hire', end: '2024-05-15', endType: 'voluntary' },
      { start: '2025-09-01', startKind: 'rehire', end: null, endType: null },
    ]);
    expect(employedOn(spans, '2024-05-14')).toBe(true);
    expect(employedOn(spans, '2024-05-15')).toBe(false);
    expect(employedOn(spans, '2025-08-31')).toBe(false);
    expect(employedOn(spans, '2025-09-01')).toBe(true);
  });
});

describe('tenure', () => {
  it('counts whole years and bands them', () => {
    expect(completedYears('2020-03-01', '2026-02-28')).toBe(5);
    expect(completedYears('2020-03-01', '2026-03-01')).toBe(6);
    expect(tenureBandOf('2026-01-01', '2026-12-31')).toBe('under_1');
    expect(tenureBandOf('2024-06-01', '2026-06-01')).toBe('1_2');
    expect(tenureBandOf('2021-06-01', '2026-06-01')).toBe('3_5');
    expect(tenureBandOf('2016-06-01', '2026-06-01')).toBe('6_10');
    expect(tenureBandOf('2015-06-01', '2026-06-01')).toBe('over_10');
  });
});
