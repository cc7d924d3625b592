import type { AppInstance } from './app-instance.ts';
import { buildApp, createLogger } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { bootstrapDatabase, formatStartBanner } from './db/bootstrap.ts';
import { createDatabase } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgresServer } from './db/embedded.ts';
import { startInboundMail } from './plugins/inbound-mail.ts';

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const log = createLogger(config);
let embedded: EmbeddedPostgresServer | undefined;
let pool: { end(): Promise<void> } | undefined;
let app: AppInstance | undefined;
let inbound: { stop(): Promise<void> } | null = null;
let stopping = false;

async function shutdown(signal: string): Promise<void> {
  if (stopping) {
    log.warn({ signal }, 'second signal: exiting now');
    process.exit(1);
  }
  stopping = true;
  log.info({ signal }, 'shutting down');
  try {
    await inbound?.stop();
    await app?.close();
    await pool?.end();
    await embedded?.stop();
    process.exit(0);
  } catch (error) {
    log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// Under `npm start` the server has a process group of its own: when its launcher is killed, nothing else stops it.
const launcherPid = Number(process.env.SWITCHBOARD_LAUNCHER_PID);
if (launcherPid > 0) {
  setInterval(() => {
    if (process.ppid !== launcherPid) void shutdown('launcher exited');
  }, 1000).unref();
}

try {
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, log });
    databaseUrl = embedded.url;
  }
  const database = createDatabase(databaseUrl, log, config.databasePoolSize);
  pool = database.pool;
  const administrator = await bootstrapDatabase(database.db, config, log);
  app = await buildApp({ db: database.db, config, logger: log });
  await app.listen({ port: config.port, host: config.host });
  inbound = await startInboundMail(app);
  console.log(`
${formatStartBanner(`http://${shownHost(config.host)}:${config.port}`, administrator)}
`);
} catch (error) {
  log.fatal({ err: error }, 'could not start');
  await app?.close().catch(() => {});
  await pool?.end().catch(() => {});
  await embedded?.stop().catch(() => {});
  process.exit(1);
}

function shownHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
