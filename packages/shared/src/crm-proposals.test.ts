import { describe, expect, it } from 'vitest';
import { proposalAnswerInputSchema, proposalInputSchema, proposalLineCents, proposalTotals } from './crm-proposals.ts';

// The proposals' pure rules: a line rounded once half away from zero, totals per kind as sums of rounded lines, and
// the contract's texts as the editor and the API show them.

const line = (quantity: number, unitPrice: number) => ({ quantity, unit_price: unitPrice });
const errorsOf = (value: unknown) => {
  const parsed = proposalInputSchema.safeParse(value);
  if (parsed.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
};
const base = { lead_id: 1, title: 'Offer', valid_until: null };

describe('proposalLineCents', () => {
  it('rounds quantity x unit price once, half away from zero, without floats', () => {
    expect(proposalLineCents(line(1.5, 33.33))).toBe(5000); // 49.995
    expect(proposalLineCents(line(0.33, 0.05))).toBe(2); // 0.0165
    expect(proposalLineCents(line(0.1, 0.05))).toBe(1); // 0.005
    expect(proposalLineCents(line(0.01, 0.04))).toBe(0); // 0.0004
    expect(proposalLineCents(line(3, 0.1))).toBe(30);
    expect(proposalLineCents(line(99_999_999.99, 0.01))).toBe(100_000_000);
  });
});

describe('proposalTotals', () => {
  it('sums rounded lines per kind', () => {
    const totals = proposalTotals([
      { kind: 'monthly', ...line(1, 0.1) },
      { kind: 'monthly', ...line(1, 0.2) },
      { kind: 'one_time', ...line(1.5, 33.33) },
      { kind: 'one_time', ...line(1.5, 33.33) },
    ]);
    expect(totals).toEqual({ monthlyCents: 30, oneTimeCents: 10_000 });
  });
});

describe('proposalInputSchema', () => {
  it('accepts two decimals and refuses a third, negatives, zero quantities and unknown kinds', () => {
    expect(
      errorsOf({ ...base, lines: [{ kind: 'monthly', description: 'A', quantity: 1.25, unit_price: 9.99 }] }),
    ).toEqual({});
    expect(
      errorsOf({ ...base, lines: [{ kind: 'monthly', description: 'A', quantity: 1.255, unit_price: 1 }] }),
    ).toEqual({
      'lines.0.quantity': ['The quantity may have at most two decimals.'],
    });
    expect(errorsOf({ ...base, lines: [{ kind: 'monthly', description: 'A', quantity: 0, unit_price: 1 }] })).toEqual({
      'lines.0.quantity': ['The quantity must be more than 0.'],
    });
    expect(
      errorsOf({ ...base, lines: [{ kind: 'one_time', description: 'A', quantity: 1, unit_price: -0.01 }] }),
    ).toEqual({
      'lines.0.unit_price': ['The unit price may not be negative.'],
    });
    expect(
      errorsOf({ ...base, lines: [{ kind: 'one_time', description: 'A', quantity: 1, unit_price: 0.001 }] }),
    ).toEqual({
      'lines.0.unit_price': ['The unit price may have at most two decimals.'],
    });
    expect(errorsOf({ ...base, lines: [{ kind: 'yearly', description: ' ', quantity: 1, unit_price: 1 }] })).toEqual({
      'lines.0.kind': ['Choose monthly or one-time.'],
      'lines.0.description': ['The description field is required.'],
    });
    expect(errorsOf({ ...base, title: '', lines: [] })).toEqual({
      title: ['The title field is required.'],
      lines: ['Add at least one line.'],
    });
    expect(
      errorsOf({ ...base, lines: [{ kind: 'monthly', description: 'A', quantity: 99_999_999, unit_price: 100_000 }] }),
    ).toEqual({ lines: ['The total is too large.'] });
  });

  it('asks the typed name of whoever answers', () => {
    const parsed = proposalAnswerInputSchema.safeParse({ decision: 'accept', name: '   ' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['Type your name.']);
  });
});
