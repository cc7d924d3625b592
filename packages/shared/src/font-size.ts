// Without zod, so a page that needs only these does not download it (decision 0029).

export const FONT_SIZE_MIN = 50;
export const FONT_SIZE_MAX = 200;
/** Spec 1 §3.2: font_size is a percent applied as a 0.8/100 scale, i.e. root font size = font_size * 0.8 / 100 rem. */
export const FONT_SIZE_SCALE = 0.8 / 100;

/** Root font size in rem for a font_size percent (spec 1 §3.2: a 0.8/100 scale). */
export function rootFontSizeRem(fontSize: number): number {
  return fontSize * FONT_SIZE_SCALE;
}
