import { describe, expect, it } from 'vitest';
import { autoMatchLeadColumns } from './crm.ts';
import {
  completeMapping,
  exportInputSchema,
  FileDuplicates,
  fillEmptyFields,
  importFieldsSchema,
  mapLeadImportRow,
  parseImportDate,
  parseImportPhone,
  parseImportStatus,
  readLeadImportRow,
} from './crm-imports.ts';

const header = ['Company', 'First Name', 'Last Name', 'Phone', 'E-mail', 'State', 'Status', 'Next Touch', 'Notes'];
const mapping = autoMatchLeadColumns(header, true);
const read = (cells: string[]) => readLeadImportRow(mapLeadImportRow(cells, mapping));

describe('lead import rows', () => {
  it('maps cells by the mapping, trimmed, empty for unmapped fields and short rows', () => {
    expect(mapping).toEqual(expect.objectContaining({ company_name: 0, email: 4, state: 5, zip: null, notes: 8 }));
    const row = mapLeadImportRow(['  Acme  ', 'Ann'], mapping);
    expect(row.company_name).toBe('Acme');
    expect(row.first_name).toBe('Ann');
    expect(row.email).toBe('');
    expect(row.zip).toBe('');
  });

  it('reads a good row with its duplicate keys', () => {
    const { values, errors } = read([
      'Acme',
      'Ann',
      '',
      '+1 (512) 555-0123 ext. 45',
      ' Ann@Acme.TEST ',
      'tx',
      'appointment set',
      '3/7/2027',
      'hi',
    ]);
    expect(errors).toEqual([]);
    expect(values).toEqual(
      expect.objectContaining({
        company_name: 'Acme',
        last_name: null,
        phone: '(512) 555-0123',
        phone_ext: '45',
        email: 'Ann@Acme.TEST',
        state: 'TX',
        status: 3,
        next_touch: '2027-03-07',
        notes: 'hi',
        phone_key: '5125550123',
        email_key: 'ann@acme.test',
      }),
    );
  });

  it('lists every error of a bad row', () => {
    const { errors } = read(['', '', '', '555-0123', 'nope', 'Texas', '2', '2027-02-30', '']);
    expect(errors).toEqual([
      'The company field is required.',
      "The phone '555-0123' is not a US number of ten digits.",
      "The email 'nope' is not a valid email address.",
      "The state 'Texas' is not a two-letter USPS code.",
      "The selected status is invalid: '2'.",
      "The next touch '2027-02-30' is not a valid date.",
    ]);
    expect(read(['A'.repeat(256)]).errors).toEqual(['The company may not be greater than 255 characters.']);
  });

  it('parses statuses, dates and phones', () => {
    expect(parseImportStatus('')).toBeNull();
    expect(parseImportStatus('9')).toBe(9);
    expect(parseImportStatus('WIN BACK')).toBe(9);
    expect(parseImportStatus('2')).toBeUndefined();
    expect(parseImportStatus('All')).toBeUndefined();
    expect(parseImportDate('2027-01-05')).toBe('2027-01-05');
    expect(parseImportDate('12/31/2026')).toBe('2026-12-31');
    expect(parseImportDate('2/30/2026')).toBeUndefined();
    expect(parseImportDate('tomorrow')).toBeUndefined();
    expect(parseImportPhone('')).toBeNull();
    expect(parseImportPhone('15125550123')).toEqual({ phone: '(512) 555-0123', ext: null });
    expect(parseImportPhone('512 555 0123 #9')).toEqual({ phone: '(512) 555-0123', ext: '9' });
    expect(parseImportPhone('25125550123')).toBeUndefined();
  });
});

describe('duplicates and fill_empty', () => {
  it('finds the first row sharing a phone or an e-mail key', () => {
    const seen = new FileDuplicates<string>();
    seen.remember({ phone_key: '5125550123', email_key: null }, 2, 'first');
    seen.remember({ phone_key: '5125550123', email_key: 'a@b.test' }, 3, 'second');
    expect(seen.find({ phone_key: '5125550123', email_key: null })).toEqual({ row: 2, target: 'first' });
    expect(seen.find({ phone_key: null, email_key: 'a@b.test' })).toEqual({ row: 3, target: 'second' });
    expect(seen.find({ phone_key: '5125550124', email_key: 'c@b.test' })).toBeNull();
    expect(seen.find({ phone_key: null, email_key: null })).toBeNull();
  });

  it('fills only empty fields', () => {
    expect(
      fillEmptyFields(
        { first_name: 'Kept', last_name: null, title: ' ', email: '' },
        { first_name: 'Other', last_name: 'New', title: 'CEO', email: null, city: 'Austin' },
      ),
    ).toEqual({ last_name: 'New', title: 'CEO', city: 'Austin' });
  });
});

describe('contracts', () => {
  it('reads the multipart fields with defaults', () => {
    expect(importFieldsSchema.parse({})).toEqual({
      has_header: true,
      mapping: null,
      campaign_id: null,
      manager_id: null,
      default_status: 1,
      next_touch: null,
      duplicate_policy: 'skip',
    });
    expect(
      importFieldsSchema.parse({
        has_header: 'false',
        mapping: '{"company_name":2}',
        campaign_id: '4',
        default_status: '0',
        duplicate_policy: 'fill_empty',
      }),
    ).toEqual(
      expect.objectContaining({
        has_header: false,
        mapping: { company_name: 2 },
        campaign_id: 4,
        default_status: 0,
        duplicate_policy: 'fill_empty',
      }),
    );
    expect(importFieldsSchema.safeParse({ mapping: '{"company_name":-1}' }).success).toBe(false);
    expect(completeMapping({ email: 3 })).toEqual(expect.objectContaining({ email: 3, company_name: null }));
  });

  it('takes the leads filters and known columns for an export', () => {
    const parsed = exportInputSchema.parse({ filters: { status: '2', state: 'tx' }, columns: ['company_name', 'id'] });
    expect(parsed.filters).toEqual(expect.objectContaining({ status: 2, state: 'TX' }));
    expect(parsed.columns).toEqual(['company_name', 'id']);
    expect(exportInputSchema.safeParse({ columns: [] }).success).toBe(false);
    expect(exportInputSchema.safeParse({ columns: ['password'] }).success).toBe(false);
  });
});
