import { buildApp, createLogger, type AppInstance } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { bootstrapDatabase } from './db/bootstrap.ts';
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

try {
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, log });
    databaseUrl = embedded.url;
  }
  const database = createDatabase(databaseUrl, log, config.databasePoolSize);
  pool = database.pool;
  await bootstrapDatabase(database.db, config, log);
  app = await buildApp({ db: database.db, config, logger: log });
  await app.listen({ port: config.port, host: config.host });
  inbound = await startInboundMail(app, config.inboundSmtpPort, config.host);
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  log.info(`Switchboard is running at http://${shownHost}:${config.port}`);
} catch (error) {
  log.fatal({ err: error }, 'could not start');
  await app?.close().catch(() => {});
  await pool?.end().catch(() => {});
  await embedded?.stop().catch(() => {});
  process.exit(1);
}
