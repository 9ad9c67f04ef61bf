/**
 * Ruled tables: the grids that a page's drawn lines form. A table's borders come out of a
 * PDF as strokes (one rectangle per cell, or one line per border) or as thin filled
 * rectangles; they are merged into horizontal and vertical lines, lines that cross are
 * grouped, and each group with at least two rows and two columns is a grid. Which text
 * falls into which cell is the caller's business (extract.ts).
 */

/** A drawn line, horizontal or vertical, in page points (y grows upwards). */
export interface Rule {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface GridCell {
  /** The first grid column the cell covers. */
  column: number;
  /** How many grid columns it covers (a missing vertical line merges cells). */
  span: number;
}

export interface Grid {
  /** Column boundaries, left to right. */
  xs: number[];
  /** Row boundaries, top to bottom (descending y). */
  ys: number[];
  /** Each row's cells, left to right. */
  rows: GridCell[][];
}

interface Stroke {
  /** The y of a horizontal line, the x of a vertical one. */
  at: number;
  from: number;
  to: number;
}

/** Lines this close are one line (double borders, a cell's edge drawn by both neighbours). */
const SNAP = 2;
/** Past this many lines a page is a drawing, not a table. */
const MAX_LINES = 1_500;

export function findGrids(rules: Rule[]): Grid[] {
  const horizontals = mergeStrokes(rules.filter((r) => Math.abs(r.y1 - r.y0) <= 1 && Math.abs(r.x1 - r.x0) >= 4).map((r) => span((r.y0 + r.y1) / 2, r.x0, r.x1)));
  const verticals = mergeStrokes(rules.filter((r) => Math.abs(r.x1 - r.x0) <= 1 && Math.abs(r.y1 - r.y0) >= 4).map((r) => span((r.x0 + r.x1) / 2, r.y0, r.y1)));
  if (!horizontals.length || !verticals.length || horizontals.length > MAX_LINES || verticals.length > MAX_LINES) return [];

  // Lines that cross or touch belong to one table.
  const parent = Array.from({ length: horizontals.length + verticals.length }, (_v, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  horizontals.forEach((h, i) => {
    verticals.forEach((v, k) => {
      if (v.at >= h.from - SNAP && v.at <= h.to + SNAP && h.at >= v.from - SNAP && h.at <= v.to + SNAP) parent[root(i)] = root(horizontals.length + k);
    });
  });
  const groups = new Map<number, { horizontals: Stroke[]; verticals: Stroke[] }>();
  for (let i = 0; i < parent.length; i++) {
    const group = groups.get(root(i)) ?? { horizontals: [], verticals: [] };
    if (i < horizontals.length) group.horizontals.push(horizontals[i]!);
    else group.verticals.push(verticals[i - horizontals.length]!);
    groups.set(root(i), group);
  }

  const grids: Grid[] = [];
  for (const group of groups.values()) {
    if (!group.horizontals.length || !group.verticals.length) continue;
    // The outer edges come from the lines' ends too: a table drawn with inside borders only
    // has no frame.
    const xs = cluster([...group.verticals.map((v) => v.at), Math.min(...group.horizontals.map((h) => h.from)), Math.max(...group.horizontals.map((h) => h.to))]);
    const ys = cluster([...group.horizontals.map((h) => h.at), Math.min(...group.verticals.map((v) => v.from)), Math.max(...group.verticals.map((v) => v.to))]).reverse();
    if (xs.length < 3 || ys.length < 3 || xs.length > 41 || ys.length > 501) continue;
    const rows = ys.slice(1).map((bottom, r) => {
      const middle = (ys[r]! + bottom) / 2;
      const cells: GridCell[] = [];
      let start = 0;
      for (let k = 1; k < xs.length - 1; k++) {
        const divided = group.verticals.some((v) => Math.abs(v.at - xs[k]!) <= SNAP && v.from <= middle && v.to >= middle);
        if (!divided) continue;
        cells.push({ column: start, span: k - start });
        start = k;
      }
      cells.push({ column: start, span: xs.length - 1 - start });
      return cells;
    });
    grids.push({ xs, ys, rows });
  }
  return grids;
}

const span = (at: number, a: number, b: number): Stroke => ({ at, from: Math.min(a, b), to: Math.max(a, b) });

/** Collinear pieces that overlap or touch become one line. */
function mergeStrokes(strokes: Stroke[]): Stroke[] {
  const sorted = [...strokes].sort((p, q) => p.at - q.at);
  const out: Stroke[] = [];
  for (let i = 0; i < sorted.length; ) {
    // Pieces on one line (within a point of each other), merged left to right.
    let j = i + 1;
    while (j < sorted.length && sorted[j]!.at - sorted[j - 1]!.at <= 1) j++;
    const line = sorted.slice(i, j).sort((p, q) => p.from - q.from);
    const at = line.reduce((sum, s) => sum + s.at, 0) / line.length;
    let current: Stroke | null = null;
    for (const piece of line) {
      if (current && piece.from <= current.to + SNAP) current.to = Math.max(current.to, piece.to);
      else out.push((current = { at, from: piece.from, to: piece.to }));
    }
    i = j;
  }
  return out;
}

/** Positions closer than a few points are one boundary. */
function cluster(values: number[]): number[] {
  const sorted = [...values].sort((p, q) => p - q);
  const groups: number[][] = [];
  for (const value of sorted) {
    const last = groups[groups.length - 1];
    if (last && value - last[last.length - 1]! <= SNAP * 2) last.push(value);
    else groups.push([value]);
  }
  return groups.map((g) => g.reduce((sum, v) => sum + v, 0) / g.length);
}
