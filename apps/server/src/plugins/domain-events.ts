// Domain events within one process (decision 0084): a lower module says what changed, and a higher module that keeps
// something depending on it subscribes, so the lower one never imports the higher (ARCHITECTURE.md, module layers).
// Listeners are kept per app (scoped by its database object, as each test's app has its own) and run one after the
// other in the order they subscribed; the first starts inside the emitter's call, and the emitter awaits them all when
// the work must be done before it answers: an emit behaves as the direct call it replaces.

import type { Transaction } from '../db/client.ts';

/** Work a listener inside the emitter's transaction leaves for after the commit (pushes, mail queues). */
export type AfterCommit = (effect: () => void | Promise<void>) => void;

export interface DomainEvents {
  /** A user's timeclock status changed (the top bar's status dropdown). */
  timeclockChanged: { userId: number };
  /** An invoice or credit note posted (after commit): its PDF revision 00 and its mail follow. */
  invoicePosted: { invoiceId: number; actorId: number | null };
  /**
   * Holidays were added or moved onto these dates (inside the holiday's transaction): HR requests give those days'
   * hours back in it. userId null: company holidays (everyone); else that employee's own day or move.
   */
  holidaysChanged: {
    tx: Transaction;
    dates: string[];
    userId: number | null;
    actorId: number | null;
    afterCommit: AfterCommit;
  };
  /**
   * An account was disabled (inside its transaction): HR withdraws its pending requests, moves its approvals and
   * records the separation (designs/hr.md §7) as asked; HR applies the defaults (today, voluntary) and checks it.
   */
  employeeDisabled: {
    tx: Transaction;
    userId: number;
    actorId: number;
    afterCommit: AfterCommit;
    separation: { date?: string; type?: 'voluntary' | 'involuntary'; reason?: string };
  };
  /** A disabled employee was enabled again (inside its transaction): HR records the rehire (date: today if absent). */
  employeeEnabled: { tx: Transaction; userId: number; actorId: number; date?: string; disabledAt: Date };
  /** An employee was created enabled (inside its transaction): HR records the hire on the start date, else today. */
  employeeCreated: { tx: Transaction; userId: number; actorId: number | null; startDate: string | null };
}

type Listener<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => void | Promise<void>;

const listenersByScope = new WeakMap<object, Map<keyof DomainEvents, Listener<never>[]>>();

/** Calls `listener` on every `event` emitted in this scope (the app's database object) from now on. */
export function onDomainEvent<K extends keyof DomainEvents>(scope: object, event: K, listener: Listener<K>): void {
  let listeners = listenersByScope.get(scope);
  if (!listeners) listenersByScope.set(scope, (listeners = new Map()));
  listeners.set(event, [...(listeners.get(event) ?? []), listener as Listener<never>]);
}

/** Runs the listeners of `event` in this scope one after the other; rejects with the first listener's error. */
export async function emitDomainEvent<K extends keyof DomainEvents>(
  scope: object,
  event: K,
  payload: DomainEvents[K],
): Promise<void> {
  for (const listener of listenersByScope.get(scope)?.get(event) ?? []) await (listener as Listener<K>)(payload);
}

/** Collects a transaction's after-commit work; `run` it once the transaction has committed. */
export function afterCommitQueue(): { afterCommit: AfterCommit; run: () => Promise<void> } {
  const effects: (() => void | Promise<void>)[] = [];
  return {
    afterCommit: (effect) => effects.push(effect),
    run: async () => {
      for (const effect of effects) await effect();
    },
  };
}
