import { describe, expect, it } from 'vitest';
import { compactAge, shortCompanyName, shortPersonName } from './queue-text.ts';

const now = Date.parse('2026-06-01T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('the queue’s short forms (decision 0064)', () => {
  it('writes ages in a few characters', () => {
    expect(compactAge(ago(20), now)).toBe('now');
    expect(compactAge(ago(12 * 60), now)).toBe('12m');
    expect(compactAge(ago(5 * 3600), now)).toBe('5h');
    expect(compactAge(ago(3 * 86400), now)).toBe('3d');
    expect(compactAge(ago(65 * 86400), now)).toBe('2mo');
    expect(compactAge(ago(800 * 86400), now)).toBe('2y');
    expect(compactAge('not a date', now)).toBe('');
  });

  it('shortens people and companies sensibly', () => {
    expect(shortPersonName('Tess Tech')).toBe('Tess T.');
    expect(shortPersonName('Mary Ann van Dyke')).toBe('Mary D.');
    expect(shortPersonName('Cher')).toBe('Cher');
    expect(shortCompanyName('Harbor Clinic, LLC')).toBe('Harbor Clinic');
    expect(shortCompanyName('Acme Corp.')).toBe('Acme');
    expect(shortCompanyName('Co')).toBe('Co');
    expect(shortCompanyName('Costco Wholesale')).toBe('Costco Wholesale');
  });
});
