// Without zod, so a page that needs only these does not download it (decision 0029).

/** Timeclock status codes of spec 1 §3.5 and §9. */
export const TIMECLOCK_CHECKED_IN = 1;
export const TIMECLOCK_BREAK = 2;
export const TIMECLOCK_LUNCH = 3;
export const TIMECLOCK_TRAVELING = 4;
export const TIMECLOCK_OFFLINE = 5;

export const timeclockStatuses = [
  TIMECLOCK_CHECKED_IN,
  TIMECLOCK_BREAK,
  TIMECLOCK_LUNCH,
  TIMECLOCK_TRAVELING,
  TIMECLOCK_OFFLINE,
] as const;
export type TimeclockStatus = (typeof timeclockStatuses)[number];

/** Labels of the status dropdown, by code. */
export const timeclockStatusLabels: Record<TimeclockStatus, string> = {
  1: 'Checked In',
  2: 'Break',
  3: 'Lunch',
  4: 'Traveling',
  5: 'Offline',
};
