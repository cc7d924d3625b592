// Issue 28's inventory reads and aged payables after a write (decision 0150), on a database seeded by
// bench/billing-purchasing.ts (BENCH_KEEP_DB=1, then its url here): for the stock list (first page, one location, one
// item), the move history (first page, one item's drawer) and below-reorder, the server's CPU per request (200
// requests one after another through app.inject, process CPU time) and p95 at 50 concurrent clients (wrk or the node
// loader); then aged payables at 10 clients while, every 200 ms, a write that is not a payable (the billing version
// moves) and one that is (the payables version moves too, when it exists).
// Run: BENCH_REUSE_URL=<url> node --import tsx bench/billing-inventory.ts   (BENCH_ONLY picks calls by label, 'a|b'
// any of several; BENCH_SECONDS per call, default 10). Prints a line per call; never fails: compare runs A/B.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { runLoad } from './run-load.ts';

const url = process.env.BENCH_REUSE_URL;
if (!url) throw new Error('BENCH_REUSE_URL: a database seeded by bench/billing-purchasing.ts');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const onlyParts = process.env.BENCH_ONLY?.split('|').filter(Boolean) ?? [];
const only = (label: string) => onlyParts.length === 0 || onlyParts.some((part) => label.includes(part));
const PASSWORD = 'Bench-password-1';

const { db, pool } = createDatabase(url);
const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bench-'));
const config = { ...loadConfig({ DATA_DIR: dataDir }), accessTokenTtlMinutes: 600, jobsEnabled: false };
const app = await buildApp({ db, config, logger: false });
try {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const tokens: string[] = [];
  for (let i = 0; i < 50; i++) {
    const login = await fetch(`${address}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `buyer${i + 1}@bench.test`, password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`signing in buyer${i + 1}: ${login.status}`);
    tokens.push(((await login.json()) as { access_token: string }).access_token);
  }
  const { rows } = await pool.query<{ item: number; location: number; payables: boolean }>(`select
      (select item_id from stock_moves group by 1 order by count(*) desc, 1 limit 1) as item,
      (select min(id) from inventory_locations) as location,
      to_regclass('billing_payables_versions') is not null as payables`);
  const f = rows[0]!;
  const lists: [string, string][] = [
    ['floor: GET /api/health', '/api/health'],
    ['stock, first page', '/api/billing/inventory?page=1'],
    ['stock, one location', `/api/billing/inventory?page=1&location_id=${f.location}`],
    [`stock, one item (${f.item})`, `/api/billing/inventory?item_id=${f.item}&per_page=500`],
    ['stock moves, first page', '/api/billing/inventory/moves?page=1'],
    [`stock moves of one item (${f.item})`, `/api/billing/inventory/moves?page=1&per_page=100&item_id=${f.item}`],
    ['below reorder', '/api/billing/inventory/below-reorder'],
  ].filter(([label]) => label.startsWith('floor') || only(label)) as [string, string][];

  console.log(
    `load average ${(await import('node:os'))
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  for (const [label, path] of lists) {
    const headers = { authorization: `Bearer ${tokens[0]}` };
    for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url: path, headers });
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    let bytes = 0;
    for (let i = 0; i < 200; i++) bytes = (await app.inject({ method: 'GET', url: path, headers })).body.length;
    const used = process.cpuUsage(cpu);
    console.log(
      `${label}: CPU ${((used.user + used.system) / 1000 / 200).toFixed(2)} ms a request, ` +
        `wall ${((performance.now() - t0) / 200).toFixed(2)} ms one at a time, ${bytes} bytes`,
    );
  }
  const results = await runLoad({ address, tokens, concurrency: 50, requests: 1000, paths: lists }, SECONDS);
  const floor = results.find((r) => r.label.startsWith('floor'))?.p95 ?? NaN;
  for (const r of results)
    console.log(
      `${r.label}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${(r.p95 / floor).toFixed(2)} x the floor), ` +
        `${r.requests} requests at 50`,
    );

  const aged: [string, string][] = [
    ['floor: GET /api/health', '/api/health'],
    ['aged payables, today', '/api/billing/reports/agedpayables'],
  ];
  const writes: [string, string][] = [
    ['an invoice write every 200 ms', 'update billing_versions set version = version + 1 where id = 1'],
    [
      'a bill write every 200 ms',
      f.payables
        ? `update billing_versions set version = version + 1 where id = 1;
           update billing_payables_versions set version = version + 1 where id = 1`
        : 'update billing_versions set version = version + 1 where id = 1',
    ],
  ];
  for (const [write, statement] of writes) {
    if (!only('aged')) break;
    const timer = setInterval(() => void pool.query(statement), 200);
    try {
      const served = await runLoad({ address, tokens, concurrency: 10, requests: 1000, paths: aged }, SECONDS);
      const base = served[0]!.p95;
      for (const r of served.slice(1))
        console.log(
          `${r.label}, ${write}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms ` +
            `(${(r.p95 / base).toFixed(2)} x the floor), ${r.requests} requests at 10`,
        );
    } finally {
      clearInterval(timer);
    }
  }
} finally {
  await app.close();
  await pool.end();
}
