// The queue's short forms (decision 0064): a row reads without hovering at 1440 px, so ages and names are compact;
// the full value stays in the cell's title.

const minute = 60;
const hour = 60 * minute;
const day = 24 * hour;

/** "now", "12m", "5h", "3d", "2mo", "1y": a ticket's age or last change in a few characters. */
export function compactAge(value: string, now: number): string {
  const time = Date.parse(value);
  if (!Number.isFinite(time)) return '';
  const seconds = Math.max(0, Math.round((now - time) / 1000));
  if (seconds < minute) return 'now';
  if (seconds < hour) return `${Math.floor(seconds / minute)}m`;
  if (seconds < day) return `${Math.floor(seconds / hour)}h`;
  if (seconds < 30 * day) return `${Math.floor(seconds / day)}d`;
  if (seconds < 365 * day) return `${Math.floor(seconds / (30 * day))}mo`;
  return `${Math.floor(seconds / (365 * day))}y`;
}

/** "Tess Tech" as "Tess T.": technicians are known by first name in a queue. */
export function shortPersonName(name: string): string {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return name;
  return `${words[0]} ${words[words.length - 1]!.charAt(0)}.`;
}

const legalSuffix =
  /[,\s]+(inc|incorporated|llc|l\.l\.c|ltd|limited|corp|corporation|co|company|plc|gmbh|pllc|llp|lp)\.?$/i;

/** A company's name without its legal form ("Harbor Clinic, LLC" reads "Harbor Clinic"). */
export function shortCompanyName(name: string): string {
  const short = name.replace(legalSuffix, '').trim();
  return short.length > 0 ? short : name;
}
