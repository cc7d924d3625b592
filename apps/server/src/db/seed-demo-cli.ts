// `npm run seed:demo`: opens the database as the server does (DATABASE_URL, the running app's embedded PostgreSQL,
// or one of its own in DATA_DIR), brings it up to date (migrations, reference data, permissions), adds the demo
// companies and staff, prints the sign-ins, exits.
import { createLogger } from '../app.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { bootstrapDatabase, formatStartBanner } from './bootstrap.ts';
import { createDatabase } from './client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgresServer } from './embedded.ts';
import { DEMO_PASSWORD, seedDemo, type DemoSeedResult } from './seed/demo.ts';

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

// A command-line tool stays quiet unless LOG_LEVEL asks for more.
const log = createLogger({ logLevel: process.env.LOG_LEVEL ? config.logLevel : 'warn' });
let embedded: EmbeddedPostgresServer | undefined;
let pool: { end(): Promise<void> } | undefined;
let exitCode = 0;

try {
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    // While the app runs, its PostgreSQL of DATA_DIR is used as it is; otherwise the seed starts one of its own.
    const { dataDir, embeddedPgPort: port } = config;
    embedded = await startEmbeddedPostgres({ dataDir, port, log, reuseRunning: true });
    databaseUrl = embedded.url;
  }
  const database = createDatabase(databaseUrl, log, config.databasePoolSize);
  pool = database.pool;
  const administrator = await bootstrapDatabase(database.db, config, log);
  // On a new DATA_DIR the seed creates the administrator; its password would be lost unprinted.
  if (administrator) console.log(`\n${formatStartBanner(null, administrator)}`);
  printResult(await seedDemo(database.db, { dataDir: config.dataDir }));
} catch (error) {
  exitCode = 1;
  console.error(`Demo seed failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await pool?.end().catch(() => {});
  await embedded
    ?.stop()
    .catch((error: unknown) => log.warn({ err: error }, 'embedded PostgreSQL did not stop cleanly'));
}
process.exit(exitCode);

function printResult(result: DemoSeedResult): void {
  const added = [
    `${result.companiesCreated} companies`,
    `${result.clientAccountsCreated} client accounts`,
    `${result.employeesCreated} employees`,
  ].join(', ');
  console.log(`\nDemo data ready (added now: ${added}; existing demo records were left as they were).`);
  console.log(`Every demo account signs in with the password: ${DEMO_PASSWORD}\n`);
  const width = Math.max(...result.signIns.map((signIn) => signIn.email.length));
  console.log('Employees');
  for (const signIn of result.signIns.filter((s) => s.type === 'Employee')) {
    console.log(`  ${signIn.email.padEnd(width)}  ${signIn.name}, ${signIn.title}`);
  }
  console.log('\nClient accounts (the primary contact of each company)');
  for (const signIn of result.signIns.filter((s) => s.type === 'Client')) {
    console.log(`  ${signIn.email.padEnd(width)}  ${signIn.name}, ${signIn.title} at ${signIn.company}`);
  }
  console.log('');
}
