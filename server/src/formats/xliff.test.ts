import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { transliterate } from '../../test/engines/reversing-engine';
import { roundTrip, tempDir } from '../../test/fixtures/round-trip';
import { findAll, textOf } from './xml/dom';
import { fromString, parseXmlDocument } from './xml/stream';

let dir: string;
beforeAll(() => {
  dir = tempDir();
});

const parse = (xml: string) => parseXmlDocument(fromString(xml), { maxDepth: 256, maxCapturedChars: 1e8, maxBytes: 1e9 });
const ar = (text: string) => transliterate(text, 'ar');
const write = (name: string, xml: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, xml);
  return file;
};

describe('XLIFF 1.2', () => {
  it('keeps inline codes, honours translate="no" and protected marks, marks targets as machine output to review, sets the target language', async () => {
    const file = write(
      'a.xlf',
      `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" datatype="plaintext" original="app.json"><body>
<trans-unit id="1"><source>Click <g id="1">here</g> to <x id="2"/>continue.</source></trans-unit>
<trans-unit id="2"><source><bx id="3"/>Bold start<ex id="4"/> and <ph id="5">{name}</ph> and <bpt id="6">&lt;b&gt;</bpt>tagged<ept id="6">&lt;/b&gt;</ept> text</source><target state="new">old</target></trans-unit>
<trans-unit id="3" translate="no"><source>Lisan</source></trans-unit>
<group translate="no"><trans-unit id="4"><source>Brand name</source></trans-unit></group>
<trans-unit id="5"><source>Keep <mrk mtype="protected">ACME Ltd</mrk> safe</source></trans-unit>
</body></file></xliff>`,
    );
    const { analysis, out } = await roundTrip(file);
    expect(analysis.format).toBe('xliff');
    // A code before the first word stays in front, outside the segment; bpt/ept with one id are a pair.
    expect(analysis.segments).toEqual(['Click <x1>here</x1> to <x2/>continue.', 'Bold start<x1/> and <x2/> and <x3>tagged</x3> text', 'Keep <x1/> safe']);
    const xml = fs.readFileSync(out, 'utf8');
    const root = await parse(xml);
    expect(findAll(root, 'file')[0]!.attrs['target-language']).toBe('ar');
    const units = findAll(root, 'trans-unit');
    const target = (id: string) => findAll(units.find((u) => u.attrs.id === id)!, 'target')[0];
    expect(target('1')!.attrs).toEqual({ state: 'needs-review-translation', 'state-qualifier': 'mt-suggestion' });
    expect(xml).toContain(`<g id="1">${ar('here')}</g>`);
    expect(xml).toMatch(/<target state="needs-review-translation" state-qualifier="mt-suggestion">.*<x id="2"\/>.*<\/target>/);
    expect(xml).toContain('<ph id="5">{name}</ph>');
    expect(xml).toContain('<bpt id="6">&lt;b&gt;</bpt>');
    expect(xml).toMatch(/<target state="needs-review-translation" state-qualifier="mt-suggestion"><bx id="3"\/>/);
    expect(findAll(units.find((u) => u.attrs.id === '2')!, 'target')).toHaveLength(1); // the old target (state="new") was replaced
    expect(textOf(target('2')!)).not.toContain('old');
    expect(target('3')).toBeUndefined();
    expect(target('4')).toBeUndefined();
    expect(xml).toContain('<mrk mtype="protected">ACME Ltd</mrk>');
  });

  it('translates seg-source segments into a target with the same segmentation', async () => {
    const file = write(
      'seg.xlf',
      `<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" target-language="ar-SA" datatype="plaintext" original="x"><body><trans-unit id="1"><source>First one. Second one.</source><seg-source><mrk mtype="seg" mid="1">First one.</mrk> <mrk mtype="seg" mid="2">Second one.</mrk></seg-source></trans-unit></body></file></xliff>`,
    );
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(['First one.', 'Second one.']);
    const xml = fs.readFileSync(out, 'utf8');
    expect(xml).toContain(`<target state="needs-review-translation" state-qualifier="mt-suggestion"><mrk mtype="seg" mid="1">${ar('one.')} ${ar('First')}</mrk> <mrk mtype="seg" mid="2">`);
    expect(xml).toContain('target-language="ar-SA"'); // already Arabic: kept as written
  });
});

describe('XLIFF 2.x', () => {
  it('keeps pc/ph/sc/ec codes, skips translate="no", sets trgLang and segment state', async () => {
    const file = write(
      'b.xlf',
      `<?xml version="1.0" encoding="UTF-8"?><xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en"><file id="f1"><unit id="u1"><segment><source>Press <pc id="1">Save</pc> now<ph id="2"/>.</source></segment><ignorable><source> </source></ignorable><segment state="final"><source><sc id="3"/>Second<ec startRef="3"/> sentence with <mrk id="m1" translate="no">Lisan</mrk>.</source><target/></segment></unit><unit id="u2" translate="no"><segment><source>Do not touch</source></segment></unit><group id="g" translate="no"><unit id="u3"><segment><source>Grouped</source></segment></unit></group></file></xliff>`,
    );
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(['Press <x1>Save</x1> now<x2/>.', '<x1>Second</x1> sentence with <x2/>.']);
    const xml = fs.readFileSync(out, 'utf8');
    expect(xml).toContain('trgLang="ar"');
    expect(xml).toContain(`<pc id="1">${ar('Save')}</pc>`);
    expect(xml).toContain('<mrk id="m1" translate="no">Lisan</mrk>');
    expect(xml).toContain('<ec startRef="3"/>');
    expect(xml.match(/state="translated"/g)).toHaveLength(2);
    expect(xml).toContain('<source>Do not touch</source></segment>');
    expect(xml).not.toContain(ar('Grouped'));
  });
});

describe('paired codes (bx/ex, bpt/ept, sc/ec) through an engine', () => {
  const targetOf = (xml: string, unit: string) => new RegExp(`id="${unit}">.*?<target[^>]*>(.*?)</target>`, 's').exec(xml)?.[1];
  const file12 = () =>
    write(
      'pairs12.xlf',
      `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" datatype="plaintext" original="app.json"><body>
<trans-unit id="u1"><source>Make <bx id="1" rid="1"/>this text<ex id="2" rid="1"/> bold now</source></trans-unit>
<trans-unit id="u2"><source><g id="1">Start <bx id="2" rid="r"/>middle</g> end<ex id="3" rid="r"/> tail</source></trans-unit>
<trans-unit id="u3"><source>Open <bx id="5"/>the menu<ex id="5"/> first</source></trans-unit>
<trans-unit id="u4"><source>Click <g id="7">here</g> please</source></trans-unit>
</body></file></xliff>`,
    );

  it('sends a bx/ex pair side by side as one pair, so an engine that reorders words keeps the end after the start', async () => {
    const { analysis, out } = await roundTrip(file12());
    expect(analysis.segments).toEqual(['Make <x1>this text</x1> bold now', '<x1>Start <x2/>middle</x1> end<x3/> tail', 'Open <x1>the menu</x1> first', 'Click <x1>here</x1> please']);
    const xml = fs.readFileSync(out, 'utf8');
    await parse(xml);
    expect(targetOf(xml, 'u1')).toBe(`${ar('now')} ${ar('bold')} <bx id="1" rid="1"/>${ar('text')} ${ar('this')}<ex id="2" rid="1"/> ${ar('Make')}`);
    expect(targetOf(xml, 'u3')).toBe(`${ar('first')} <bx id="5"/>${ar('menu')} ${ar('the')}<ex id="5"/> ${ar('Open')}`);
    // The pair overlaps a g, so its ends travel apart; the engine moved the ex before the bx: they change places.
    expect(targetOf(xml, 'u2')).toBe(`${ar('tail')} <bx id="2" rid="r"/>${ar('end')} <g id="1">${ar('middle')}<ex id="3" rid="r"/> ${ar('Start')}</g>`);
  });

  it('puts back an end code an engine lost at the end of the target, and keeps a mangled g well formed', async () => {
    const { out, repairs } = await roundTrip(file12(), {
      translate: () => ['اجعل <x1>هذا النص عريضًا الآن', '<x1>ابدأ <x2/>الوسط</x1> النهاية', '</x1>افتح<x1> القائمة أولًا', '</x1>انقر<x1> هنا'],
    });
    const xml = fs.readFileSync(out, 'utf8');
    await parse(xml);
    expect(targetOf(xml, 'u1')).toBe('اجعل <bx id="1" rid="1"/>هذا النص عريضًا الآن<ex id="2" rid="1"/>');
    expect(targetOf(xml, 'u2')).toBe('<g id="1">ابدأ <bx id="2" rid="r"/>الوسط</g> النهاية<ex id="3" rid="r"/>');
    expect(targetOf(xml, 'u3')).toBe('افتح<bx id="5"/> القائمة أولًا<ex id="5"/>');
    expect(targetOf(xml, 'u4')).toBe('انقر<g id="7"> هنا</g>');
    expect(repairs).toBeGreaterThan(0);
  });

  it('XLIFF 2: sc/ec side by side are a pair, across a pc they change places when an engine swaps them; pc stays nested', async () => {
    const file = write(
      'pairs2.xlf',
      `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en"><file id="f1"><unit id="u1"><segment><source>Press <sc id="1"/>Save<ec startRef="1"/> right now</source></segment></unit><unit id="u2"><segment><source><pc id="2">Open <sc id="3"/>the</pc> file<ec startRef="3"/> now<ec id="9" isolated="yes"/> please</source></segment></unit></file></xliff>`,
    );
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(['Press <x1>Save</x1> right now', '<x1>Open <x2/>the</x1> file<x3/> now<x4/> please']);
    const xml = fs.readFileSync(out, 'utf8');
    await parse(xml);
    expect(targetOf(xml, 'u1')).toBe(`${ar('now')} ${ar('right')} <sc id="1"/>${ar('Save')}<ec startRef="1"/> ${ar('Press')}`);
    expect(targetOf(xml, 'u2')).toBe(`${ar('please')} <ec id="9" isolated="yes"/>${ar('now')} <sc id="3"/>${ar('file')} <pc id="2">${ar('the')}<ec startRef="3"/> ${ar('Open')}</pc>`);
  });

  it('XLIFF 2: codes marked canReorder="firstNo"/"no" go back into source order where an engine moved them; the translation stays', async () => {
    const file = write(
      'reorder2.xlf',
      `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en"><file id="f1">` +
        `<unit id="u1"><segment><source>Press <ph id="1" canReorder="firstNo"/>Save then <ph id="2" canReorder="no"/>close now</source></segment></unit>` +
        `<unit id="u2"><segment><source><pc id="3" canReorder="firstNo">one</pc> and <pc id="4" canReorder="no">two</pc> words</source></segment></unit>` +
        `<unit id="u3"><segment><source>Press <ph id="5"/>Save then <ph id="6"/>close now</source></segment></unit>` +
        `<unit id="u4"><segment><source>A <ph id="7" canReorder="firstNo"/>b <ph id="8" canReorder="no"/>c <ph id="9" canReorder="firstNo"/>d <ph id="10" canReorder="no"/>e</source></segment></unit>` +
        `</file></xliff>`,
    );
    // The engine swaps the codes of u1, u2 and u3; in u4 it moves the second sequence before the first, each in order.
    const { analysis, out } = await roundTrip(file, {
      translate: () => ['اضغط <x2/>حفظ ثم <x1/>أغلق الآن', '<x2>اثنان</x2> و<x1>واحد</x1> كلمات', 'اضغط <x2/>حفظ ثم <x1/>أغلق الآن', 'أ <x3/>ب <x4/>ج <x1/>د <x2/>هـ'],
    });
    expect(analysis.segments).toEqual(['Press <x1/>Save then <x2/>close now', '<x1>one</x1> and <x2>two</x2> words', 'Press <x1/>Save then <x2/>close now', 'A <x1/>b <x2/>c <x3/>d <x4/>e']);
    const xml = fs.readFileSync(out, 'utf8');
    await parse(xml);
    expect(targetOf(xml, 'u1')).toBe('اضغط <ph id="1" canReorder="firstNo"/>حفظ ثم <ph id="2" canReorder="no"/>أغلق الآن');
    // A pc takes its place's translated content: only its markup moves.
    expect(targetOf(xml, 'u2')).toBe('<pc id="3" canReorder="firstNo">اثنان</pc> و<pc id="4" canReorder="no">واحد</pc> كلمات');
    // Codes free to move stay where the engine put them.
    expect(targetOf(xml, 'u3')).toBe('اضغط <ph id="6"/>حفظ ثم <ph id="5"/>أغلق الآن');
    // Each sequence is in order; sequences may move against each other.
    expect(targetOf(xml, 'u4')).toBe('أ <ph id="9" canReorder="firstNo"/>ب <ph id="10" canReorder="no"/>ج <ph id="7" canReorder="firstNo"/>د <ph id="8" canReorder="no"/>هـ');
  });
});

describe('translations already in the file', () => {
  const mt = 'state="needs-review-translation" state-qualifier="mt-suggestion"';

  it('XLIFF 1.2: a unit with a target is kept as it is and not counted unless its state is new or needs-translation; the others are machine suggestions', async () => {
    const human = '<trans-unit id="h1"><source>Thanks for <g id="1">your order</g><x id="2"/></source><target state="translated">شكرا &amp; <g id="1">لطلبك</g><x id="2"/></target></trans-unit>';
    const unmarked = '<trans-unit id="h2"><source>Hello there</source><target xml:lang="ar">مرحبا</target></trans-unit>';
    const segmented =
      '<trans-unit id="h3"><source>One. Two.</source><seg-source><mrk mtype="seg" mid="1">One.</mrk> <mrk mtype="seg" mid="2">Two.</mrk></seg-source><target state="final"><mrk mtype="seg" mid="1">واحد.</mrk> <mrk mtype="seg" mid="2">اثنان.</mrk></target></trans-unit>';
    const file = write(
      'kept12.xlf',
      `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" target-language="ar" datatype="plaintext" original="app.json"><body>
<trans-unit id="e1"><source>Empty target here</source><target></target></trans-unit>
${human}
${unmarked}
<trans-unit id="n1"><source>New state <g id="1">text</g></source><target state="new" state-qualifier="leveraged-inherited">New state text</target></trans-unit>
<trans-unit id="n2"><source>Needs translation</source><target state="needs-translation">Needs translation</target></trans-unit>
<trans-unit id="w1"><source>Only spaces</source><target state="translated"> </target></trans-unit>
<trans-unit id="m1"><source>No target</source></trans-unit>
${segmented}
</body></file></xliff>`,
    );
    const { analysis, out, translations } = await roundTrip(file);
    // Kept units are no segments: they are neither sent to the engine nor counted.
    expect(analysis.segments).toEqual(['Empty target here', 'New state <x1>text</x1>', 'Needs translation', 'Only spaces', 'No target']);
    expect(translations).toHaveLength(5);
    expect(analysis.words).toBe(12);
    expect(analysis.characters).toBe('Empty target here'.length + 'New state text'.length + 'Needs translation'.length + 'Only spaces'.length + 'No target'.length);
    const xml = fs.readFileSync(out, 'utf8');
    await parse(xml);
    expect(xml).toContain(human);
    expect(xml).toContain(unmarked);
    expect(xml).toContain(segmented);
    const targetOf = (id: string) => new RegExp(`id="${id}"><source>.*?</source>(<target[^>]*>.*?</target>)`, 's').exec(xml)?.[1];
    expect(targetOf('e1')).toBe(`<target ${mt}>${ar('here')} ${ar('target')} ${ar('Empty')}</target>`);
    expect(targetOf('n1')).toBe(`<target state="needs-review-translation" state-qualifier="mt-suggestion"><g id="1">${ar('text')}</g> ${ar('state')} ${ar('New')}</target>`);
    expect(targetOf('n2')).toBe(`<target ${mt}>${ar('translation')} ${ar('Needs')}</target>`);
    expect(targetOf('w1')).toBe(`<target ${mt}>${ar('spaces')} ${ar('Only')}</target>`);
    expect(targetOf('m1')).toBe(`<target ${mt}>${ar('target')} ${ar('No')}</target>`);
    expect(xml.match(/<target/g)).toHaveLength(8);
  });

  it('XLIFF 2.0: a segment with a target is kept as it is and not counted unless its state is initial; the others are translated', async () => {
    const human = '<segment id="s2" state="reviewed" subState="acme:checked"><source>Hello <pc id="1">world</pc></source><target>مرحبا &lt;3 <pc id="1">بالعالم</pc></target></segment>';
    const noState = '<segment id="s4"><source>Kept too</source><target>محفوظ</target></segment>';
    const file = write(
      'kept2.xlf',
      `<?xml version="1.0" encoding="UTF-8"?><xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ar"><file id="f1">` +
        `<unit id="u1"><segment id="s1"><source>No target yet</source></segment>${human}<segment id="s3" state="initial"><source>Copied <ph id="2"/>source</source><target>Copied <ph id="2"/>source</target></segment></unit>` +
        `<unit id="u2">${noState}<segment id="s5" state="final"><source>Empty final</source><target></target></segment></unit>` +
        `</file></xliff>`,
    );
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(['No target yet', 'Copied <x1/>source', 'Empty final']);
    expect(analysis.words).toBe(7);
    expect(analysis.characters).toBe('No target yet'.length + 'Copied source'.length + 'Empty final'.length);
    const xml = fs.readFileSync(out, 'utf8');
    await parse(xml);
    expect(xml).toContain(human);
    expect(xml).toContain(noState);
    expect(xml).toContain(`<segment id="s1" state="translated"><source>No target yet</source><target>${ar('yet')} ${ar('target')} ${ar('No')}</target></segment>`);
    expect(xml).toContain(`<segment id="s3" state="translated"><source>Copied <ph id="2"/>source</source><target>${ar('source')}<ph id="2"/> ${ar('Copied')}</target></segment>`);
    expect(xml).toContain(`<segment id="s5" state="translated"><source>Empty final</source><target>${ar('final')} ${ar('Empty')}</target></segment>`);
  });
});
