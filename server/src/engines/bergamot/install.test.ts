import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BergamotEngine } from './engine';
import { installModels, ModelInstallError } from './install';
import { writeMarianBinary } from './marian-binary';
import { buildTinyModelPair, tinyTransformerItems } from './testing/tiny-model';

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '../../../..');

describe('models:install', () => {
  let root: string;
  let pristine: string;
  let vocabSize: number;

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'lisan-install-'));
    pristine = path.join(root, 'pristine');
    vocabSize = buildTinyModelPair(pristine).vocabSize;
    rmSync(path.join(pristine, '.vocab'), { recursive: true });
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  function copyOf(name: string): string {
    const dir = path.join(root, name);
    cpSync(pristine, dir, { recursive: true });
    return dir;
  }

  it('installs a folder in Mozilla repository form (gzipped files), both directions, after a test translation', async () => {
    const source = copyOf('mozilla-form');
    for (const pair of ['enar', 'aren']) {
      for (const file of readdirSync(path.join(source, pair))) {
        if (file !== 'metadata.json') execFileSync('gzip', [path.join(source, pair, file)]);
      }
    }
    expect(readdirSync(path.join(source, 'enar')).sort()).toEqual(['metadata.json', 'model.enar.bin.gz', 'vocab.enar.spm.gz']);
    const modelsDir = path.join(root, 'models-1');
    const lines: string[] = [];
    const result = await installModels(source, modelsDir, { log: (l) => lines.push(l) });

    expect(result.installed.map((m) => `${m.source}${m.target}`).sort()).toEqual(['aren', 'enar']);
    expect(result.warnings).toEqual([]);
    for (const model of result.installed) expect(model.sample.output.trim()).not.toBe('');
    expect(lines.join('\n')).toMatch(/loading it and translating one sentence/);
    expect(readdirSync(path.join(modelsDir, 'enar')).sort()).toEqual(['metadata.json', 'model.enar.bin', 'vocab.enar.spm']);
    expect(readdirSync(modelsDir).filter((n) => n.startsWith('.'))).toEqual([]);

    const engine = BergamotEngine.fromDirectory(modelsDir)!;
    try {
      expect(engine.supports('en', 'ar') && engine.supports('ar', 'en')).toBe(true);
      expect(await engine.translate(['Installed <x1>fine</x1>.'], { source: 'en', target: 'ar', domain: 'general' })).toHaveLength(1);
    } finally {
      await engine.close();
    }
  });

  it('installs from a .tar.gz archive and replaces an installed model of the same direction', async () => {
    const archive = path.join(root, 'pair.tar.gz');
    execFileSync('tar', ['-czf', archive, '-C', pristine, 'enar', 'aren']);
    const modelsDir = path.join(root, 'models-2');
    mkdirSync(path.join(modelsDir, 'enar'), { recursive: true });
    writeFileSync(path.join(modelsDir, 'enar', 'stale.txt'), 'old model');
    const result = await installModels(archive, modelsDir);
    expect(result.installed).toHaveLength(2);
    expect(existsSync(path.join(modelsDir, 'enar', 'stale.txt'))).toBe(false);
    expect(existsSync(path.join(modelsDir, 'aren', 'model.aren.bin'))).toBe(true);
  });

  it('warns when only one direction is installed', async () => {
    const source = copyOf('one-way');
    const result = await installModels(path.join(source, 'enar'), path.join(root, 'models-3'));
    expect(result.installed.map((m) => m.target)).toEqual(['ar']);
    expect(result.warnings.join('\n')).toMatch(/only en->ar is installed; install the aren model too/);
  });

  it('refuses a folder with missing files or bad metadata, listing every problem, and installs nothing', async () => {
    const source = copyOf('incomplete');
    unlinkSync(path.join(source, 'enar', 'vocab.enar.spm'));
    writeFileSync(path.join(source, 'aren', 'metadata.json'), '{"sourceLanguage": "ar", ');
    const modelsDir = path.join(root, 'models-4');
    const error = (await installModels(source, modelsDir).catch((e: unknown) => e)) as ModelInstallError;
    expect(error).toBeInstanceOf(ModelInstallError);
    expect(error.problems.join('\n')).toMatch(/enar: no SentencePiece vocabulary/);
    expect(error.problems.join('\n')).toMatch(/aren: metadata\.json is not valid JSON/);
    expect(existsSync(modelsDir)).toBe(false);
  });

  it('picks the English<->Arabic models out of a whole collection and skips the other languages', async () => {
    const source = copyOf('collection');
    cpSync(path.join(source, 'enar'), path.join(source, 'ende'), { recursive: true });
    writeFileSync(path.join(source, 'ende', 'metadata.json'), '{"sourceLanguage": "en", "targetLanguage": "de"}');
    const result = await installModels(source, path.join(root, 'models-8'));
    expect(result.installed).toHaveLength(2);
    expect(result.warnings).toEqual(['skipped 1 model(s) of other languages (en-de)']);
    rmSync(path.join(source, 'enar'), { recursive: true });
    rmSync(path.join(source, 'aren'), { recursive: true });
    await expect(installModels(source, path.join(root, 'models-9'))).rejects.toThrow(/no English<->Arabic model \(found en-de\)/);
  });

  it('refuses a truncated model file', async () => {
    const source = copyOf('truncated');
    truncateSync(path.join(source, 'enar', 'model.enar.bin'), 2000);
    const error = (await installModels(source, path.join(root, 'models-5')).catch((e: unknown) => e)) as ModelInstallError;
    expect(error.problems.join('\n')).toMatch(/model\.enar\.bin is not a valid Marian binary model: Truncated/);
  });

  it('refuses a well-formed model that bergamot cannot load, keeping the installed one', async () => {
    const source = copyOf('unloadable');
    const items = tinyTransformerItems(vocabSize).filter((item) => item.name !== 'encoder_l1_ffn_W2');
    writeFileSync(path.join(source, 'enar', 'model.enar.bin'), writeMarianBinary(items));
    const modelsDir = path.join(root, 'models-6');
    cpSync(path.join(pristine, 'enar'), path.join(modelsDir, 'enar'), { recursive: true });
    const before = readFileSync(path.join(modelsDir, 'enar', 'model.enar.bin'));
    const error = (await installModels(source, modelsDir).catch((e: unknown) => e)) as ModelInstallError;
    expect(error).toBeInstanceOf(ModelInstallError);
    expect(error.problems.join('\n')).toMatch(/enar: the model does not load or translate in bergamot \(.*encoder_l1_ffn_W2/);
    expect(readFileSync(path.join(modelsDir, 'enar', 'model.enar.bin')).equals(before)).toBe(true);
    expect(existsSync(path.join(modelsDir, 'aren'))).toBe(false);
  });

  it('refuses what is neither a folder nor an archive', async () => {
    const file = path.join(root, 'notes.txt');
    writeFileSync(file, 'hello');
    await expect(installModels(file, path.join(root, 'models-7'))).rejects.toThrow(/give a folder or an archive/);
    await expect(installModels(path.join(root, 'nothing-here'), path.join(root, 'models-7'))).rejects.toThrow(/no such file/);
  });

  it('runs as `npm run models:install -- <folder>` with MODELS_DIR from the environment', async () => {
    const modelsDir = path.join(root, 'models-cli');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/models-install.ts', '--', pristine], {
      cwd: repoRoot,
      env: { ...process.env, MODELS_DIR: modelsDir },
    });
    expect(stdout).toMatch(/installed en->ar in .*models-cli\/enar/);
    expect(stdout).toMatch(/installed ar->en in .*models-cli\/aren/);
    expect(stdout).toMatch(/Restart Lisan/);
    const failed = await run(process.execPath, ['--import', 'tsx', 'scripts/models-install.ts', path.join(root, 'notes.txt')], {
      cwd: repoRoot,
      env: { ...process.env, MODELS_DIR: modelsDir },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toMatch(/not installed: .*notes\.txt/);
  });
});
