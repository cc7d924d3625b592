import { describe, expect, it } from 'vitest';
import {
  formatPhoneNumber,
  optionalPhoneNumberSchema,
  phoneNumberInvalidMessage,
  phoneNumberSchema,
  toDialNumber,
} from './phone.ts';

describe('formatPhoneNumber', () => {
  it('formats ten digits as (AAA) BBB-CCCC after stripping non-digits', () => {
    expect(formatPhoneNumber('5551234567')).toBe('(555) 123-4567');
    expect(formatPhoneNumber('555.123.4567')).toBe('(555) 123-4567');
    expect(formatPhoneNumber('(555) 123 - 4567')).toBe('(555) 123-4567');
  });
  it('formats partial input as typed', () => {
    expect(formatPhoneNumber('')).toBe('');
    expect(formatPhoneNumber('5')).toBe('(5');
    expect(formatPhoneNumber('555')).toBe('(555');
    expect(formatPhoneNumber('5551')).toBe('(555) 1');
    expect(formatPhoneNumber('555123')).toBe('(555) 123');
    expect(formatPhoneNumber('5551234')).toBe('(555) 123-4');
    expect(formatPhoneNumber(null)).toBe('');
  });
  it('adds Ext. with up to 4 extension digits and drops the rest', () => {
    expect(formatPhoneNumber('55512345671')).toBe('(555) 123-4567 Ext. 1');
    expect(formatPhoneNumber('555-123-4567 ext 1234')).toBe('(555) 123-4567 Ext. 1234');
    expect(formatPhoneNumber('555123456712345')).toBe('(555) 123-4567 Ext. 1234');
  });
  it('is stable on its own output', () => {
    expect(formatPhoneNumber(formatPhoneNumber('5551234567 x 99'))).toBe('(555) 123-4567 Ext. 99');
  });
});

describe('phoneNumberSchema', () => {
  it.each([
    '5551234567',
    '(555) 123-4567',
    '555.123.4567',
    '555 123 4567',
    '555-123-4567',
    '(555)123-4567 Ext. 12',
    '5551234567 x1234',
    '555-123-4567 #9',
  ])('accepts %s', (value) => {
    expect(phoneNumberSchema.safeParse(value).success).toBe(true);
  });
  it.each(['', '555123456', '55512345678', '555-123-456a', '555/123/4567', '(555) 123-4567 Ext. 12345', 'phone'])(
    'rejects %j',
    (value) => {
      const result = phoneNumberSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(phoneNumberInvalidMessage);
    },
  );
  it('answers the formatted number', () => {
    expect(phoneNumberSchema.parse(' 555.123.4567 ext. 7 ')).toBe('(555) 123-4567 Ext. 7');
  });
  it('optional variant maps empty to null and still validates', () => {
    expect(optionalPhoneNumberSchema.parse('')).toBeNull();
    expect(optionalPhoneNumberSchema.parse(undefined)).toBeNull();
    expect(optionalPhoneNumberSchema.parse(null)).toBeNull();
    expect(optionalPhoneNumberSchema.parse('5551234567')).toBe('(555) 123-4567');
    expect(optionalPhoneNumberSchema.safeParse('123').success).toBe(false);
  });
});

describe('toDialNumber', () => {
  it('prefixes +1 and strips non-digits', () => {
    expect(toDialNumber('(555) 123-4567')).toBe('+15551234567');
    expect(toDialNumber('555.123.4567')).toBe('+15551234567');
  });
  it('drops the extension and an existing leading 1', () => {
    expect(toDialNumber('(555) 123-4567 Ext. 12')).toBe('+15551234567');
    expect(toDialNumber('1 555 123 4567')).toBe('+15551234567');
    expect(toDialNumber('1-512-555-0123 x7')).toBe('+15125550123');
    expect(toDialNumber('+1 (512) 555-0123 #45')).toBe('+15125550123');
  });
});
