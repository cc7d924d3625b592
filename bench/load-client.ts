// Load generator of the benchmarks, run in its own process so its CPU is not counted inside the server's event loop.
// Input (argv[2], JSON): { address, tokens, concurrency, requests, paths: [label, pathTemplate][] } where a path
// template's {rand:N} becomes a random integer from 1 to N; client i signs its requests with tokens[i % length].
// Output (stdout, JSON): { label, times[] }[]. Plain http.request on keep-alive sockets: it costs the shared
// CPU much less than fetch, so the server's numbers are not the load generator's.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

interface LoadInput {
  address: string;
  tokens: string[];
  concurrency: number;
  requests: number;
  paths: [string, string][];
}

const input = JSON.parse(process.argv[2]!) as LoadInput;
const expand = (template: string) =>
  template.replace(/\{rand:(\d+)\}/g, (_, n: string) => String(1 + Math.floor(Math.random() * Number(n))));
const agent = new Agent({ keepAlive: true, maxSockets: input.concurrency });
const { hostname, port } = new URL(input.address);

/** One GET; resolves with the status once the whole body has arrived. */
function get(path: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ agent, hostname, port, path, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const results: { label: string; times: number[] }[] = [];
for (const [label, template] of input.paths) {
  // A short warm-up per call: first plans and JIT are not what a user waits for all day.
  for (let i = 0; i < 20; i += 1) await get(expand(template), input.tokens[i % input.tokens.length]!);
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: input.concurrency }, async (_, client) => {
      const token = input.tokens[client % input.tokens.length]!;
      while (next < input.requests) {
        next += 1;
        const t0 = performance.now();
        const status = await get(expand(template), token);
        if (status !== 200) throw new Error(`${label}: HTTP ${status}`);
        times.push(performance.now() - t0);
      }
    }),
  );
  results.push({ label, times });
}
agent.destroy();
process.stdout.write(JSON.stringify(results));
