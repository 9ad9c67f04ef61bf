// WCAG contrast over gradients (review: axe answers "needs review" for text over a gradient):
// colours as CSS writes or computes them, gradients sampled from stop to stop, layers painted
// over one another, and the WCAG 2 contrast ratio. Used by web/src/styles.contrast.test.ts
// (the colours of styles.css) and tests/e2e/gradient-contrast.test.ts (the rendered page).

export type Rgba = { r: number; g: number; b: number; a: number };

/** Splits at `separator` outside parentheses. */
export function splitTopLevel(value: string, separator: string): string[] {
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

export function parseColor(text: string): Rgba {
  const value = text.trim();
  if (value === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return { r: parseInt(full.slice(0, 2), 16), g: parseInt(full.slice(2, 4), 16), b: parseInt(full.slice(4, 6), 16), a: 1 };
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)(?:\s*[/,]\s*([\d.]+)(%?))?\s*\)$/.exec(value);
  if (rgb) return { r: Number(rgb[1]), g: Number(rgb[2]), b: Number(rgb[3]), a: rgb[4] === undefined ? 1 : Number(rgb[4]) / (rgb[5] ? 100 : 1) };
  const srgb = /^color\(srgb\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)(?:\s*\/\s*([\d.]+))?\s*\)$/.exec(value);
  if (srgb) return { r: Number(srgb[1]) * 255, g: Number(srgb[2]) * 255, b: Number(srgb[3]) * 255, a: srgb[4] === undefined ? 1 : Number(srgb[4]) };
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
export function interpolate(from: Rgba, to: Rgba, t: number): Rgba {
  const a = from.a * (1 - t) + to.a * t;
  const channel = (key: 'r' | 'g' | 'b') => (a === 0 ? 0 : (from[key] * from.a * (1 - t) + to[key] * to.a * t) / a);
  return { r: channel('r'), g: channel('g'), b: channel('b'), a };
}

/** `top` painted over `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top.a + bottom.a * (1 - top.a);
  const channel = (key: 'r' | 'g' | 'b') => (top[key] * top.a + bottom[key] * bottom.a * (1 - top.a)) / a;
  return { r: channel('r'), g: channel('g'), b: channel('b'), a };
}

/** Every colour a stack of background layers (CSS order: the first on top) shows over white: one sample of each layer. */
export function backgroundsOfLayers(background: string): Rgba[] {
  // A computed background-image says "none" for a layer without an image (the colour layer of the shorthand).
  const layers = splitTopLevel(background, ',').filter((layer) => layer !== 'none').map(layerSamples);
  return layers.reduceRight<Rgba[]>((below, samples) => below.flatMap((bottom) => samples.map((top) => over(top, bottom))), [{ r: 255, g: 255, b: 255, a: 1 }]);
}

/** The colours a background layer takes: a plain colour, or a gradient sampled between each pair of stops. */
export function layerSamples(layer: string): Rgba[] {
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

function luminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The WCAG 2 contrast ratio of two opaque colours. */
export function contrastRatio(first: Rgba, second: Rgba): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The lowest ratio of a text colour against the backgrounds (the text painted over each one). */
export function worstRatio(text: string, backgrounds: Rgba[]): number {
  return Math.min(...backgrounds.map((background) => contrastRatio(over(parseColor(text), background), background)));
}

