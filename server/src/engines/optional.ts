/**
 * The engines that exist only when configured or installed, for the engine registry:
 *   local           Bergamot, when MODELS_DIR holds an en->ar and/or ar->en model
 *   deepl           when DEEPL_API_KEY is set
 *   google          v3 when GOOGLE_TRANSLATE_CREDENTIALS (service account key) is set,
 *                   else v2 when GOOGLE_TRANSLATE_API_KEY is set
 *   libretranslate  when LIBRETRANSLATE_URL is set
 *   llm             when LLM_BASE_URL is set (the LLM mode)
 * The embedded dictionary engine is not among them: it is always there.
 */
import type { Logger } from 'pino';
import type { Config } from '../config';
import { BergamotEngine } from './bergamot/engine';
import { LlmEngine } from './llm/engine';
import { DeepLEngine } from './remote/deepl';
import { GoogleTranslateEngine } from './remote/google';
import { GoogleTranslateV3Engine } from './remote/google-v3';
import { LibreTranslateEngine } from './remote/libretranslate';
import type { TranslationEngine } from './types';

export function createOptionalEngines(
  config: Config,
  logger: Pick<Logger, 'info' | 'warn' | 'error'>,
): TranslationEngine[] {
  const engines: TranslationEngine[] = [];
  const timeoutMs = config.engineHttpTimeoutMs;

  const local = BergamotEngine.fromDirectory(config.modelsDir, { workers: config.bergamotWorkers, logger });
  if (local) engines.push(local);

  if (config.deepl) engines.push(new DeepLEngine({ ...config.deepl, timeoutMs }));
  if (config.google?.version === 'v2') engines.push(new GoogleTranslateEngine({ ...config.google, timeoutMs }));
  if (config.google?.version === 'v3') {
    try {
      engines.push(new GoogleTranslateV3Engine({ ...config.google, timeoutMs }));
    } catch (error) {
      logger.error({ engine: 'google' }, `Google Cloud Translation v3 disabled: ${(error as Error).message}`);
    }
  }
  if (config.libreTranslate) engines.push(new LibreTranslateEngine({ ...config.libreTranslate, timeoutMs }));
  if (config.llm) engines.push(new LlmEngine({ ...config.llm, timeoutMs }));

  const described = engines.map((engine) => {
    if (engine instanceof BergamotEngine) {
      const pairs = (['en-ar', 'ar-en'] as const).filter((p) => engine.supports(p.slice(0, 2) as 'en', p.slice(3) as 'ar'));
      return `local (${pairs.join(', ')})`;
    }
    return engine.id;
  });
  logger.info({ engines: described, modelsDir: config.modelsDir }, described.length ? `optional engines: ${described.join(', ')}` : 'no optional engine configured');
  return engines;
}
