// Text over the gradients of styles.css (the home page hero, the webinar banner): axe reports
// such text as "needs review", because it cannot tell which part of the gradient is behind it.
// This test reads the colours from the stylesheet, samples every gradient from stop to stop
// (every layer, every overlay), and computes the WCAG contrast ratio of each text colour, at
// rest and on hover, against every background the text can stand on. The browser test
// tests/e2e/gradient-contrast.test.ts does the same with the colours the page computes.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { backgroundsOfLayers, contrastRatio, over, parseColor, worstRatio, type Rgba } from '../../tests/a11y/contrast';

const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The top-level rules (those inside @media are indented and left out), in source order. */
const rules = [...css.matchAll(/^([^\s@}][^{]*)\{([^}]*)\}/gm)].map((match) => ({
  selectors: match[1]!.split(',').map((selector) => selector.trim()),
  declarations: new Map(
    match[2]!
      .split(';')
      .map((declaration) => [declaration.slice(0, declaration.indexOf(':')).trim(), declaration.slice(declaration.indexOf(':') + 1).trim()] as const)
      .filter(([property]) => property),
  ),
}));

/** The value of a property for the first selector (most specific first) that sets it; the later rule wins. */
function property(selectors: string[], name: string): string {
  for (const selector of selectors) {
    const found = rules.filter((rule) => rule.selectors.includes(selector) && rule.declarations.has(name)).at(-1);
    if (found) return resolveVars(found.declarations.get(name)!);
  }
  throw new Error(`styles.css sets no ${name} for ${selectors.join(' or ')}`);
}

function resolveVars(value: string): string {
  const resolved = value.replace(/var\((--[\w-]+)\)/g, (_, name: string) => property([':root'], name));
  return resolved.replace(/\s+/g, ' ').trim();
}

/** Every colour the element's background shows: one sample of each layer, painted from the last layer up. */
function backgroundsOf(selector: string): Rgba[] {
  return backgroundsOfLayers(property([selector], 'background'));
}

/** Text colours over each gradient, with the backgrounds they stand on: 4.5:1, or 3:1 for large text. */
const checks = () => {
  const hero = backgroundsOf('.hero');
  const banner = backgroundsOf('.webinar-banner');
  const closeHover = banner.map((background) => over(parseColor(property(['.webinar-banner__close:hover'], 'background')), background));
  return [
    { name: 'hero title (large)', text: property(['.hero__title', 'h1'], 'color'), on: hero, minimum: 3 },
    { name: 'hero subtitle', text: property(['.hero__subtitle'], 'color'), on: hero, minimum: 4.5 },
    { name: 'hero trust strip', text: property(['.trust-strip'], 'color'), on: hero, minimum: 4.5 },
    { name: 'banner text', text: property(['.webinar-banner'], 'color'), on: banner, minimum: 4.5 },
    { name: 'banner link', text: property(['.webinar-banner__link'], 'color'), on: banner, minimum: 4.5 },
    { name: 'banner link on hover', text: property(['.webinar-banner__link:hover'], 'color'), on: banner, minimum: 4.5 },
    { name: 'banner close button', text: property(['.webinar-banner__close'], 'color'), on: banner, minimum: 4.5 },
    { name: 'banner close button on hover', text: property(['.webinar-banner__close'], 'color'), on: closeHover, minimum: 4.5 },
  ];
};

describe('contrast of text over the gradients of styles.css', () => {
  it.each(checks().map((check) => [check.name, check] as const))('%s', (_, check) => {
    expect(check.on.length).toBeGreaterThan(1);
    expect(worstRatio(check.text, check.on), `${check.name}: ${check.text}`).toBeGreaterThanOrEqual(check.minimum);
  });

  it('computes WCAG ratios, samples every layer and stop, and fails a colour that is too faint', () => {
    expect(contrastRatio(parseColor('#000'), parseColor('#fff'))).toBeCloseTo(21, 5);
    expect(contrastRatio(parseColor('#777'), parseColor('#fff'))).toBeCloseTo(4.48, 2);
    expect(parseColor('color-mix(in srgb, #0f5f5c 16%, transparent)')).toMatchObject({ r: 15, g: 95, b: 92, a: 0.16 });
    expect(parseColor('rgb(255 255 255 / 15%)')).toEqual({ r: 255, g: 255, b: 255, a: 0.15 });
    // Two radial layers of two stops over the surface: 5 x 5 samples, the darkest where both meet.
    expect(backgroundsOf('.hero')).toHaveLength(25);
    // The colours these checks once failed: the muted grey over the hero's teal corner, the
    // accent as the banner link's hover colour over the lighter end of the banner.
    expect(worstRatio('#5d6b7e', backgroundsOf('.hero'))).toBeLessThan(4.5);
    expect(worstRatio('#f2b544', backgroundsOf('.webinar-banner'))).toBeLessThan(4.5);
  });
});
