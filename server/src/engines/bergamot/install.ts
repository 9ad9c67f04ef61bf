/**
 * `npm run models:install -- <folder or archive>`: checks Bergamot models and installs them
 * into MODELS_DIR (one folder per direction: enar/, aren/).
 *
 * Accepts a folder (e.g. a checkout of mozilla/firefox-translations-models' `models/base/enar`,
 * or a folder holding both `enar/` and `aren/`), or a tar archive (.tar, .tar.gz, .tgz, .tar.xz)
 * or .zip of such folders. Files compressed one by one (`*.gz`, as in Mozilla's repository)
 * are unpacked. Each model is checked before anything is installed: required files, metadata,
 * the Marian binary's structure, and that it loads in the real engine and translates a sentence.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { EngineError, type Lang } from '../types';
import { BergamotEngine } from './engine';
import { MarianBinaryError, readMarianBinary, readModelYaml } from './marian-binary';
import { ModelLayoutError, pairKey, readModelFolder, type ModelFiles } from './models';

export class ModelInstallError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

export interface InstalledModel {
  source: Lang;
  target: Lang;
  dir: string;
  sample: { input: string; output: string };
  flores?: { bleu?: number; comet?: number };
}

export interface InstallResult {
  installed: InstalledModel[];
  warnings: string[];
}

const SAMPLES: Record<Lang, string> = {
  en: 'This is a test of the translation model.',
  ar: 'هذا اختبار لنموذج الترجمة.',
};

const WANTED = [/^model\..+\.bin$/, /^(src|trg)?vocab\..+\.spm$/, /^lex\..+\.bin$/, /^metadata\.json$/];

function isArchive(file: string): boolean {
  return /\.(tar|tar\.gz|tgz|tar\.xz|txz|tar\.bz2|tar\.zst|zip)$/i.test(file);
}

function extract(archive: string, into: string): void {
  try {
    if (/\.zip$/i.test(archive)) execFileSync('unzip', ['-q', archive, '-d', into], { stdio: ['ignore', 'ignore', 'pipe'] });
    else execFileSync('tar', ['-xf', archive, '-C', into, '--no-same-owner'], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: Buffer };
    if (e.code === 'ENOENT') throw new ModelInstallError([`cannot unpack ${archive}: the ${/\.zip$/i.test(archive) ? 'unzip' : 'tar'} command is not installed`]);
    throw new ModelInstallError([`cannot unpack ${archive}: ${e.stderr?.toString().trim() || e.message}`]);
  }
}

/** Folders (up to 5 levels down) that contain a model file, compressed or not. */
function findModelFolders(root: string, depth = 0): string[] {
  const entries = readdirSync(root, { withFileTypes: true });
  const found = entries.some((e) => e.isFile() && /^model\..+\.bin(\.gz)?$/.test(e.name)) ? [root] : [];
  if (depth >= 5) return found;
  for (const entry of entries) {
    if (entry.isDirectory() && !entry.name.startsWith('.')) found.push(...findModelFolders(path.join(root, entry.name), depth + 1));
  }
  return found;
}

/** The direction a model folder declares (metadata.json, else the model's file name), if any. */
function peekDirection(folder: string): string | undefined {
  try {
    const meta = JSON.parse(readFileSync(path.join(folder, 'metadata.json'), 'utf8')) as { sourceLanguage?: unknown; targetLanguage?: unknown };
    if (typeof meta.sourceLanguage === 'string' && typeof meta.targetLanguage === 'string') return `${meta.sourceLanguage}-${meta.targetLanguage}`;
  } catch {
    // no or bad metadata: the checks report it
  }
  const model = readdirSync(folder).find((name) => /^model\.[a-z]{4}\./.test(name));
  return model ? `${model.slice(6, 8)}-${model.slice(8, 10)}` : undefined;
}

/** Copies the model's files into `into`, unpacking `*.gz` ones. */
async function stage(folder: string, into: string): Promise<void> {
  mkdirSync(into, { recursive: true });
  for (const name of readdirSync(folder)) {
    const plain = name.replace(/\.gz$/, '');
    if (!WANTED.some((re) => re.test(plain)) || !statSync(path.join(folder, name)).isFile()) continue;
    const from = createReadStream(path.join(folder, name));
    const to = createWriteStream(path.join(into, plain));
    try {
      if (name.endsWith('.gz')) await pipeline(from, createGunzip(), to);
      else await pipeline(from, to);
    } catch (error) {
      throw new ModelInstallError([`${path.join(folder, name)}: cannot read (${(error as Error).message})`]);
    }
  }
}

/** Structure checks on the files; returns warnings, throws ModelInstallError on problems. */
async function checkFiles(files: ModelFiles, origin: string): Promise<string[]> {
  const warnings: string[] = [];
  const model = await readFile(files.model);
  try {
    const items = readMarianBinary(model);
    if (!readModelYaml(model, items)) {
      throw new ModelInstallError([`${origin}: ${path.basename(files.model)} has no special:model.yml (not a model for bergamot)`]);
    }
  } catch (error) {
    if (error instanceof MarianBinaryError) {
      throw new ModelInstallError([`${origin}: ${path.basename(files.model)} is not a valid Marian binary model: ${error.message}`]);
    }
    throw error;
  }
  const byteSize = files.metadata.byteSize;
  if (typeof byteSize === 'number' && byteSize !== model.length) {
    warnings.push(`${origin}: metadata.json says ${byteSize} bytes, the model has ${model.length} (incomplete download?)`);
  }
  return warnings;
}

/** Loads the model in the real engine (one worker) and translates one sentence. */
async function tryTranslate(files: ModelFiles, origin: string): Promise<{ input: string; output: string }> {
  const engine = new BergamotEngine({ models: new Map([[pairKey(files.source, files.target), files]]), workers: 1 });
  const input = SAMPLES[files.source];
  try {
    const [output] = await engine.translate([input], {
      source: files.source,
      target: files.target,
      domain: 'general',
      signal: AbortSignal.timeout(120_000),
    });
    if (!output || !output.trim()) throw new ModelInstallError([`${origin}: the model loads but translated a sentence to nothing`]);
    return { input, output };
  } catch (error) {
    if (error instanceof ModelInstallError) throw error;
    const detail = error instanceof EngineError ? error.message : String(error);
    throw new ModelInstallError([
      `${origin}: the model does not load or translate in bergamot (${detail})`,
    ]);
  } finally {
    await engine.close();
  }
}

export async function installModels(
  sourcePath: string,
  modelsDir: string,
  options: { log?: (line: string) => void } = {},
): Promise<InstallResult> {
  const log = options.log ?? (() => {});
  if (!existsSync(sourcePath)) throw new ModelInstallError([`${sourcePath}: no such file or folder`]);
  const work = mkdtempSync(path.join(tmpdir(), 'lisan-models-'));
  try {
    let root = sourcePath;
    if (statSync(sourcePath).isFile()) {
      if (!isArchive(sourcePath)) {
        throw new ModelInstallError([`${sourcePath}: give a folder or an archive (.tar, .tar.gz, .tgz, .tar.xz, .zip)`]);
      }
      root = path.join(work, 'unpacked');
      mkdirSync(root);
      log(`unpacking ${sourcePath}`);
      extract(sourcePath, root);
    }

    const found = findModelFolders(root);
    if (!found.length) throw new ModelInstallError([`${sourcePath}: no model found (a folder with model.<pair>....bin)`]);
    // Pointed at a whole collection (e.g. Mozilla's models/base-memory): keep English<->Arabic.
    const skipped: string[] = [];
    const folders = found.filter((folder) => {
      const direction = peekDirection(folder);
      const keep = !direction || ['en-ar', 'ar-en'].includes(direction);
      if (!keep) skipped.push(direction!);
      return keep;
    });
    if (!folders.length) {
      throw new ModelInstallError([`${sourcePath}: no English<->Arabic model (found ${skipped.join(', ')})`]);
    }

    const checked: { files: ModelFiles; origin: string }[] = [];
    const problems: string[] = [];
    const warnings: string[] = skipped.length ? [`skipped ${skipped.length} model(s) of other languages (${skipped.join(', ')})`] : [];
    for (const [i, folder] of folders.entries()) {
      const origin = path.relative(path.dirname(root), folder) || folder;
      const staged = path.join(work, 'staged', String(i));
      try {
        await stage(folder, staged);
        const files = readModelFolder(staged);
        warnings.push(...(await checkFiles(files, origin)));
        checked.push({ files, origin });
      } catch (error) {
        if (error instanceof ModelLayoutError) problems.push(...error.problems.map((p) => `${origin}: ${p}`));
        else if (error instanceof ModelInstallError) problems.push(...error.problems);
        else throw error;
      }
    }
    const seen = new Map<string, string>();
    for (const { files, origin } of checked) {
      const key = pairKey(files.source, files.target);
      if (seen.has(key)) problems.push(`${origin}: a second ${files.source}->${files.target} model (also in ${seen.get(key)})`);
      seen.set(key, origin);
    }
    if (problems.length) throw new ModelInstallError(problems);

    const installed: InstalledModel[] = [];
    const samples = new Map<ModelFiles, { input: string; output: string }>();
    for (const { files, origin } of checked) {
      log(`checking ${files.source}->${files.target} (${origin}): loading it and translating one sentence`);
      samples.set(files, await tryTranslate(files, origin));
    }

    mkdirSync(modelsDir, { recursive: true });
    for (const { files } of checked) {
      const name = `${files.source}${files.target}`;
      const finalDir = path.join(modelsDir, name);
      const incoming = path.join(modelsDir, `.${name}.incoming-${process.pid}`);
      const outgoing = path.join(modelsDir, `.${name}.old-${process.pid}`);
      rmSync(incoming, { recursive: true, force: true });
      // Copy (not rename): the work folder may be on another file system than MODELS_DIR.
      mkdirSync(incoming);
      for (const file of readdirSync(files.dir)) await pipeline(createReadStream(path.join(files.dir, file)), createWriteStream(path.join(incoming, file)));
      if (existsSync(finalDir)) renameSync(finalDir, outgoing);
      renameSync(incoming, finalDir);
      rmSync(outgoing, { recursive: true, force: true });
      installed.push({
        source: files.source,
        target: files.target,
        dir: finalDir,
        sample: samples.get(files)!,
        flores: files.metadata.flores,
      });
    }
    const directions = new Set(installed.map((m) => `${m.source}${m.target}`));
    for (const [have, missing] of [
      ['enar', 'aren'],
      ['aren', 'enar'],
    ]) {
      if (directions.has(have!) && !directions.has(missing!) && !existsSync(path.join(modelsDir, missing!))) {
        warnings.push(`only ${have!.slice(0, 2)}->${have!.slice(2)} is installed; install the ${missing} model too for the other direction`);
      }
    }
    return { installed, warnings };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
