import { describe, expect, it } from 'vitest';
import { pageQuerySchema, paginate, toPage } from './paginate.ts';

describe('pageQuerySchema', () => {
  it('defaults to page 1 of 50 and bounds per_page to 1-500', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, per_page: 50 });
    expect(pageQuerySchema.parse({ page: '3', per_page: '500' })).toEqual({ page: 3, per_page: 500 });
    expect(pageQuerySchema.safeParse({ per_page: '501' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ per_page: '0' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page: '1.5' }).success).toBe(false);
  });
});

describe('toPage', () => {
  it('numbers the rows of a middle page', () => {
    expect(toPage(['c', 'd'], 5, { page: 2, per_page: 2 })).toEqual({
      data: ['c', 'd'],
      total: 5,
      current_page: 2,
      per_page: 2,
      from: 3,
      to: 4,
      last_page: 3,
    });
  });
  it('has null from and to and one last page when empty', () => {
    expect(toPage([], 0, { page: 1, per_page: 50 })).toEqual({
      data: [],
      total: 0,
      current_page: 1,
      per_page: 50,
      from: null,
      to: null,
      last_page: 1,
    });
  });
});

describe('paginate', () => {
  it('asks for the right slice and counts', async () => {
    const asked: [number, number][] = [];
    const page = await paginate(
      { page: 3, per_page: 10 },
      async () => 25,
      async (limit, offset) => {
        asked.push([limit, offset]);
        return [21, 22, 23, 24, 25];
      },
    );
    expect(asked).toEqual([[10, 20]]);
    expect(page).toMatchObject({ total: 25, from: 21, to: 25, last_page: 3 });
  });
});
