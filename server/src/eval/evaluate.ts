/**
 * `npm run eval`: translates the shared evaluation sets through Lisan's engine chain and
 * scores them with sacreBLEU's BLEU and chrF2 (metrics.ts), next to the published systems.
 */
import type { Logger } from 'pino';
import type { Config } from '../config';
import { createEngineRegistry, type EngineRegistry } from '../engines/registry';
import { segmentText } from '../engines/segment';
import { createTranslationPipeline } from '../pipeline/pipeline';
import type { Domain, Lang, TranslationEngine } from '../engines/types';
import { corpusBleu, corpusChrf } from './metrics';
import type { EvalSet } from './sets';

/** No translation memory and no glossary: the evaluation scores the engines' own output. */
const NOTHING_STORED = { memory: { hasEntries: async () => false, findMemory: async () => [] }, glossary: { termsFor: async () => [] } };

/**
 * The one place the evaluation calls the engine chain, the way POST /api/translate does
 * (translate/service.ts): each line is a user's text, split into sentences by
 * segmentText, every sentence through the one pipeline (with no translation memory or
 * glossary to read), the translations joined back with the source's separators. Lines go
 * in groups so the router can batch them; the engines see the same sentences either way.
 */
export async function translateLines(
  registry: EngineRegistry,
  lines: readonly string[],
  job: { source: Lang; target: Lang; domain?: Domain },
  onProgress?: (done: number) => void,
): Promise<{ outputs: string[]; engines: string[] }> {
  const GROUP = 64;
  const pipeline = createTranslationPipeline({ router: registry.router, ...NOTHING_STORED, teamOf: async () => null });
  const outputs: string[] = [];
  const engines = new Set<string>();
  for (let start = 0; start < lines.length; start += GROUP) {
    const group = lines.slice(start, start + GROUP).map((line) => segmentText(line, job.source));
    const sentences = group.flatMap((text) => text.segments.map((segment) => segment.text));
    const result = await pipeline.translate({ owner: { userId: null }, segments: sentences, source: job.source, target: job.target, domain: job.domain ?? 'general' });
    for (const engine of result.engines) engines.add(engine);
    let next = 0;
    for (const text of group) {
      outputs.push(text.leading + text.segments.map((segment) => result.segments[next++]!.target + segment.separator).join(''));
    }
    onProgress?.(outputs.length);
  }
  return { outputs, engines: [...engines] };
}

export interface EvalRow {
  set: string;
  direction: string;
  /** `lisan:<engine>` for our engines, the published system's name otherwise. */
  system: string;
  /** Engines that answered (ours only). */
  engines?: string[];
  sentences: number;
  bleu: number;
  chrf: number;
  /** The figure published with the outputs (whole set only). */
  publishedBleu?: number;
  seconds?: number;
}

/**
 * One registry per engine to measure: the configured chain reduced to that engine, over
 * the engines already built (so models load once). `engineIds` empty = every engine of
 * the configured chain that is registered.
 */
export async function createEvalRegistries(
  config: Config,
  options: { logger: Logger; engines: TranslationEngine[]; engineIds?: string[] },
): Promise<Map<string, EngineRegistry>> {
  const registered = new Set([...options.engines.map((engine) => engine.id), 'dictionary']);
  const ids = (options.engineIds?.length ? options.engineIds : config.engineChain).filter((id) => registered.has(id) && id !== 'llm');
  const registries = new Map<string, EngineRegistry>();
  for (const id of [...new Set(ids)]) {
    registries.set(id, await createEngineRegistry({ ...config, engineChain: [id], engineChainByDomain: {} }, { logger: options.logger, extraEngines: options.engines }));
  }
  return registries;
}

/** Scores one set: each of our engines that supports the direction, then the published systems. */
export async function evaluateSet(
  set: EvalSet,
  registries: Map<string, EngineRegistry>,
  options: { wholeSet: boolean; onProgress?: (engine: string, done: number) => void } = { wholeSet: true },
): Promise<EvalRow[]> {
  const rows: EvalRow[] = [];
  const base = { set: set.name, direction: set.direction, sentences: set.sources.length };
  for (const [id, registry] of registries) {
    if (!registry.router.chainFor({ source: set.source, target: set.target, domain: 'general' }).length) continue;
    const started = performance.now();
    const { outputs, engines } = await translateLines(registry, set.sources, set, (done) => options.onProgress?.(id, done));
    rows.push({
      ...base,
      system: `lisan:${id}`,
      engines,
      bleu: corpusBleu(outputs, set.references).score,
      chrf: corpusChrf(outputs, set.references),
      seconds: (performance.now() - started) / 1000,
    });
  }
  const published: EvalRow[] = [];
  for (const system of set.systems) {
    published.push({
      ...base,
      system: system.name,
      bleu: corpusBleu(system.outputs, set.references).score,
      chrf: corpusChrf(system.outputs, set.references),
      ...(options.wholeSet && system.bleu !== undefined ? { publishedBleu: system.bleu } : {}),
    });
  }
  return [...rows, ...published.sort((a, b) => b.bleu - a.bleu)];
}
