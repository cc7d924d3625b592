/** Time since the current status began, as H:MM:SS (hours grow past 24); empty without a start. */
export function formatElapsed(startTime: string | null | undefined, now: number): string {
  if (!startTime) return '';
  const start = Date.parse(startTime);
  if (!Number.isFinite(start)) return '';
  const total = Math.max(0, Math.floor((now - start) / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
