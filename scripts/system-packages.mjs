// Debian packages the product and its tests use. Installed when missing (apt-get, as root),
// so `npm start` and `npm test` work on a fresh machine. Nothing is downloaded at run time.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** [package, a file that shows it is installed, needed for, and 'lean' to install it without the packages it only recommends] */
export const SYSTEM_PACKAGES = {
  start: [
    ['dict-freedict-eng-ara', '/usr/share/dictd/freedict-eng-ara.index', 'the offline dictionary engine, English to Arabic'],
    ['dict-freedict-ara-eng', '/usr/share/dictd/freedict-ara-eng.index', 'the offline dictionary engine, Arabic to English'],
  ],
  test: [
    ['chromium', '/usr/bin/chromium', 'browser tests'],
    ['poppler-utils', '/usr/bin/pdftoppm', 'invoice PDF tests (pdftotext, pdftoppm)'],
    ['sentencepiece', '/usr/bin/spm_train', 'local engine tests (vocabulary of the tiny test model)'],
    ['libreoffice-writer-nogui', '/usr/lib/libreoffice/program/libswlo.so', 'rendering Arabic DOCX output for review', 'lean'],
    ['libreoffice-impress-nogui', '/usr/lib/libreoffice/program/libsdlo.so', 'rendering Arabic PPTX output for review', 'lean'],
    ['libreoffice-calc-nogui', '/usr/lib/libreoffice/program/libsclo.so', 'rendering Arabic XLSX output for review', 'lean'],
    ['docker-compose', '/usr/bin/docker-compose', 'checking compose.yaml (docker-compose config)', 'lean'],
    ['fonts-noto-core', '/usr/share/fonts/truetype/noto/NotoNaskhArabic-Regular.ttf', 'Arabic glyphs in the rendered documents', 'lean'],
  ],
};

function missing(list) {
  return list.filter(([, probe]) => !fs.existsSync(probe));
}

export function ensureSystemPackages(kind = 'test') {
  const wanted = kind === 'test' ? [...SYSTEM_PACKAGES.start, ...SYSTEM_PACKAGES.test] : SYSTEM_PACKAGES.start;
  const absent = missing(wanted);
  if (!absent.length) return;
  console.log(`Installing Debian packages: ${absent.map(([name]) => name).join(', ')} (${absent.map(([, , why]) => why).join('; ')})`);
  const isRoot = process.getuid?.() === 0;
  const sudo = isRoot ? [] : ['sudo', '-n'];
  const apt = (args) => {
    const [cmd, ...rest] = [...sudo, 'apt-get', ...args];
    return spawnSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status;
  };
  const install = (names, lean) => ['install', '-y', '-qq', ...(lean ? ['--no-install-recommends'] : []), ...names];
  const groups = [absent.filter((entry) => entry[3] !== 'lean'), absent.filter((entry) => entry[3] === 'lean')].filter((group) => group.length);
  let updated = false;
  for (const group of groups) {
    const names = group.map(([name]) => name);
    const lean = group[0][3] === 'lean';
    if (apt(install(names, lean)) === 0) continue;
    if (!updated) {
      apt(['update', '-qq']);
      updated = true;
    }
    if (apt(install(names, lean)) !== 0) {
      console.error(`Could not install ${names.join(', ')}. Install them with: apt-get install ${names.join(' ')}`);
      process.exit(1);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureSystemPackages(process.argv[2] ?? 'test');
