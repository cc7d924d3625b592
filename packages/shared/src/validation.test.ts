import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountImportInputSchema } from './account-import.ts';
import { contractInputSchema } from './contracts.ts';
import { deviceInputSchema } from './devices.ts';
import { updateEmployeeInputSchema } from './employee-form.ts';
import { isoDateText, jsonText } from './validation.ts';

/** Field → messages of a failed parse (only the fields asked about). */
function errorsOf(schema: z.ZodType, input: unknown, fields: string[]): Record<string, string[]> {
  const result = schema.safeParse(input);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    if (fields.includes(key)) (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

describe('jsonText (issue 16)', () => {
  const list = jsonText(z.array(z.number()), []);

  it('parses JSON text, passes values through and gives the empty value for blanks', () => {
    expect(list.parse('[1,2]')).toEqual([1, 2]);
    expect(list.parse([3])).toEqual([3]);
    expect([list.parse(''), list.parse(null), list.parse(undefined)]).toEqual([[], [], []]);
  });

  it('makes malformed text a field error, never a thrown parse error', () => {
    for (const text of ['abc', '[{']) {
      const errors = errorsOf(z.object({ ids: list }), { ids: text }, ['ids']);
      expect(errors).toEqual({ ids: ['The ids must be valid JSON.'] });
    }
  });

  it('is used by every form that takes JSON text', () => {
    const contractLists = ['billing_contacts', 'recurring_items'];
    expect(errorsOf(contractInputSchema, { billing_contacts: '[{', recurring_items: 'abc' }, contractLists)).toEqual({
      billing_contacts: ['The billing contacts must be valid JSON.'],
      recurring_items: ['The recurring items must be valid JSON.'],
    });
    const employeeLists = ['departments', 'permissions'];
    expect(errorsOf(updateEmployeeInputSchema, { departments: 'abc', permissions: '[{' }, employeeLists)).toEqual({
      departments: ['The departments must be valid JSON.'],
      permissions: ['The permissions must be valid JSON.'],
    });
    expect(errorsOf(accountImportInputSchema, { company_id: 1, accounts: '[{' }, ['accounts'])).toEqual({
      accounts: ['The accounts must be valid JSON.'],
    });
  });
});

describe('isoDateText (issue 16)', () => {
  it('accepts real days only', () => {
    const date = isoDateText('day');
    expect(date.safeParse('2024-02-29').success).toBe(true);
    for (const bad of ['2026-02-30', '2026-04-31', '2026-13-01', '2026-2-01', 'tomorrow']) {
      expect(date.safeParse(bad).error?.issues.map((issue) => issue.message)).toEqual(['The day is not a valid date.']);
    }
    expect(date.safeParse(undefined).error?.issues[0]?.message).toBe('The day field is required.');
  });

  it('guards every date field of the contract, device and employee forms', () => {
    const contractDates = { start_date: '2026-02-30', end_date: '2026-02-31' };
    expect(errorsOf(contractInputSchema, contractDates, ['start_date', 'end_date'])).toEqual({
      start_date: ['The start date is not a valid date.'],
      end_date: ['The end date is not a valid date.'],
    });
    const deviceDates = { purchase_date: '2026-02-30', warranty_date: '2025-06-31' };
    expect(errorsOf(deviceInputSchema, deviceDates, ['purchase_date', 'warranty_date'])).toEqual({
      purchase_date: ['The purchase date is not a valid date.'],
      warranty_date: ['The warranty date is not a valid date.'],
    });
    const employeeDates = { start_date: '2026-02-30', birthday: '1990-02-29', pto_start_date: '2026-11-31' };
    expect(errorsOf(updateEmployeeInputSchema, employeeDates, ['start_date', 'birthday', 'pto_start_date'])).toEqual({
      start_date: ['The start date is not a valid date.'],
      birthday: ['The birthday is not a valid date.'],
      pto_start_date: ['The pto start date is not a valid date.'],
    });
  });
});

describe('validation messages in the product words (issue 16)', () => {
  const page = z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(500).default(50),
  });

  it('words paging errors field by field', () => {
    expect(errorsOf(page, { page: 'abc', per_page: '900' }, ['page', 'per_page'])).toEqual({
      page: ['The page must be a number.'],
      per_page: ['The per page may not be greater than 500.'],
    });
    expect(errorsOf(page, { page: '0', per_page: '1.5' }, ['page', 'per_page'])).toEqual({
      page: ['The page must be at least 1.'],
      per_page: ['The per page must be an integer.'],
    });
  });

  it('words the common checks and keeps every message a schema gives itself', () => {
    const form = z.object({
      first_name: z.string(),
      nick_name: z.string().min(1),
      code: z.string().max(3),
      email: z.email(),
      kind: z.enum(['a', 'b']),
      day: z.iso.date(),
      own: z.string().max(2, 'Two letters at most.'),
    });
    const input = { nick_name: '', code: 'abcd', email: 'nope', kind: 'c', day: '2026-02-30', own: 'abc' };
    expect(errorsOf(form, input, Object.keys(form.shape))).toEqual({
      first_name: ['The first name field is required.'],
      nick_name: ['The nick name field is required.'],
      code: ['The code may not be greater than 3 characters.'],
      email: ['The email must be a valid email address.'],
      kind: ['The selected kind is invalid.'],
      day: ['The day must be a valid date.'],
      own: ['Two letters at most.'],
    });
  });
});
