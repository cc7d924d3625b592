import { z } from 'zod';

/**
 * Phone numbers of spec 1 §5: ten digits with optional parentheses, dash, dot or space separators, and an
 * optional extension of up to 4 digits; shown as (AAA) BBB-CCCC or (AAA) BBB-CCCC Ext. NNNN.
 */

export const PHONE_EXTENSION_MAX_DIGITS = 4;
/** Country prefix sent to the telephony side (spec 1 §9). */
export const PHONE_COUNTRY_PREFIX = '+1';
export const phoneNumberInvalidMessage =
  'The phone number must be ten digits, optionally followed by an extension of up to 4 digits.';

/**
 * Formats as typed: strips non-digits, then builds (AAA) BBB-CCCC and, past ten digits, ' Ext. ' with up to 4
 * extension digits. Partial input gives a partial format ('(55', '(555) 12'), so it can run on every keystroke.
 */
export function formatPhoneNumber(input: string | null | undefined): string {
  const digits = (input ?? '').replace(/\D/g, '').slice(0, 10 + PHONE_EXTENSION_MAX_DIGITS);
  if (digits.length === 0) return '';
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  const line = digits.slice(6, 10);
  const extension = digits.slice(10);
  let formatted = `(${area}`;
  if (digits.length > 3) formatted += `) ${exchange}`;
  if (digits.length > 6) formatted += `-${line}`;
  if (extension) formatted += ` Ext. ${extension}`;
  return formatted;
}

// Ten digits with optional separators; then an optional extension introduced by 'ext', 'ext.', 'x' or '#'.
const phonePattern = /^\s*\(?\s*\d{3}\s*\)?[\s.-]*\d{3}[\s.-]*\d{4}\s*(?:(?:e?xt\.?|x|#)\s*\d{1,4})?\s*$/i;

/** True when the text is a valid phone number (empty is not). */
export function isValidPhoneNumber(input: string): boolean {
  return phonePattern.test(input);
}

/**
 * A phone number field: trimmed; must be a valid number; answers the formatted text. Use `.optional()` or
 * `optionalPhoneNumberSchema` for fields that may be left empty.
 */
export const phoneNumberSchema = z
  .string({ error: 'The phone number must be a string.' })
  .trim()
  .refine(isValidPhoneNumber, phoneNumberInvalidMessage)
  .transform((value) => formatPhoneNumber(value));

/** An optional phone number: empty text, null and absent become null; anything else must be valid. */
export const optionalPhoneNumberSchema = z.preprocess(
  (value) =>
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value,
  phoneNumberSchema.nullable(),
);

/** The number sent to the telephony side: '+1' and the ten digits (extension dropped). */
export function toDialNumber(input: string): string {
  // The extension goes first: its digits would otherwise shift an 11-digit number with a leading 1.
  const digits = input.replace(/\s*(?:x|ext|#)[\s\S]*$/i, '').replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits.slice(0, 10);
  return `${PHONE_COUNTRY_PREFIX}${ten}`;
}
