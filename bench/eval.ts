// npm run eval: translation quality the way the field measures it. Translates FLORES-101
// devtest, NTREX-128 and TICO-19 (../shared/eval, or EVAL_DIR) in both directions through
// Lisan's engine chain, each configured engine alone, and prints BLEU (13a) and chrF2 next
// to the published systems' outputs scored the same way.
//
//   npm run eval                                  everything (minutes with the dictionary)
//   npm run eval -- --limit 100                   the first 100 sentences of each set
//   npm run eval -- --sets flores101 --directions en-ar --engines dictionary
//   npm run eval -- --split dev                   FLORES-101 dev instead of devtest
//
// Engines come from the usual environment (MODELS_DIR, DICT_DIR, ENGINE_CHAIN, keys).
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../server/src/config';
import { createOptionalEngines } from '../server/src/engines/optional';
import { createEvalRegistries, evaluateSet, type EvalRow } from '../server/src/eval/evaluate';
import { DIRECTIONS, findEvalDir, loadSet, SET_NAMES, type Direction, type SetName } from '../server/src/eval/sets';
import { markdownTable } from './table';

const { values } = parseArgs({
  options: {
    sets: { type: 'string', default: SET_NAMES.join(',') },
    directions: { type: 'string', default: DIRECTIONS.join(',') },
    engines: { type: 'string', default: '' },
    limit: { type: 'string', default: '' },
    split: { type: 'string', default: 'test' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const list = (text: string) => text.split(',').map((item) => item.trim()).filter(Boolean);
const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

if (values.help) {
  console.log('npm run eval -- [--sets flores101,ntrex128,tico19] [--directions en-ar,ar-en] [--engines local,dictionary] [--limit N] [--split test|dev]');
  process.exit(0);
}
const sets = list(values.sets).map((name) => (SET_NAMES.includes(name as SetName) ? (name as SetName) : fail(`Unknown set ${name}: use ${SET_NAMES.join(', ')}`)));
const directions = list(values.directions).map((d) => (DIRECTIONS.includes(d as Direction) ? (d as Direction) : fail(`Unknown direction ${d}: use en-ar, ar-en`)));
const limit = values.limit ? Number(values.limit) : undefined;
if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) fail('--limit takes a positive whole number of sentences');
if (values.split !== 'test' && values.split !== 'dev') fail('--split is test (FLORES-101 devtest) or dev');

const logger = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
const config = loadConfig(process.env);
const dir = findEvalDir();
const engines = createOptionalEngines(config, logger);
const registries = await createEvalRegistries(config, { logger, engines, engineIds: list(values.engines) });
if (!registries.size) fail(`None of the engines ${values.engines || config.engineChain.join(',')} is available`);

const rows: EvalRow[] = [];
try {
  for (const name of sets) {
    for (const direction of directions) {
      const set = loadSet(dir, name, direction, { split: values.split as 'test' | 'dev', limit });
      process.stderr.write(`${name} ${direction}: ${set.sources.length} sentences\n`);
      rows.push(
        ...(await evaluateSet(set, registries, {
          wholeSet: limit === undefined && values.split === 'test',
          onProgress: (engine, done) => process.stderr.write(`\r  ${engine}: ${done}/${set.sources.length}`),
        })),
      );
      process.stderr.write('\n');
    }
  }
} finally {
  await Promise.all(engines.map(async (engine) => engine.close?.()));
}

console.log(
  `\nLisan translation quality (${new Date().toISOString()}; ${values.split === 'test' ? 'FLORES-101 devtest' : 'FLORES-101 dev'}${limit ? `, first ${limit} sentences of each set` : ''}; sacreBLEU defaults: BLEU nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp, chrF2 nc:6|nw:0|space:no)\n`,
);
console.log(
  markdownTable(
    rows.map((row) => {
      const ours = row.system.startsWith('lisan:') ? row.system.slice('lisan:'.length) : null;
      return {
        set: row.set,
        direction: row.direction.replace('-', '->'),
        // Ours in bold; the engines that answered when the chain fell back to another one.
        system: ours ? `**Lisan ${ours}**${row.engines?.join() !== ours ? ` (answered: ${row.engines?.join(', ')})` : ''}` : row.system,
        sentences: String(row.sentences),
        BLEU: row.bleu.toFixed(1),
        chrF2: row.chrf.toFixed(1),
        'published BLEU': row.publishedBleu?.toFixed(1) ?? '',
        seconds: row.seconds?.toFixed(1) ?? '',
      };
    }),
  ),
);
