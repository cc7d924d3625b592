import { describe, expect, it } from 'vitest';
import { effectiveHolidays, holidayStoreInputSchema, holidayUpdateInputSchema, type Holiday } from './holidays.ts';

const errorsOf = (schema: typeof holidayStoreInputSchema | typeof holidayUpdateInputSchema, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('holiday contracts', () => {
  it('stores a company holiday without user_id and an individual one with it', () => {
    expect(holidayStoreInputSchema.parse({ date: '2026-12-25', name: 'Christmas Day', user_id: '' })).toEqual({
      date: '2026-12-25',
      new_date: null,
      name: 'Christmas Day',
      user_id: null,
    });
    expect(holidayStoreInputSchema.parse({ date: '2026-12-25', new_date: '2026-12-28', user_id: '4' })).toMatchObject({
      user_id: 4,
      new_date: '2026-12-28',
    });
  });

  it('names every bad field', () => {
    expect(errorsOf(holidayStoreInputSchema, {})).toEqual({ date: 'The date field is required.' });
    expect(
      errorsOf(holidayStoreInputSchema, {
        date: '2026-13-01',
        new_date: 'soon',
        user_id: 'abc',
        name: 'x'.repeat(256),
      }),
    ).toEqual({
      date: 'The date is not a valid date.',
      new_date: 'The new date is not a valid date.',
      user_id: 'The selected user id is invalid.',
      name: 'The name may not be greater than 255 characters.',
    });
    expect(errorsOf(holidayStoreInputSchema, { date: '2026-12-25', new_date: '2026-12-25', user_id: 3 })).toEqual({
      new_date: 'The new date must be a date different from date.',
    });
    expect(errorsOf(holidayStoreInputSchema, { date: '2026-12-25', new_date: '2026-12-26' })).toEqual({
      new_date: 'A company holiday cannot have a new date.',
    });
    expect(errorsOf(holidayUpdateInputSchema, { date: '2026-12-25' })).toEqual({ id: 'The id field is required.' });
  });
});

describe('effectiveHolidays', () => {
  const holiday = (values: Partial<Holiday> & Pick<Holiday, 'id' | 'date'>): Holiday => ({
    new_date: null,
    name: null,
    user_id: null,
    add_by: null,
    ...values,
  });

  it('applies the person’s moves to the company holidays and adds their own days, by date', () => {
    const days = effectiveHolidays({
      company: [
        holiday({ id: 1, date: '2026-12-25', name: 'Christmas Day' }),
        holiday({ id: 2, date: '2026-07-04', name: 'Independence Day' }),
      ],
      individual: [
        holiday({ id: 10, date: '2026-12-25', new_date: '2026-12-28', user_id: 5 }),
        holiday({ id: 11, date: '2026-03-17', name: 'Own day', user_id: 5 }),
      ],
    });
    expect(days).toEqual([
      { date: '2026-03-17', name: 'Own day', kind: 'individual', from: null, holiday_id: 11 },
      { date: '2026-07-04', name: 'Independence Day', kind: 'company', from: null, holiday_id: 2 },
      { date: '2026-12-28', name: 'Christmas Day', kind: 'moved', from: '2026-12-25', holiday_id: 10 },
    ]);
  });
});
