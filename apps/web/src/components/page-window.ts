/** Spec 1 §2.4, §9: the pagination widget shows a window of 5 page numbers (3 for accounts, employees, sessions). */
export const defaultPageWindowSize = 5;
export const defaultPerPage = 50;
export const minPerPage = 1;
export const maxPerPage = 500;

/**
 * The page numbers to show: `size` consecutive pages with the current one centred where possible, shifted to stay
 * within 1..lastPage, fewer when there are fewer pages.
 */
export function pageWindow(currentPage: number, lastPage: number, size: number = defaultPageWindowSize): number[] {
  const last = Math.max(1, Math.floor(lastPage));
  const width = Math.max(1, Math.min(Math.floor(size), last));
  const current = Math.min(Math.max(1, Math.floor(currentPage)), last);
  let start = current - Math.floor((width - 1) / 2);
  start = Math.max(1, Math.min(start, last - width + 1));
  return Array.from({ length: width }, (_, index) => start + index);
}

/** A typed page length, clamped to 1..500; anything that is not a number gives the default 50. */
export function clampPerPage(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return defaultPerPage;
  return Math.min(maxPerPage, Math.max(minPerPage, Math.round(number)));
}
