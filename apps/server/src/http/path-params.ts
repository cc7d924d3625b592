import { notFound } from '../plugins/errors.ts';

/** A path id that is not a positive 32-bit integer names nothing: 404. */
export function parsePathId(raw: string): number {
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(id <= 2_147_483_647)) throw notFound();
  return id;
}
