import { describe, expect, it } from 'vitest';
import {
  acknowledgementText,
  buildFormSchema,
  formatCompletion,
  hrFormAssignInputSchema,
  hrFormFieldsSchema,
  hrFormMessages,
  type HrFormFieldInput,
  namesMatch,
} from './forms.ts';

const build = (input: HrFormFieldInput[], signerName?: string) =>
  buildFormSchema(hrFormFieldsSchema.parse(input), { signerName });
const errors = (schema: ReturnType<typeof build>, values: Record<string, unknown>) => {
  const result = schema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('buildFormSchema per field type', () => {
  it('heading and paragraph take no answer and are dropped', () => {
    const schema = build([
      { key: 'h', kind: 'heading', label: 'Intro' },
      { key: 'p', kind: 'paragraph', label: 'Note', text: 'Read this.' },
    ]);
    expect(schema.parse({ h: 'x', p: 'y' })).toEqual({});
  });

  it('short_text: required, trimmed, length limits', () => {
    const schema = build([
      { key: 'name', kind: 'short_text', label: 'Contact name', required: true, min_length: 2, max_length: 5 },
    ]);
    expect(errors(schema, {})).toEqual([hrFormMessages.fieldRequired('Contact name')]);
    expect(errors(schema, { name: '   ' })).toEqual([hrFormMessages.fieldRequired('Contact name')]);
    expect(errors(schema, { name: 'A' })).toEqual([hrFormMessages.fieldTooShort('Contact name', 2)]);
    expect(errors(schema, { name: 'Abcdef' })).toEqual([hrFormMessages.fieldTooLong('Contact name', 5)]);
    expect(schema.parse({ name: '  Ann ' })).toEqual({ name: 'Ann' });
  });

  it('long_text: optional blank becomes null; the limit holds', () => {
    const schema = build([{ key: 'notes', kind: 'long_text', label: 'Notes', max_length: 10 }]);
    expect(schema.parse({ notes: '' })).toEqual({ notes: null });
    expect(schema.parse({})).toEqual({ notes: null });
    expect(errors(schema, { notes: 'x'.repeat(11) })).toEqual([hrFormMessages.fieldTooLong('Notes', 10)]);
  });

  it('number: numeric strings, integer, min and max', () => {
    const schema = build([
      { key: 'n', kind: 'number', label: 'Children', required: true, integer: true, min: 0, max: 10 },
    ]);
    expect(schema.parse({ n: '3' })).toEqual({ n: 3 });
    expect(errors(schema, { n: 'three' })).toEqual([hrFormMessages.fieldNumber('Children')]);
    expect(errors(schema, { n: 1.5 })).toEqual([hrFormMessages.fieldInteger('Children')]);
    expect(errors(schema, { n: -1 })).toEqual([hrFormMessages.fieldMin('Children', 0)]);
    expect(errors(schema, { n: 11 })).toEqual([hrFormMessages.fieldMax('Children', 10)]);
  });

  it('date: real calendar dates within the range', () => {
    const schema = build([
      { key: 'd', kind: 'date', label: 'Start', required: true, min_date: '2026-01-01', max_date: '2026-12-31' },
    ]);
    expect(schema.parse({ d: '2026-02-28' })).toEqual({ d: '2026-02-28' });
    expect(errors(schema, { d: '2026-02-30' })).toContain(hrFormMessages.fieldDate('Start'));
    expect(errors(schema, { d: '2025-12-31' })).toEqual([hrFormMessages.fieldDateMin('Start', '2026-01-01')]);
    expect(errors(schema, { d: '2027-01-01' })).toEqual([hrFormMessages.fieldDateMax('Start', '2026-12-31')]);
  });

  it('select: only a listed option', () => {
    const schema = build([{ key: 's', kind: 'select', label: 'Size', required: true, options: ['S', 'M'] }]);
    expect(schema.parse({ s: 'M' })).toEqual({ s: 'M' });
    expect(errors(schema, { s: 'XL' })).toEqual([hrFormMessages.fieldOption('Size')]);
    expect(errors(schema, {})).toEqual([hrFormMessages.fieldRequired('Size')]);
  });

  it('checkboxes: listed options once, min and max selected', () => {
    const schema = build([
      { key: 'c', kind: 'checkboxes', label: 'Devices', options: ['Laptop', 'Phone', 'Badge'], max_selected: 2 },
    ]);
    expect(schema.parse({ c: ['Laptop'] })).toEqual({ c: ['Laptop'] });
    expect(schema.parse({ c: [] })).toEqual({ c: null });
    expect(errors(schema, { c: ['Tablet'] })).toEqual([hrFormMessages.fieldOption('Devices')]);
    expect(errors(schema, { c: ['Laptop', 'Phone', 'Badge'] })).toEqual([
      hrFormMessages.fieldMaxSelected('Devices', 2),
    ]);
    const required = build([{ key: 'c', kind: 'checkboxes', label: 'Devices', required: true, options: ['A'] }]);
    expect(errors(required, { c: [] })).toEqual([hrFormMessages.fieldMinSelected('Devices', 1)]);
  });

  it('yes_no: a boolean; false is an answer', () => {
    const schema = build([{ key: 'y', kind: 'yes_no', label: 'Remote', required: true }]);
    expect(schema.parse({ y: false })).toEqual({ y: false });
    expect(errors(schema, { y: 'yes' })).toEqual([hrFormMessages.fieldYesNo('Remote')]);
    expect(errors(schema, {})).toEqual([hrFormMessages.fieldRequired('Remote')]);
  });

  it('file: an uploaded file id and name', () => {
    const schema = build([{ key: 'f', kind: 'file', label: 'ID copy', required: true }]);
    expect(schema.parse({ f: { file_id: 4, name: 'id.pdf' } })).toEqual({ f: { file_id: 4, name: 'id.pdf' } });
    expect(errors(schema, { f: 'id.pdf' })).toEqual([hrFormMessages.fieldFile('ID copy')]);
  });

  it('signature: must match the signer name when given', () => {
    const schema = build([{ key: 'sig', kind: 'signature', label: 'Signature', required: true }], 'Ann Lee');
    expect(schema.parse({ sig: ' ann  lee ' })).toEqual({ sig: 'ann  lee' });
    expect(errors(schema, { sig: 'Bob' })).toEqual(['The signature must match your name.']);
    expect(build([{ key: 'sig', kind: 'signature', label: 'Signature' }]).parse({ sig: 'Bob' })).toEqual({
      sig: 'Bob',
    });
  });
});

describe('form contract rules', () => {
  it('refuses two fields with one key and reversed limits', () => {
    const result = hrFormFieldsSchema.safeParse([
      { key: 'a', kind: 'yes_no', label: 'A' },
      { key: 'a', kind: 'number', label: 'B', min: 5, max: 1 },
    ]);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      hrFormMessages.fieldKeyTaken,
      'The minimum is above the maximum.',
    ]);
  });

  it('assignment needs an audience', () => {
    const result = hrFormAssignInputSchema.safeParse({ audience: {} });
    expect(result.error?.issues[0]?.message).toBe(hrFormMessages.audienceRequired);
    expect(hrFormAssignInputSchema.safeParse({ audience: { user_ids: [3] }, due_days: 14 }).success).toBe(true);
  });

  it('texts', () => {
    expect(acknowledgementText('Handbook', 2)).toBe('I have read and understood Handbook (version 2)');
    expect(formatCompletion(38, 42)).toBe('38 / 42');
    expect(namesMatch('JOSÉ  Díaz', 'José Díaz')).toBe(true);
    expect(namesMatch('Jose Diaz', 'José Díaz')).toBe(false);
    expect(namesMatch('', '')).toBe(false);
  });
});
