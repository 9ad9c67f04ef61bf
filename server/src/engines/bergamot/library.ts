/**
 * @browsermt/bergamot-translator, imported without its side effect: in Node, translator.js
 * installs a `globalThis.Worker` shim at import time. We start our workers ourselves
 * (engine.ts), so the shim is removed again when there was no Worker before, and code elsewhere
 * that probes `typeof Worker` to detect a browser is not misled.
 */
import type * as Bergamot from '@browsermt/bergamot-translator';

const hadWorker = Object.prototype.hasOwnProperty.call(globalThis, 'Worker');
const library: typeof Bergamot = await import('@browsermt/bergamot-translator');
if (!hadWorker) delete (globalThis as { Worker?: unknown }).Worker;

export const BatchTranslator = library.BatchTranslator;
export type BatchTranslator = Bergamot.BatchTranslator;
export const TranslatorBacking = library.TranslatorBacking;
export type TranslatorBacking = Bergamot.TranslatorBacking;
