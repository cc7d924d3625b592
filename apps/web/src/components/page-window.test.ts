import { describe, expect, it } from 'vitest';
import { clampPerPage, pageWindow } from './page-window.ts';

describe('pageWindow (spec 1 §2.4, §9: a window of 5 page numbers, 3 where the spec says so)', () => {
  it('centres the current page in a window of 5', () => {
    expect(pageWindow(6, 20)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 20, 5)).toEqual([8, 9, 10, 11, 12]);
  });

  it('stays inside the first and last pages', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('shows fewer pages when there are fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([1]);
  });

  it('uses a window of 3 when asked', () => {
    expect(pageWindow(5, 10, 3)).toEqual([4, 5, 6]);
    expect(pageWindow(1, 10, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 10, 3)).toEqual([8, 9, 10]);
  });

  it('brings an out-of-range current page back inside', () => {
    expect(pageWindow(50, 7)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(-3, 7)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('clampPerPage (page length 1 to 500, default 50)', () => {
  it('keeps values in range and clamps the rest', () => {
    expect(clampPerPage(25)).toBe(25);
    expect(clampPerPage(0)).toBe(1);
    expect(clampPerPage(501)).toBe(500);
    expect(clampPerPage('120')).toBe(120);
    expect(clampPerPage(12.6)).toBe(13);
  });

  it('falls back to 50 for what is not a number', () => {
    expect(clampPerPage('abc')).toBe(50);
    expect(clampPerPage(undefined)).toBe(50);
  });
});
