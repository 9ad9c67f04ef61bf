import { buildApp } from './app';
import { missingCompiledEntries } from './compiled';
import { ConfigError, loadConfig, mailLinksWarning } from './config';
import { createContainer, type ProcessRole } from './container';
import { closeHttp } from './http/in-flight';
import { installShutdown, tolerateClosedOutput } from './shutdown';

/**
 * Process entry. `all` (default): API, worker and web app in one process. `api` and
 * `worker` split them for scale-out; both need DATABASE_URL (PGlite belongs to one process).
 */
async function main() {
  tolerateClosedOutput();
  const role = (process.argv[2] ?? 'all') as ProcessRole;
  if (!['all', 'api', 'worker'].includes(role)) {
    console.error(`Unknown process role "${role}": use all, api or worker`);
    process.exit(2);
  }
  const missing = missingCompiledEntries();
  if (missing.length) {
    console.error(`The compiled server is incomplete (${missing.join(', ')} missing beside it): run npm run build`);
    process.exit(1);
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (role !== 'all' && !config.databaseUrl) {
    console.error(`Invalid environment variable DATABASE_URL: the ${role} role needs PostgreSQL (PGlite serves a single process)`);
    process.exit(1);
  }

  const container = await createContainer(config, role);
  const { logger } = container;
  const mailWarning = mailLinksWarning(config);
  if (mailWarning) logger.warn(mailWarning);
  await container.users.bootstrapAdmin({ email: config.adminEmail, password: config.adminPassword, name: config.adminName, locale: config.adminLocale });
  await container.start();

  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  if (role !== 'worker') {
    app = await buildApp(container);
    await app.listen({ port: config.port, host: config.host });
    // The crawler never fetches Lisan itself: the bound port (PORT=0 picks one) joins the guard's.
    const bound = app.server.address();
    if (bound && typeof bound === 'object') container.webFetchPolicy.self.ports.add(bound.port);
    logger.info(`Lisan is running at ${config.appUrl} (${container.database.kind}, role ${role})`);
  } else {
    logger.info('Lisan worker started');
  }

  installShutdown({
    logger,
    graceMs: config.shutdownGraceMs,
    // Requests in flight get half the grace; the queue's jobs, pending batches and the
    // database close in the rest (container.close).
    drain: async () => {
      if (app) await closeHttp(app, config.shutdownGraceMs / 2);
      await container.close();
    },
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
