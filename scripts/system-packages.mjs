// Debian packages the product and its tests use. Installed when missing (apt-get, as root),
// so `npm start` and `npm test` work on a fresh machine. Nothing is downloaded at run time.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** [package, a file that shows it is installed, needed for] */
export const SYSTEM_PACKAGES = {
  start: [
    ['dict-freedict-eng-ara', '/usr/share/dictd/freedict-eng-ara.index', 'the offline dictionary engine, English to Arabic'],
    ['dict-freedict-ara-eng', '/usr/share/dictd/freedict-ara-eng.index', 'the offline dictionary engine, Arabic to English'],
  ],
  test: [
    ['chromium', '/usr/bin/chromium', 'browser tests'],
    ['poppler-utils', '/usr/bin/pdftoppm', 'invoice PDF tests (pdftotext, pdftoppm)'],
    ['sentencepiece', '/usr/bin/spm_train', 'local engine tests (vocabulary of the tiny test model)'],
  ],
};

function missing(list) {
  return list.filter(([, probe]) => !fs.existsSync(probe));
}

export function ensureSystemPackages(kind = 'test') {
  const wanted = kind === 'test' ? [...SYSTEM_PACKAGES.start, ...SYSTEM_PACKAGES.test] : SYSTEM_PACKAGES.start;
  const absent = missing(wanted);
  if (!absent.length) return;
  const names = absent.map(([name]) => name);
  console.log(`Installing Debian packages: ${names.join(', ')} (${absent.map(([, , why]) => why).join('; ')})`);
  const isRoot = process.getuid?.() === 0;
  const sudo = isRoot ? [] : ['sudo', '-n'];
  const apt = (args) => {
    const [cmd, ...rest] = [...sudo, 'apt-get', ...args];
    return spawnSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status;
  };
  if (apt(['install', '-y', '-qq', ...names]) !== 0) {
    apt(['update', '-qq']);
    if (apt(['install', '-y', '-qq', ...names]) !== 0) {
      console.error(`Could not install ${names.join(', ')}. Install them with: apt-get install ${names.join(' ')}`);
      process.exit(1);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureSystemPackages(process.argv[2] ?? 'test');
