// Read config, start the database, build the app, listen, shut down cleanly.
import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { createDb } from './db/client.js';
import { startEmbedded, type EmbeddedDatabase } from './db/embedded.js';
import { runMigrations } from './db/migrate.js';
import { createMailer } from './mail/mailer.js';
import { systemClock } from './clock.js';
import { buildApp } from './app.js';
import { ensureSuperAdmin } from './modules/users/users.service.js';
import { safeErrorText } from './logging.js';
import { StartError, checkDatabaseUrl, ensureDataDir, listenFailure, probePort } from './start-errors.js';

async function main() {
  await loadDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const log = (m: string) => console.log(`[start] ${m}`);

  await ensureDataDir(config.DATA_DIR);
  await probePort(config.HOST, config.PORT);
  let embedded: EmbeddedDatabase | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbedded(config.DATA_DIR, log);
    url = embedded.url;
  } else {
    await checkDatabaseUrl(url);
  }
  await runMigrations(url);
  const db = createDb(url, config.DB_POOL_SIZE);
  const admin = await ensureSuperAdmin(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  if (admin?.generated) {
    log(`created the super admin ${admin.email} with the password: ${admin.generated}`);
    log('this password is shown once: log in and change it.');
  } else if (admin) {
    log(`created the super admin ${admin.email}`);
  }

  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, log });
  const app = await buildApp({ config, db, mailer, clock: systemClock });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    await app.close().catch(() => {});
    await db.$client.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    log('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (e) {
    const failure = listenFailure(e, config.HOST, config.PORT);
    if (!failure) throw e;
    await db.$client.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw failure;
  }
  log(`ready on ${config.APP_URL} (listening on ${config.HOST}:${config.PORT})`);
}

main().catch((e) => {
  if (e instanceof StartError) {
    console.error(e.message);
    process.exit(1);
  }
  // Without a failed query's parameters (e.g. the super admin's password hash and e-mail): logging.ts.
  console.error(safeErrorText(e));
  process.exit(1);
});
