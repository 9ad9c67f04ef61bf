/**
 * Light English lemmatisation for dictionary look-up: irregular forms from a table,
 * then the regular inflections (plural -s/-es/-ies, past -ed/-ied, -ing, comparative
 * -er/-est, adverb -ly), each undoing doubled consonants and restoring a silent e.
 * It proposes candidates; the dictionary decides which exist.
 */
const IRREGULAR: Record<string, string> = {
  am: 'be', is: 'be', are: 'be', was: 'be', were: 'be', been: 'be', being: 'be',
  has: 'have', had: 'have', having: 'have', does: 'do', did: 'do', done: 'do',
  went: 'go', gone: 'go', goes: 'go', children: 'child', men: 'man', women: 'woman', people: 'person',
  feet: 'foot', teeth: 'tooth', mice: 'mouse', geese: 'goose', lives: 'life', wives: 'wife', knives: 'knife',
  leaves: 'leaf', halves: 'half', better: 'good', best: 'good', worse: 'bad', worst: 'bad',
  made: 'make', said: 'say', took: 'take', taken: 'take', came: 'come', saw: 'see', seen: 'see',
  knew: 'know', known: 'know', got: 'get', gotten: 'get', gave: 'give', given: 'give', found: 'find',
  thought: 'think', told: 'tell', became: 'become', left: 'leave', felt: 'feel', brought: 'bring',
  began: 'begin', begun: 'begin', kept: 'keep', held: 'hold', wrote: 'write', written: 'write',
  stood: 'stand', heard: 'hear', meant: 'mean', met: 'meet', paid: 'pay', sat: 'sit', spoke: 'speak',
  spoken: 'speak', ran: 'run', led: 'lead', grew: 'grow', grown: 'grow', lost: 'lose', fell: 'fall',
  fallen: 'fall', sent: 'send', built: 'build', understood: 'understand', drew: 'draw', drawn: 'draw',
  broke: 'break', broken: 'break', spent: 'spend', rose: 'rise', risen: 'rise', drove: 'drive',
  driven: 'drive', bought: 'buy', wore: 'wear', worn: 'wear', chose: 'choose', chosen: 'choose',
  sold: 'sell', taught: 'teach', caught: 'catch', fought: 'fight', flew: 'fly', flown: 'fly',
  ate: 'eat', eaten: 'eat', drank: 'drink', drunk: 'drink', slept: 'sleep', won: 'win', sang: 'sing',
  sung: 'sing', swam: 'swim', threw: 'throw', thrown: 'throw', forgot: 'forget', forgotten: 'forget',
  hid: 'hide', hidden: 'hide', rode: 'ride', ridden: 'ride', shook: 'shake', woke: 'wake', sought: 'seek',
  dealt: 'deal', lent: 'lend', lit: 'light', shot: 'shoot', struck: 'strike',
  bore: 'bear', born: 'bear', data: 'datum', criteria: 'criterion', analyses: 'analysis',
};

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

function undouble(stem: string): string | null {
  const last = stem.at(-1);
  return stem.length > 2 && last === stem.at(-2) && last && !VOWELS.has(last) && !['l', 's', 'z'].includes(last) ? stem.slice(0, -1) : null;
}

/** Candidate base forms of a lower-case English word, the word itself first. */
export function englishCandidates(word: string): string[] {
  const w = word.toLowerCase().replace(/[’]/g, "'");
  const out: string[] = [];
  const add = (candidate: string | null | undefined) => {
    if (candidate && candidate.length >= 1 && !out.includes(candidate)) out.push(candidate);
  };
  add(w);
  if (w.endsWith("'s")) add(w.slice(0, -2));
  if (w.endsWith("s'")) add(w.slice(0, -1));
  const bare = w.replace(/'s$|'$/, '');
  add(IRREGULAR[bare]);
  const withSuffix = (suffix: string, apply: (stem: string) => void) => {
    if (bare.length > suffix.length + 1 && bare.endsWith(suffix)) apply(bare.slice(0, -suffix.length));
  };
  withSuffix('ies', (stem) => add(`${stem}y`));
  withSuffix('ves', (stem) => {
    add(`${stem}f`);
    add(`${stem}fe`);
  });
  withSuffix('es', (stem) => {
    if (/(s|x|z|ch|sh|o)$/.test(stem)) add(stem);
    add(`${stem}e`);
  });
  withSuffix('s', (stem) => {
    if (!stem.endsWith('s')) add(stem);
  });
  withSuffix('ied', (stem) => add(`${stem}y`));
  withSuffix('ed', (stem) => {
    add(undouble(stem));
    add(stem);
    add(`${stem}e`);
  });
  withSuffix('ing', (stem) => {
    add(undouble(stem));
    add(stem);
    add(`${stem}e`);
    if (stem.endsWith('y')) add(`${stem.slice(0, -1)}ie`);
  });
  withSuffix('iest', (stem) => add(`${stem}y`));
  withSuffix('ier', (stem) => add(`${stem}y`));
  withSuffix('est', (stem) => {
    add(undouble(stem));
    add(stem);
    add(`${stem}e`);
  });
  withSuffix('er', (stem) => {
    add(undouble(stem));
    add(stem);
    add(`${stem}e`);
  });
  withSuffix('ily', (stem) => add(`${stem}y`));
  withSuffix('ly', (stem) => {
    add(stem);
    add(`${stem}le`);
  });
  return out;
}
