/**
 * The evaluation sets of the team's shared folder (`../shared/eval` beside the repository,
 * see its README): FLORES-101 with the published systems' outputs and BLEU figures,
 * NTREX-128 and TICO-19 (source and reference only).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Lang } from '../engines/types';

export type Direction = 'en-ar' | 'ar-en';
export const DIRECTIONS: readonly Direction[] = ['en-ar', 'ar-en'];

export interface PublishedSystem {
  /** File name part: google, microsoft, bergamot-base, bergamot-base-memory, nllb, opusmt, argos. */
  name: string;
  outputs: string[];
  /** BLEU as published with the outputs (the `.bleu` file), when there is one. */
  bleu?: number;
}

export interface EvalSet {
  /** flores101, ntrex128, tico19 */
  name: string;
  direction: Direction;
  source: Lang;
  target: Lang;
  sources: string[];
  references: string[];
  systems: PublishedSystem[];
}

export const SET_NAMES = ['flores101', 'ntrex128', 'tico19'] as const;
export type SetName = (typeof SET_NAMES)[number];

/** The shared eval folder: EVAL_DIR, else `../shared/eval` from the repository root. */
export function findEvalDir(env: Record<string, string | undefined> = process.env): string {
  const root = path.resolve(import.meta.dirname, '../../..');
  const dir = env.EVAL_DIR ? path.resolve(env.EVAL_DIR) : path.resolve(root, '../shared/eval');
  if (!fs.existsSync(path.join(dir, 'flores101'))) throw new Error(`No evaluation data in ${dir} (set EVAL_DIR to the folder holding flores101/, ntrex128/, tico19/)`);
  return dir;
}

/** One segment per line; the file's last newline ends the last line. */
export function readLines(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

const langsOf = (direction: Direction) => direction.split('-') as [Lang, Lang];

/** Parallel files of NTREX-128 and TICO-19, by language. */
const PARALLEL: Record<Exclude<SetName, 'flores101'>, Record<Lang, string>> = {
  ntrex128: { en: 'ntrex128/newstest2019-src.eng.txt', ar: 'ntrex128/newstest2019-ref.arb.txt' },
  tico19: { en: 'tico19/tico19-test.eng', ar: 'tico19/tico19-test.ara' },
};

/**
 * Loads a set in one direction. FLORES-101 is read from `flores101/<direction>/` with
 * `split` (`test` = devtest, the one to report; `dev` for tuning); NTREX-128 and TICO-19
 * are parallel files, used in both directions (NTREX's Arabic side is a translation of
 * its English one, so ar->en there measures translating translated text).
 */
export function loadSet(dir: string, name: SetName, direction: Direction, options: { split?: 'test' | 'dev'; limit?: number } = {}): EvalSet {
  const [source, target] = langsOf(direction);
  const limit = options.limit ?? Infinity;
  const take = (lines: string[]) => lines.slice(0, limit);
  if (name === 'flores101') {
    const folder = path.join(dir, 'flores101', direction);
    const prefix = `flores-${options.split ?? 'test'}`;
    const systems = fs
      .readdirSync(folder)
      .filter((file) => file.startsWith(`${prefix}.`) && file.split('.').length === 3 && file.endsWith(`.${target}`))
      .map((file) => file.split('.')[1]!)
      .sort()
      .map((system): PublishedSystem => {
        const bleuFile = path.join(folder, `${prefix}.${system}.${target}.bleu`);
        const bleu = fs.existsSync(bleuFile) ? Number(fs.readFileSync(bleuFile, 'utf8').trim()) : undefined;
        return { name: system, outputs: take(readLines(path.join(folder, `${prefix}.${system}.${target}`))), ...(bleu !== undefined && Number.isFinite(bleu) ? { bleu } : {}) };
      });
    return {
      name,
      direction,
      source,
      target,
      sources: take(readLines(path.join(folder, `${prefix}.${source}`))),
      references: take(readLines(path.join(folder, `${prefix}.${target}`))),
      systems,
    };
  }
  const files = PARALLEL[name];
  const sources = take(readLines(path.join(dir, files[source])));
  const references = take(readLines(path.join(dir, files[target])));
  if (sources.length !== references.length) throw new Error(`${name}: ${sources.length} source lines for ${references.length} references`);
  return { name, direction, source, target, sources, references, systems: [] };
}
