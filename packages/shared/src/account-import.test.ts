import { describe, expect, it } from 'vitest';
import { accountImportRowSchema, autoMatchColumns, mapImportRows, normalizeImportPhone } from './account-import.ts';

describe('account import (spec 1 §2.6, §5)', () => {
  it('matches columns by header name, or by position without a header', () => {
    expect(autoMatchColumns(['E-mail', 'Full Name', 'Mobile', 'Job Title', 'Location'], true)).toEqual({
      name: 1,
      email: 0,
      title: 3,
      phone_number: 2,
      office_number: null,
      site: 4,
    });
    expect(autoMatchColumns(['Ann', 'ann@x.example', 'CFO'], false)).toEqual({
      name: 0,
      email: 1,
      title: 2,
      phone_number: null,
      office_number: null,
      site: null,
    });
  });

  it('drops a leading 1 from phone numbers and formats them', () => {
    expect(normalizeImportPhone('1-512-555-0111')).toBe('(512) 555-0111');
    expect(normalizeImportPhone('+1 (512) 555-0111')).toBe('(512) 555-0111');
    expect(normalizeImportPhone('5125550111')).toBe('(512) 555-0111');
    expect(normalizeImportPhone('')).toBe('');
  });

  it('maps rows after the header and validates them', () => {
    const rows = mapImportRows(
      [
        ['Name', 'Email'],
        ['Ann Lee', 'ann@x.example'],
        ['Bo', 'not-mail'],
      ],
      { name: 0, email: 1, title: null, phone_number: null, office_number: null, site: null },
      true,
    );
    expect(rows[0]).toEqual({
      name: 'Ann Lee',
      email: 'ann@x.example',
      title: '',
      phone_number: '',
      office_number: '',
      site: '',
    });
    expect(accountImportRowSchema.safeParse(rows[1]).error?.issues[0]?.message).toBe(
      'The email must be a valid email address.',
    );
  });
});
