/**
 * Only one tab holds the phone (design §3.3), so an incoming call never rings twice. The holder keeps a Web Lock for
 * as long as it holds the phone (the browser frees it when the tab closes); other tabs show 'Phone active in another
 * tab' and 'Use here', which asks the holder over a BroadcastChannel to let go and then waits for the lock.
 */
export type TabRole = 'pending' | 'holder' | 'elsewhere';

const lockName = 'switchboard-softphone';
const channelName = 'switchboard-softphone';

interface TakeMessage {
  type: 'take';
  from: string;
}

export interface TabElection {
  /** Asks the holder to let go and takes the phone here. */
  useHere(): void;
  close(): void;
}

export function electPhoneTab(onRole: (role: TabRole) => void): TabElection {
  const tabId = Math.random().toString(36).slice(2);
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(channelName) : null;
  let release: (() => void) | null = null;
  let closed = false;
  let waiting = false;

  // Without Web Locks (old browsers, unit tests) every tab holds its own phone.
  if (!locks) {
    onRole('holder');
    return { useHere: () => undefined, close: () => channel?.close() };
  }

  const hold = (lock: Lock | null): Promise<void> | undefined => {
    if (!lock) {
      if (!closed) onRole('elsewhere');
      return undefined;
    }
    if (closed) return undefined;
    onRole('holder');
    return new Promise<void>((resolve) => {
      release = () => {
        release = null;
        resolve();
      };
    });
  };

  void locks.request(lockName, { ifAvailable: true }, hold);

  if (channel) {
    channel.onmessage = (message: MessageEvent<TakeMessage>) => {
      if (message.data?.type !== 'take' || message.data.from === tabId || !release) return;
      onRole('elsewhere');
      release();
    };
  }

  return {
    useHere() {
      if (closed || release || waiting) return;
      waiting = true;
      onRole('pending');
      void locks
        .request(lockName, (lock) => {
          waiting = false;
          return hold(lock);
        })
        .catch(() => undefined);
      channel?.postMessage({ type: 'take', from: tabId } satisfies TakeMessage);
    },
    close() {
      closed = true;
      release?.();
      channel?.close();
    },
  };
}
