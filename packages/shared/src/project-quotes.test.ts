import { describe, expect, it } from 'vitest';
import { isQuoteCompleted, productRequirementsInputSchema, quotesBlockClosing } from './project-quotes.ts';

// Decision 0047: which quotes count as completed, and the Labor Quote Approval gate the step card shows.

describe('isQuoteCompleted', () => {
  it('counts issued quotes (sent, accepted, converted) and not drafts, declined or expired ones', () => {
    expect(['draft', 'sent', 'accepted', 'declined', 'expired', 'converted'].filter(isQuoteCompleted)).toEqual([
      'sent',
      'accepted',
      'converted',
    ]);
  });
});

describe('quotesBlockClosing', () => {
  const done = { completed: true };
  it("answers Can't close until all quotes completed. while a quote is open or a requirement has none", () => {
    const message = "Can't close until all quotes completed.";
    expect(quotesBlockClosing({ product_requirements: [], quotes: [] })).toBeNull();
    expect(quotesBlockClosing({ product_requirements: [{ quote_id: 1 }], quotes: [done] })).toBeNull();
    expect(quotesBlockClosing({ product_requirements: [{ quote_id: 1 }], quotes: [done, { completed: false }] })).toBe(
      message,
    );
    expect(quotesBlockClosing({ product_requirements: [{ quote_id: null }], quotes: [] })).toBe(message);
  });
});

describe('productRequirementsInputSchema', () => {
  it('takes options 1 to 10 (numbers or their text) and a trimmed product', () => {
    const parsed = productRequirementsInputSchema.parse({
      project_id: '3',
      products: [
        { option: '1', product: ' Firewall ' },
        { id: 4, option: 10, product: 'Rack', quote_id: 9 },
      ],
    });
    expect(parsed).toEqual({
      project_id: 3,
      products: [
        { id: null, option: 1, product: 'Firewall', quote_id: null },
        { id: 4, option: 10, product: 'Rack', quote_id: 9 },
      ],
    });
    for (const option of [0, 11, 1.5, 'x', null]) {
      expect(
        productRequirementsInputSchema.safeParse({ project_id: 3, products: [{ option, product: 'A' }] }).success,
      ).toBe(false);
    }
  });
});
