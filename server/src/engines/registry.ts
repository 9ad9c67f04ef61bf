import type { Logger } from 'pino';
import type { Config } from '../config';
import { createDictionaryEngine, type DictionaryEngine } from './dictionary/engine';
import { createEngineRouter, type EngineRouter } from './router';
import type { TranslationEngine } from './types';

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
  /** Every engine by id, the dictionary included. */
  engines: Map<string, TranslationEngine>;
  close(): Promise<void>;
}

export async function createEngineRegistry(
  config: Config,
  options: { logger: Logger; extraEngines?: ExtraEngines },
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
  return {
    router,
    dictionary,
    engines,
    close: () => router.close(),
  };
}
