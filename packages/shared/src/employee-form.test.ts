import { describe, expect, it } from 'vitest';
import { generatedPasswordAlphabet, generatePassword } from './employee-form.ts';

describe('generatePassword (spec 1 §5)', () => {
  it('makes 10 characters with a letter, a digit and a symbol, from an alphabet without look-alikes', () => {
    const { upper, lower, digits, symbols } = generatedPasswordAlphabet;
    for (let run = 0; run < 200; run += 1) {
      const password = generatePassword();
      expect(password).toHaveLength(10);
      expect([...password].some((c) => upper.includes(c))).toBe(true);
      expect([...password].some((c) => lower.includes(c))).toBe(true);
      expect([...password].some((c) => digits.includes(c))).toBe(true);
      expect([...password].some((c) => symbols.includes(c))).toBe(true);
      expect(password).not.toMatch(/[0O1lI|'"`,.;:]/);
    }
  });

  it('differs from one call to the next', () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(passwords.size).toBe(50);
  });
});
