/**
 * npm run models:install                              download the missing models now
 * npm run models:install -- --force                   download them again, even if installed
 * npm run models:install -- <folder or archive> ...   install models you already have
 *
 * Without a folder: the same download the worker does on first start (engines/bergamot/
 * provision.ts), from MODELS_SOURCE_URL (Mozilla's Remote Settings, or a mirror), into MODELS_DIR
 * (default DATA_DIR/models). With DATABASE_URL it takes the same lock as the workers and records
 * its progress for the admin Engines screen; a running Lisan picks the models up by itself.
 *
 * With folders or archives: checks Bergamot (Firefox Translations) models and installs them. See
 * docs/engines.md. Exit status 1 when a model fails a check; nothing is installed from a source
 * that has a failing model.
 */
import { loadConfig } from '../server/src/config';
import { installModels, ModelInstallError } from '../server/src/engines/bergamot/install';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
if (args.some((s) => s === '-h' || s === '--help')) {
  console.log('usage: npm run models:install [-- --force]');
  console.log('         downloads the English->Arabic / Arabic->English models from MODELS_SOURCE_URL into MODELS_DIR');
  console.log('       npm run models:install -- <folder or archive> [more ...]');
  console.log('         installs models you already have (e.g. a checkout of mozilla/firefox-translations-models)');
  process.exit(0);
}

const config = loadConfig(process.env);
const force = args.includes('--force');
const sources = args.filter((arg) => arg !== '--force');

if (!sources.length) {
  // Loaded only for the download (installing a folder needs no database).
  const [{ default: pino }, { CacheBus }, { openDatabase }, { migrate }, { createModelProvisioner }] = await Promise.all([
    import('pino'),
    import('../server/src/db/cache'),
    import('../server/src/db/client'),
    import('../server/src/db/migrate'),
    import('../server/src/engines/bergamot/provision'),
  ]);
  console.log(`downloading models from ${config.models.sourceUrl} into ${config.modelsDir}`);
  // PGlite belongs to the running server: only a PostgreSQL database is shared with it.
  const database = config.databaseUrl ? await openDatabase({ url: config.databaseUrl, poolSize: 2 }) : null;
  if (database) await migrate(database);
  const logger = pino({ level: 'info', base: null, timestamp: false }, pino.destination(1));
  const provisioner = createModelProvisioner({
    db: database?.db,
    modelsDir: config.modelsDir,
    sourceUrl: config.models.sourceUrl,
    autoDownload: false,
    retryMs: config.models.retryMs,
    retryMaxMs: config.models.retryMaxMs,
    logger,
  });
  const result = await provisioner.run({ force });
  // Running processes swap the new models in (the cache bus the workers also use).
  if (database && result.installed.length) await new CacheBus(database, logger).invalidate('engines');
  await database?.close();
  if (result.busy) {
    console.log('another Lisan process is downloading the models right now; see the admin Engines screen');
    process.exit(0);
  }
  for (const direction of result.installed) console.log(`installed ${direction}`);
  for (const direction of result.failed) console.error(`not installed: ${direction} (the reason is logged above)`);
  if (!result.installed.length && !result.failed.length) console.log('the models are installed and current');
  if (result.installed.length && !config.databaseUrl) console.log('Restart Lisan (or press "Check for models" on the admin Engines screen) to use them.');
  process.exit(result.failed.length ? 1 : 0);
}

let failed = false;
for (const source of sources) {
  try {
    const result = await installModels(source, config.modelsDir, { log: (line) => console.log(`  ${line}`) });
    for (const model of result.installed) {
      const scores = model.flores ? ` (FLORES: BLEU ${model.flores.bleu ?? '?'}, COMET ${model.flores.comet ?? '?'})` : '';
      console.log(`installed ${model.source}->${model.target} in ${model.dir}${scores}`);
      console.log(`  test: "${model.sample.input}" -> "${model.sample.output}"`);
    }
    for (const warning of result.warnings) console.warn(`warning: ${warning}`);
  } catch (error) {
    failed = true;
    if (error instanceof ModelInstallError) {
      console.error(`not installed: ${source}`);
      for (const problem of error.problems) console.error(`  - ${problem}`);
    } else {
      console.error(error);
    }
  }
}
if (!failed) console.log('Restart Lisan (or press "Check for models" on the admin Engines screen) to use the installed models.');
process.exit(failed ? 1 : 0);
