// Text over the gradients of styles.css (the home page hero, the webinar banner): axe reports
// such text as "needs review", because it cannot tell which part of the gradient is behind it.
// This test reads the colours from the stylesheet, samples every gradient from stop to stop
// (every layer, every overlay), and computes the WCAG contrast ratio of each text colour, at
// rest and on hover, against every background the text can stand on.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Rgba = { r: number; g: number; b: number; a: number };

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

/** Splits at `separator` outside parentheses. */
function splitTopLevel(value: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of value) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === separator && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  return [...parts, current.trim()].filter(Boolean);
}

function parseColor(text: string): Rgba {
  const value = text.trim();
  if (value === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return { r: parseInt(full.slice(0, 2), 16), g: parseInt(full.slice(2, 4), 16), b: parseInt(full.slice(4, 6), 16), a: 1 };
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)(?:\s*[/,]\s*([\d.]+)(%?))?\s*\)$/.exec(value);
  if (rgb) return { r: Number(rgb[1]), g: Number(rgb[2]), b: Number(rgb[3]), a: rgb[4] === undefined ? 1 : Number(rgb[4]) / (rgb[5] ? 100 : 1) };
  const mix = /^color-mix\(in srgb,\s*(.+)\)$/.exec(value)?.[1];
  if (mix) {
    const [first, second] = splitTopLevel(mix, ',').map((part) => {
      const percent = /\s([\d.]+)%$/.exec(part);
      return { color: parseColor(percent ? part.slice(0, percent.index) : part), weight: percent ? Number(percent[1]) / 100 : undefined };
    });
    const p = first!.weight ?? 1 - (second!.weight ?? 0.5);
    return interpolate(second!.color, first!.color, p);
  }
  throw new Error(`unknown colour "${value}"`);
}

/** The colour a fraction `t` of the way from `from` to `to`, with premultiplied alpha (as CSS gradients and color-mix do). */
function interpolate(from: Rgba, to: Rgba, t: number): Rgba {
  const a = from.a * (1 - t) + to.a * t;
  const channel = (key: 'r' | 'g' | 'b') => (a === 0 ? 0 : (from[key] * from.a * (1 - t) + to[key] * to.a * t) / a);
  return { r: channel('r'), g: channel('g'), b: channel('b'), a };
}

/** `top` painted over `bottom`. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top.a + bottom.a * (1 - top.a);
  const channel = (key: 'r' | 'g' | 'b') => (top[key] * top.a + bottom[key] * bottom.a * (1 - top.a)) / a;
  return { r: channel('r'), g: channel('g'), b: channel('b'), a };
}

/** The colours a background layer takes: a plain colour, or a gradient sampled between each pair of stops. */
function layerSamples(layer: string): Rgba[] {
  const gradient = /^(?:linear|radial)-gradient\((.*)\)$/.exec(layer)?.[1];
  if (!gradient) return [parseColor(layer)];
  const stops = splitTopLevel(gradient, ',').flatMap((argument) => {
    const color = argument.replace(/(\s+-?[\d.]+(%|rem|px|em|deg)?)+$/, '');
    try {
      return [parseColor(color)];
    } catch {
      return []; // The gradient's shape, size or angle.
    }
  });
  if (stops.length < 2) throw new Error(`a gradient with fewer than two stops: ${layer}`);
  return stops.slice(1).flatMap((stop, index) => [0, 0.25, 0.5, 0.75, 1].map((t) => interpolate(stops[index]!, stop, t)));
}

/** Every colour the element's background shows: one sample of each layer, painted from the last layer up. */
function backgroundsOf(selector: string): Rgba[] {
  const layers = splitTopLevel(property([selector], 'background'), ',').map(layerSamples);
  return layers.reduceRight<Rgba[]>((below, samples) => below.flatMap((bottom) => samples.map((top) => over(top, bottom))), [{ r: 255, g: 255, b: 255, a: 1 }]);
}

function luminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The WCAG 2 contrast ratio of two opaque colours. */
function contrastRatio(first: Rgba, second: Rgba): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The lowest ratio of a text colour against the backgrounds (the text painted over each one). */
function worstRatio(text: string, backgrounds: Rgba[]): number {
  return Math.min(...backgrounds.map((background) => contrastRatio(over(parseColor(text), background), background)));
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
