/** Spec 1 §2.4, §9: relative times refresh every 6 seconds. */
export const relativeTimeRefreshMs = 6_000;

const minute = 60;
const hour = 60 * minute;
const day = 24 * hour;
const month = 30 * day;
const year = 365 * day;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * "just now", "5 minutes ago", "in 2 hours", "3 days ago"... from the distance between `value` and `now`.
 * An unreadable date gives an empty string.
 */
export function formatRelativeTime(value: string | number | Date, now: number | Date = Date.now()): string {
  const time = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  const reference = now instanceof Date ? now.getTime() : now;
  if (!Number.isFinite(time)) return '';
  const seconds = Math.round((reference - time) / 1000);
  const distance = Math.abs(seconds);
  if (distance < 45) return 'just now';
  let text: string;
  if (distance < hour) text = plural(Math.max(1, Math.round(distance / minute)), 'minute');
  else if (distance < day) text = plural(Math.round(distance / hour), 'hour');
  else if (distance < month) text = plural(Math.round(distance / day), 'day');
  else if (distance < year) text = plural(Math.round(distance / month), 'month');
  else text = plural(Math.round(distance / year), 'year');
  return seconds >= 0 ? `${text} ago` : `in ${text}`;
}
