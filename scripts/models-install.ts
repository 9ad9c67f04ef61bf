/**
 * npm run models:install -- <folder or archive> [more ...]
 *
 * Checks Bergamot (Firefox Translations) models and installs them into MODELS_DIR
 * (default DATA_DIR/models). See docs/engines.md. Exit status 1 when a model fails a check;
 * nothing is installed from a source that has a failing model.
 */
import { loadConfig } from '../server/src/config';
import { installModels, ModelInstallError } from '../server/src/engines/bergamot/install';

const sources = process.argv.slice(2).filter((arg) => arg !== '--');
if (!sources.length || sources.some((s) => s === '-h' || s === '--help')) {
  console.log('usage: npm run models:install -- <folder or archive> [more ...]');
  console.log('  installs English->Arabic / Arabic->English Bergamot models into MODELS_DIR');
  process.exit(sources.length ? 0 : 2);
}

const config = loadConfig(process.env);
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
if (!failed) console.log('Restart Lisan to use the installed models.');
process.exit(failed ? 1 : 0);
