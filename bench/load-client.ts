// Load generator of the benchmarks, run in its own process so its CPU is not counted inside the server's event loop.
// Input (argv[2], JSON): { address, headers, concurrency, requests, paths: [label, pathTemplate][] } where a path
// template's {rand:N} becomes a random integer from 1 to N. Output (stdout, JSON): { label, times[] }[].
import { performance } from 'node:perf_hooks';

interface LoadInput {
  address: string;
  headers: Record<string, string>;
  concurrency: number;
  requests: number;
  paths: [string, string][];
}

const input = JSON.parse(process.argv[2]!) as LoadInput;
const expand = (template: string) => template.replace(/\{rand:(\d+)\}/g, (_, n: string) => String(1 + Math.floor(Math.random() * Number(n))));

const results: { label: string; times: number[] }[] = [];
for (const [label, template] of input.paths) {
  // A short warm-up per call: first plans and JIT are not what a user waits for all day.
  for (let i = 0; i < 20; i += 1) await (await fetch(`${input.address}${expand(template)}`, { headers: input.headers })).arrayBuffer();
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: input.concurrency }, async () => {
      while (next < input.requests) {
        next += 1;
        const t0 = performance.now();
        const response = await fetch(`${input.address}${expand(template)}`, { headers: input.headers });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${label}: HTTP ${response.status}`);
        times.push(performance.now() - t0);
      }
    }),
  );
  results.push({ label, times });
}
process.stdout.write(JSON.stringify(results));
