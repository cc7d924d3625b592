import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

// The load every API benchmark puts on its calls: wrk when it is installed (bench/wrk-load.lua), else a child process
// (bench/load-client.ts; BENCH_LOADER=node forces it). Each client signs its requests with its own token.

export interface LoadInput {
  address: string;
  tokens: string[];
  concurrency: number;
  requests: number;
  /** [label, path template] pairs; `{rand:N}` in a template is a random number from 1 to N. */
  paths: [string, string][];
}
export interface LoadResult {
  label: string;
  p50: number;
  p95: number;
  max: number;
  requests: number;
}

/** Each call's latencies under load, `seconds` per call with wrk after a 3 s warm-up. */
export async function runLoad(input: LoadInput, seconds: number): Promise<LoadResult[]> {
  const run = promisify(execFile);
  const hasWrk =
    process.env.BENCH_LOADER !== 'node' &&
    (await run('wrk', ['-v']).then(
      () => true,
      (error: { code?: unknown }) => error.code !== 'ENOENT',
    ));
  if (hasWrk) {
    console.log(`load: wrk, ${seconds} s per call`);
    const results: LoadResult[] = [];
    const script = new URL('./wrk-load.lua', import.meta.url).pathname;
    for (const [label, template] of input.paths) {
      const wrk = (duration: number) =>
        run(
          'wrk',
          [
            '-t1',
            `-c${input.concurrency}`,
            `-d${duration}s`,
            '-s',
            script,
            input.address,
            '--',
            template,
            ...input.tokens,
          ],
          { maxBuffer: 16 * 1024 * 1024 },
        );
      await wrk(3); // warm-up: first plans and JIT are not what a user waits for all day
      const summary = JSON.parse((await wrk(seconds)).stdout.trim().split('\n').at(-1)!) as Omit<
        LoadResult,
        'label'
      > & {
        failed: number;
        statusErrors: number;
        timeouts: number;
      };
      // A wrong answer fails the run; answers over wrk's 2 s are counted, so an overloaded machine still prints figures.
      if (summary.statusErrors > 0) throw new Error(`${label}: ${summary.statusErrors} answers were not 2xx/3xx`);
      if (summary.timeouts > 0) console.log(`      ${label}: ${summary.timeouts} requests over wrk's 2 s`);
      results.push({ label, ...summary });
    }
    return results;
  }
  console.log('load: bench/load-client.ts (install wrk for a lighter load generator)');
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', new URL('./load-client.ts', import.meta.url).pathname, JSON.stringify(input)],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return (JSON.parse(stdout) as { label: string; times: number[] }[]).map(({ label, times }) => {
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    return { label, p50: at(0.5), p95: at(0.95), max: times.at(-1)!, requests: times.length };
  });
}
