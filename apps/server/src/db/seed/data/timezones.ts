/** IANA time zones known to this Node build, labelled with their standard-time UTC offset. */
export interface TimezoneSeed {
  name: string;
  label: string;
}

// Fixed mid-January and mid-July instants keep labels stable: they never depend on the run date.
const JANUARY = new Date(Date.UTC(2025, 0, 15, 12, 0, 0));
const JULY = new Date(Date.UTC(2025, 6, 15, 12, 0, 0));

/**
 * Standard-time offset in minutes east of UTC, e.g. -300 for America/New_York and 600 for Australia/Sydney:
 * daylight saving only ever adds time, so the smaller of the January and July offsets is the standard one
 * in both hemispheres.
 */
export function standardOffsetMinutes(timeZone: string): number {
  return Math.min(offsetMinutesAt(timeZone, JANUARY), offsetMinutesAt(timeZone, JULY));
}

function offsetMinutesAt(timeZone: string, instant: Date): number {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')?.value;
  // 'GMT' alone means +00:00; otherwise 'GMT+05:30' or 'GMT-05:00'.
  const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(part ?? '');
  if (!match || !match[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

export function timezoneLabel(name: string, offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  const minutes = String(abs % 60).padStart(2, '0');
  return `(UTC${sign}${hours}:${minutes}) ${name}`;
}

/** Ordered west to east, then by name, so a fresh database numbers them in the order a picker shows them. */
export function timezoneSeeds(): TimezoneSeed[] {
  const names = new Set(Intl.supportedValuesOf('timeZone'));
  names.add('UTC'); // Node lists only geographic zones; UTC is still a valid, useful choice.
  return [...names]
    .map((name) => ({ name, offset: standardOffsetMinutes(name) }))
    .sort((a, b) => a.offset - b.offset || a.name.localeCompare(b.name))
    .map(({ name, offset }) => ({ name, label: timezoneLabel(name, offset) }));
}
