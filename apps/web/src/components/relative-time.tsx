import { Text, type TextProps } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { formatRelativeTime, relativeTimeRefreshMs } from './relative-time-format.ts';

// One clock for every relative time on the page: it ticks every 6 seconds while anything shows one.
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const each of listeners) each();
    }, relativeTimeRefreshMs);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The current time, refreshed every 6 seconds (spec 1 §9). */
export function useRelativeNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}

interface RelativeTimeProps extends Omit<TextProps, 'children'> {
  /** ISO 8601 text, epoch milliseconds or a Date. */
  value: string | number | Date;
}

/** "5 minutes ago", kept current (spec 1 §2.4); the exact date and time show on hover and to assistive tech. */
export function RelativeTime({ value, ...textProps }: RelativeTimeProps) {
  const current = useRelativeNow();
  const date = value instanceof Date ? value : new Date(value);
  const valid = !Number.isNaN(date.getTime());
  // The shared clock may lag up to 6 s behind a value that just arrived: never say "in a few seconds" for it.
  const text = valid ? formatRelativeTime(date, Math.max(current, Math.min(Date.now(), date.getTime()))) : '';
  return (
    <Text
      component="time"
      dateTime={valid ? date.toISOString() : undefined}
      title={valid ? date.toLocaleString() : undefined}
      inherit
      {...textProps}
    >
      {text}
    </Text>
  );
}
