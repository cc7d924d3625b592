import { afterEach, describe, expect, it, vi } from 'vitest';
import { electPhoneTab, type TabRole } from './tab-election.ts';

// Web Locks as the browser grants them: one holder per name, waiters in order, ifAvailable answers null at once.
function installLocks() {
  let held = false;
  const waiting: (() => void)[] = [];
  const locks = {
    request(_name: string, optionsOrCallback: unknown, maybeCallback?: (lock: unknown) => unknown) {
      const options = typeof optionsOrCallback === 'function' ? {} : (optionsOrCallback as { ifAvailable?: boolean });
      const callback = (maybeCallback ?? optionsOrCallback) as (lock: unknown) => unknown;
      const run = async () => {
        held = true;
        await callback({ name: 'switchboard-softphone' });
        held = false;
        waiting.shift()?.();
      };
      if (!held) return run();
      if (options.ifAvailable) return Promise.resolve(callback(null));
      return new Promise<void>((resolve) => waiting.push(() => void run().then(resolve)));
    },
  };
  vi.stubGlobal('navigator', { ...navigator, locks });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('one tab holds the phone (design §3.3)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the first tab holds it, the second is told the phone is elsewhere; Use here moves it', async () => {
    installLocks();
    const first: TabRole[] = [];
    const second: TabRole[] = [];
    const a = electPhoneTab((role) => first.push(role));
    await settle();
    const b = electPhoneTab((role) => second.push(role));
    await settle();
    expect(first).toEqual(['holder']);
    expect(second).toEqual(['elsewhere']);
    b.useHere();
    await settle();
    expect(first).toEqual(['holder', 'elsewhere']);
    expect(second).toEqual(['elsewhere', 'pending', 'holder']);
    a.close();
    b.close();
  });

  it('without Web Locks every tab holds its own phone', () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined });
    const roles: TabRole[] = [];
    electPhoneTab((role) => roles.push(role)).close();
    expect(roles).toEqual(['holder']);
  });
});
