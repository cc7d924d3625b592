// The database a benchmark runs on: a database of its own on DATABASE_URL's server (dropped at the end unless
// `keep`), or else an embedded PostgreSQL in `dataDir`.
import pg from 'pg';
import { pino } from 'pino';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';

export interface BenchDatabase {
  url: string;
  stop: () => Promise<void>;
}

export async function openBenchDatabase(options: {
  prefix: string;
  dataDir: string;
  embeddedPort: number;
  keep?: boolean;
}): Promise<BenchDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const embedded = await startEmbeddedPostgres({
      dataDir: options.dataDir,
      port: options.embeddedPort,
      log: pino({ level: 'silent' }),
      unixSocket: true,
    });
    return { url: embedded.url, stop: () => embedded.stop() };
  }
  const name = `${options.prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = base.replace(/\/[^/?]+(\?|$)/, `/${name}$1`);
  return {
    url,
    stop: async () => {
      if (options.keep) return console.log(`kept ${url}`);
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
