import type pg from 'pg';

/**
 * Records every query sent on a pooled client while another query of that client is still running: what
 * `Promise.all` over a transaction's queries does (pg queues them today with a deprecation warning, and its next major
 * refuses them). Watches the clients the pool hands out from now on (transactions take theirs with connect()).
 */
export function watchQueryOverlap(pool: pg.Pool): { overlaps: string[]; stop(): void } {
  const overlaps: string[] = [];
  const wrapped = new Map<pg.PoolClient, pg.PoolClient['query']>();
  let watching = true;
  const onAcquire = (client: pg.PoolClient) => {
    if (wrapped.has(client)) return;
    const original = client.query;
    wrapped.set(client, original);
    let running = 0;
    client.query = function (this: pg.PoolClient, ...args: unknown[]) {
      const first = args[0] as string | { text?: string } | undefined;
      if (watching && running > 0) overlaps.push(typeof first === 'string' ? first : (first?.text ?? '?'));
      const result = (original as (...rest: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise) {
        running += 1;
        const done = () => (running -= 1);
        result.then(done, done);
      }
      return result;
    } as pg.PoolClient['query'];
  };
  pool.on('acquire', onAcquire);
  return {
    overlaps,
    stop() {
      watching = false;
      pool.off('acquire', onAcquire);
      for (const [client, original] of wrapped) client.query = original;
    },
  };
}
