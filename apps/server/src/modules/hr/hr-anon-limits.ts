import { createHmac, randomBytes } from 'node:crypto';
import { anonMessages } from '@switchboard/shared/hr/anon';
import { HttpError } from '../../plugins/errors.ts';

// The anonymous routes' limits (designs/hr.md §4; decision 0105). The database rate limiter stores addresses, so
// these live in this process's memory only: a caller is an HMAC of its address under a random key that is replaced
// every hour and never written anywhere, and global caps bound what all callers together may do.

export type AnonAction = 'report' | 'lookup';

interface Rule {
  perCaller: number;
  global: number;
  windowMs: number;
}

export const anonLimitRules: Record<AnonAction, Rule> = {
  // 30 reports an hour per process (the design's cap); one person sends a few at most.
  report: { perCaller: 5, global: 30, windowMs: 60 * 60_000 },
  // Lookups and the reporter's answers: 60 a minute per process; a code has 100 bits, guessing gets nowhere.
  lookup: { perCaller: 10, global: 60, windowMs: 60_000 },
};

interface Window {
  startedAt: number;
  count: number;
}

export class AnonLimiter {
  private key = randomBytes(32);
  private keyHour = -1;
  private readonly callers = new Map<string, Window>();
  private readonly totals = new Map<AnonAction, Window>();

  constructor(
    private readonly rules: Record<AnonAction, Rule> = anonLimitRules,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one call and decides in the same step (no await between): throws 429 past either limit. */
  take(action: AnonAction, address: string): void {
    const now = this.clock();
    this.rotate(now);
    const rule = this.rules[action];
    const caller = `${action}:${createHmac('sha256', this.key).update(address).digest('base64url')}`;
    const total = this.windowOf(this.totals, action, rule, now);
    const own = this.windowOf(this.callers, caller, rule, now);
    if (total.count >= rule.global || own.count >= rule.perCaller) throw new HttpError(429, anonMessages.tooMany);
    total.count += 1;
    own.count += 1;
  }

  /** Callers counted now (tests; never their addresses, which are nowhere). */
  get trackedCallers(): number {
    return this.callers.size;
  }

  // A new key each hour: yesterday's keyed addresses can no longer be matched to anything, so they are dropped.
  private rotate(now: number): void {
    const hour = Math.floor(now / 3_600_000);
    if (hour === this.keyHour) return;
    this.keyHour = hour;
    this.key = randomBytes(32);
    this.callers.clear();
  }

  private windowOf<K>(map: Map<K, Window>, key: K, rule: Rule, now: number): Window {
    let window = map.get(key);
    if (!window || now - window.startedAt >= rule.windowMs) {
      window = { startedAt: now, count: 0 };
      map.set(key, window);
    }
    return window;
  }
}
