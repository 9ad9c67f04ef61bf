// Runs after `npm install` / `npm ci`. Idempotent.
//
// @browsermt/bergamot-translator 0.4.9 marks its package `"type": "module"` but its worker
// scripts use `require`, so in Node the worker dies with "require is not defined in ES module
// scope". A package.json saying `{"type":"commonjs"}` in the package's worker/ folder makes Node
// load those files as CommonJS (see shared/notes/bergamot.md).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const workerDir = join(root, 'node_modules', '@browsermt', 'bergamot-translator', 'worker');
const target = join(workerDir, 'package.json');
const wanted = '{"type":"commonjs"}\n';

if (!existsSync(workerDir)) {
  // Package not installed (e.g. a production install without it): nothing to fix.
  process.exit(0);
}
if (existsSync(target) && readFileSync(target, 'utf8') === wanted) process.exit(0);
writeFileSync(target, wanted);
console.log('postinstall: wrote node_modules/@browsermt/bergamot-translator/worker/package.json (type commonjs)');
