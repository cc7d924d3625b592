import { describe, expect, it } from 'vitest';
import { documentTitle, revisionLabel } from './documents.ts';
import { centsOf, decimalFromCents, formatUsd, lineAmountCents } from './money.ts';

describe('documentTitle (spec 3 §2 PDF viewer)', () => {
  it('shows the type with underscores as spaces, po as Purchase Order, then the id', () => {
    expect(documentTitle('Project_Overview', 12)).toBe('Project Overview 12');
    expect(documentTitle('po', 7)).toBe('Purchase Order 7');
    expect(documentTitle('quote', '3')).toBe('Quote 3');
    expect(documentTitle('hr_form', 4)).toBe('HR Form 4');
    expect(documentTitle('hr_form_version', 2)).toBe('HR Form Version 2');
    expect(documentTitle('invoice', 41)).toBe('Invoice 41');
  });
});

describe('revisionLabel', () => {
  it('labels the original 00 and later ones with two digits', () => {
    expect([0, 1, 9, 10, 123].map(revisionLabel)).toEqual(['00', '01', '09', '10', '123']);
  });
});

describe('money in cents', () => {
  it('parses numeric text without floats and rounds half away from zero', () => {
    expect(centsOf('12.5')).toBe(1250);
    expect(centsOf('0.105')).toBe(11);
    expect(centsOf('-3.125')).toBe(-313);
    expect(Number.isNaN(centsOf('abc'))).toBe(true);
    expect(decimalFromCents(-1205)).toBe('-12.05');
  });

  it('prices a line once: quantity x unit price to the cent', () => {
    expect(lineAmountCents('2.50', '19.9900')).toBe(4998); // 49.975 rounds up
    expect(lineAmountCents('3', '0.3333')).toBe(100); // 0.9999
    expect(lineAmountCents('1.25', '-10.0100')).toBe(-1251); // -12.5125
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
    expect(formatUsd(-5)).toBe('-$0.05');
  });
});
