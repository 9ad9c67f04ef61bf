import type { Logger } from 'pino';
import type { Config } from '../config';
import { statSync } from 'node:fs';
import { BergamotEngine } from './bergamot/engine';
import { discoverModels } from './bergamot/models';
import { createDictionaryEngine, type DictionaryEngine } from './dictionary/engine';
import { createEngineRouter, type EngineRouter } from './router';
import { DOMAINS, type Domain, type Lang, type TranslationEngine } from './types';

/**
 * Builds the translation engines from the configuration and the router over them.
 *
 * The dictionary engine is always there (it reports a pair unsupported when its files
 * are missing). Other engines (Bergamot `local`, `llm`, `libretranslate`, `deepl`,
 * `google`) are built by their adapters and handed in as `extraEngines`: a list, or a
 * function of the config and logger that returns them (and may return none when not
 * configured). Engines missing from the chain are simply skipped by the router.
 */
export type ExtraEngines =
  | TranslationEngine[]
  | ((context: { config: Config; logger: Logger }) => Promise<Array<TranslationEngine | null | undefined>> | Array<TranslationEngine | null | undefined>);

export interface EngineRegistry {
  router: EngineRouter;
  dictionary: DictionaryEngine;
  /** Every engine by id, the dictionary included (kept current by refreshLocal). */
  engines: Map<string, TranslationEngine>;
  /**
   * The engine that answers source->target for the domain right now: the first engine of the
   * domain's chain that is registered and supports the pair, or null when none does.
   * The one place that says so (the "dictionary gloss" notes ask it at request time).
   */
  answering(source: Lang, target: Lang, domain?: Domain): string | null;
  /** Each direction and domain: its chain, and the engine answering now. */
  describe(): Array<{ source: Lang; target: Lang; domain: Domain; chain: string[]; active: string | null }>;
  /**
   * Hot swap: re-reads MODELS_DIR and puts a new local engine in the router (or takes it out).
   * Calls under way finish on the engine they started on, which is closed afterwards.
   */
  refreshLocal(): Promise<{ directions: string[]; changed: boolean }>;
  close(): Promise<void>;
}

export const DIRECTION_PAIRS: ReadonlyArray<{ source: Lang; target: Lang }> = [
  { source: 'en', target: 'ar' },
  { source: 'ar', target: 'en' },
];

export async function createEngineRegistry(
  config: Config,
  options: {
    logger: Logger;
    extraEngines?: ExtraEngines;
    /** Builds the local engine from MODELS_DIR on refresh (default: Bergamot over config.modelsDir). */
    loadLocal?: () => TranslationEngine | null;
  },
): Promise<EngineRegistry> {
  const { logger } = options;
  const dictionary = await createDictionaryEngine({ dir: config.dictDir, logger });
  const extra =
    typeof options.extraEngines === 'function' ? await options.extraEngines({ config, logger }) : (options.extraEngines ?? []);
  const engines = new Map<string, TranslationEngine>();
  for (const engine of extra) if (engine) engines.set(engine.id, engine);
  if (!engines.has(dictionary.id)) engines.set(dictionary.id, dictionary);

  const router = createEngineRouter({
    engines: engines.values(),
    chain: config.engineChain,
    chainByDomain: config.engineChainByDomain,
    llmEngineId: 'llm',
    timeoutMs: { default: config.engineTimeoutMs, dictionary: Math.min(config.engineTimeoutMs, 5_000) },
    retries: config.engineRetries,
    backoffMs: config.engineBackoffMs,
    concurrency: { default: config.engineConcurrency, dictionary: 64 },
    // These apply job.glossary themselves (prompt, look-up, do-not-translate markers); the
    // router protects glossary terms with placeholders only for the others (Bergamot).
    nativeGlossaryEngines: ['llm', 'dictionary', 'deepl', 'google', 'libretranslate'],
    logger,
  });
  logger.info(
    { engines: [...engines.keys()], chain: config.engineChain, dictionary: dictionary.loadedDirections },
    'translation engines ready',
  );
  const loadLocal = options.loadLocal ?? (() => BergamotEngine.fromDirectory(config.modelsDir, { workers: config.bergamotWorkers, logger }));
  const chainOf = (domain: Domain) => config.engineChainByDomain[domain] ?? config.engineChain;
  const supported = (engine: TranslationEngine | undefined) =>
    engine ? DIRECTION_PAIRS.filter((p) => engine.supports(p.source, p.target)).map((p) => `${p.source}-${p.target}`) : [];
  let refreshing: Promise<unknown> = Promise.resolve();
  /** What MODELS_DIR holds (folders, model sizes and times): a refresh with nothing new is a no-op. */
  const fingerprint = () =>
    JSON.stringify(
      [...discoverModels(config.modelsDir).models].map(([key, files]) => {
        const stat = statSync(files.model, { throwIfNoEntry: false });
        return [key, files.dir, stat?.size, stat?.mtimeMs];
      }),
    );
  let loaded = fingerprint();

  return {
    router,
    dictionary,
    engines,
    answering(source, target, domain = 'general') {
      return router.chainFor({ source, target, domain })[0] ?? null;
    },
    describe() {
      return DIRECTION_PAIRS.flatMap(({ source, target }) =>
        DOMAINS.map((domain) => ({ source, target, domain, chain: chainOf(domain), active: router.chainFor({ source, target, domain })[0] ?? null })),
      );
    },
    refreshLocal() {
      // One refresh at a time, so two notifications never leave two engines running.
      const next = refreshing.then(async () => {
        const previous = engines.get('local');
        const now = fingerprint();
        if (now === loaded) return { directions: supported(previous), changed: false };
        loaded = now;
        const fresh = loadLocal();
        if (!fresh && !(previous instanceof BergamotEngine)) return { directions: supported(previous), changed: false };
        if (fresh) engines.set('local', fresh);
        else engines.delete('local');
        router.setEngine('local', fresh);
        logger.info({ engine: 'local', directions: supported(fresh ?? undefined) }, fresh ? 'local engine refreshed from MODELS_DIR' : 'local engine removed (no model in MODELS_DIR)');
        if (previous instanceof BergamotEngine) void previous.retire();
        else if (previous && previous !== fresh) void previous.close?.();
        return { directions: supported(fresh ?? undefined), changed: true };
      });
      refreshing = next.catch(() => {});
      return next;
    },
    close: () => router.close(),
  };
}

export interface DirectionStatus {
  source: Lang;
  target: Lang;
  /** The engine a request would try first now; null when none supports the pair. */
  engine: string | null;
  /** Only the dictionary answers: the output is a word-by-word gloss, not a translation. */
  gloss: boolean;
}

/**
 * Which engine answers each direction now, for the honesty notes of the screens and of
 * produced files. Read from the router at call time, never remembered: models installed
 * while the process runs change the answer at once.
 */
export function directionStatus(registry: Pick<EngineRegistry, 'router'>, domain: Domain = 'general'): DirectionStatus[] {
  return (
    [
      ['en', 'ar'],
      ['ar', 'en'],
    ] as const
  ).map(([source, target]) => {
    const engine = registry.router.chainFor({ source, target, domain })[0] ?? null;
    return { source, target, engine, gloss: engine === 'dictionary' };
  });
}
