import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createContainer, type ProcessRole } from './container';

/**
 * Process entry. `all` (default): API, worker and web app in one process. `api` and
 * `worker` split them for scale-out; both need DATABASE_URL (PGlite belongs to one process).
 */
async function main() {
  const role = (process.argv[2] ?? 'all') as ProcessRole;
  if (!['all', 'api', 'worker'].includes(role)) {
    console.error(`Unknown process role "${role}": use all, api or worker`);
    process.exit(2);
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
  await container.users.bootstrapAdmin({ email: config.adminEmail, password: config.adminPassword });
  await container.start();

  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  if (role !== 'worker') {
    app = await buildApp(container);
    await app.listen({ port: config.port, host: config.host });
    logger.info(`Lisan is running at ${config.appUrl} (${container.database.kind}, role ${role})`);
  } else {
    logger.info('Lisan worker started');
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app?.close();
    await container.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
