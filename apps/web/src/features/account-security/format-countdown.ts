/**
 * The shadow banner's live countdown to the re-auth code's expires_at (spec 1 §2.4): 'm:ss' under an hour,
 * 'h:mm:ss' from an hour on, '0:00' once the time has come (never negative).
 */
export function formatCountdown(milliseconds: number): string {
  const totalSeconds = Number.isFinite(milliseconds) ? Math.max(0, Math.ceil(milliseconds / 1000)) : 0;
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const ss = String(seconds).padStart(2, '0');
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, '0')}:${ss}`;
  return `${minutes}:${ss}`;
}

/** Milliseconds from `now` until the ISO time `expiresAt`; 0 when it is past or unreadable. */
export function millisecondsUntil(expiresAt: string | null | undefined, now: number): number {
  if (!expiresAt) return 0;
  const end = Date.parse(expiresAt);
  return Number.isNaN(end) ? 0 : Math.max(0, end - now);
}
