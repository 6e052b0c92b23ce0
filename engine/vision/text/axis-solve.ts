import { distancesToLabels, featureDistance } from './classify';
import { parsePriceLabel } from './parse-price';
import type { TextToken, TokenGlyph } from './types';
import {
  CANDIDATES_PER_CLUSTER,
  EXTRA_TRIES,
  LABEL_EDGE_SLACK,
  LABEL_HEIGHT_SLACK,
  LABEL_MIN_GLYPHS,
  MAX_CLUSTERS,
  MAX_TRIES,
  MEASURED_MEMBERS,
  MIN_ROWS,
  MIN_ROWS_SHARE,
  MIN_ROW_TOLERANCE_PX,
  OTHER_CHAR_MIN_DISTANCE,
  PARSED_MEMO_LIMIT,
  ROW_JOIN_GAP,
  ROW_JOIN_MID_SHARE,
  ROW_TOLERANCE,
  SAME_GLYPH,
  SINGLE_CANDIDATES,
} from './tuning';

/*
 * Reading the labels of one price axis together, whatever the font.
 *
 * The glyph templates come from a few fonts; a platform drawing its axis in another (Tahoma,
 * Trebuchet, SF, Roboto ...) gets some digits misread, and misread alike on every label: "1" as
 * "J", "8" as "B", "0" as ")". Two facts fix that without knowing the font: one axis draws all
 * its labels in one font and size, so equal glyphs are one character wherever they stand; and
 * the labels are prices rising upwards at one steady rate (a linear function of the row). So the
 * glyphs of the label rows are clustered by shape, each cluster gets the characters it could be
 * (ranked by the templates' distance, which still orders the right digit near the top), and the
 * assignments are tried from the most to the least likely until one puts (nearly) every label
 * row on one straight line of price against row. A wrong assignment can hardly do that: the
 * digits of a dozen labels must then step by one amount.
 */

/** What an axis glyph may be. */
const CHARS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '.', ','] as const;
/**
 * What the glyph reader's letters stand for in a number (fonts the templates lack draw "1" like
 * "J" or "l", "0" like "O" or "D", "8" like "B"): how the reader's own reading of a glyph the
 * progression cannot check (a digit every label shares) is taken.
 */
const AS_DIGIT: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  l: '1',
  I: '1',
  i: '1',
  J: '1',
  j: '1',
  '|': '1',
  // A "1" with no foot and a curved flag (a phone's sans at 3x, blurred by JPEG) is nearest the
  // templates' ")"; no label of a price axis holds a parenthesis.
  ')': '1',
  Z: '2',
  z: '2',
  S: '5',
  s: '5',
  b: '6',
  G: '6',
  B: '8',
  g: '9',
  q: '9',
};
const digitOf = (t: string): string | null => (/^[0-9.,]$/.test(t) ? t : (AS_DIGIT[t] ?? null));

interface Row {
  tokens: TextToken[];
  glyphs: TokenGlyph[];
  /** Centre row of the glyphs (px). */
  y: number;
  height: number;
}

interface Cluster {
  members: TokenGlyph[];
  /** Candidate characters, cheapest first, with their extra cost over the best. */
  options: { char: string; cost: number }[];
}

/**
 * The axis tokens with the label rows read again jointly, or null when no reading of them forms
 * one price scale. Tokens on one row close together (a label split at its decimal point) are
 * joined; badges and tokens beside the label column are returned unchanged.
 */
export function solveAxisLabels(tokens: TextToken[]): TextToken[] | null {
  const rows = labelRows(tokens);
  const all = solveRows(tokens, rows);
  if (all) return all;
  // An indicator pane's scale below the price pane's in the same column (RSI's "70.00" under
  // "1.33200") puts a quarter or more of the rows off the price labels' line, and the legend's
  // numbers above may add one more. One scale prints its labels in one format, so the rows of
  // the most common length are solved on their own (the others returned unchanged).
  const lengths = new Map<number, number>();
  for (const r of rows) lengths.set(r.glyphs.length, (lengths.get(r.glyphs.length) ?? 0) + 1);
  const ranked = [...lengths].sort((a, b) => b[1] - a[1]);
  if (ranked.length < 2 || ranked[0]![1] === ranked[1]![1]) return null;
  const common = rows.filter((r) => r.glyphs.length === ranked[0]![0]);
  return solveRows(tokens, common);
}

/** solveAxisLabels on the given label rows of the tokens. */
function solveRows(tokens: TextToken[], rows: Row[]): TextToken[] | null {
  if (rows.length < MIN_ROWS) return null;
  const clusters = clusterGlyphs(rows);
  if (clusters.length === 0) return null;
  const clusterOf = new Map<TokenGlyph, number>();
  clusters.forEach((c, k) => c.members.forEach((g) => clusterOf.set(g, k)));
  if (clusters.length > MAX_CLUSTERS) return null;
  const rowClusters = rows.map((r) => r.glyphs.map((g) => clusterOf.get(g)!));
  const minRows = Math.max(MIN_ROWS, Math.ceil(rows.length * MIN_ROWS_SHARE));
  const textsOf = (chars: string[]) => rowClusters.map((ks) => ks.map((k) => chars[k]!).join(''));
  const found = bestAssignment(clusters, (choice) => {
    const chars = choice.map((r, k) => clusters[k]!.options[r]!.char);
    const n = onOneLine(rows, textsOf(chars), minRows);
    return n > 0 ? { value: chars, score: n } : null;
  });
  if (!found) return null;
  const onLine = onOneLine(rows, textsOf(found), minRows);
  // The progression only checks the digits that change from label to label: a digit every label
  // shares ("1.13" of 1.13040 ... 1.12940) may be any digit and as many labels still step evenly.
  // Such a cluster takes what the glyph reader read most in it; where that is no digit, the
  // labels' magnitude is unknown and nothing is returned.
  for (let k = 0; k < clusters.length; k++) {
    const free = CHARS.filter((c) => {
      if (c === found[k]) return false;
      const chars = found.slice();
      chars[k] = c;
      return onOneLine(rows, textsOf(chars), minRows) >= onLine;
    });
    if (free.length === 0) continue;
    const votes = new Map<string, number>();
    for (const m of clusters[k]!.members) {
      const d = digitOf(m.text);
      if (d !== null) votes.set(d, (votes.get(d) ?? 0) + 1);
    }
    let read = [...votes].sort((a, b) => b[1] - a[1])[0]?.[0];
    const allowed = (c: string) => c === found[k] || free.includes(c as (typeof CHARS)[number]);
    // One font draws one character one way: a reading another cluster of a clearly different
    // shape already has (a "1" every label shares read as "3", beside the real 3s of "1.13800")
    // is the wrong one; the cluster takes the nearest character no such cluster has.
    const taken = (c: string) =>
      clusters.some((other, j) => j !== k && found[j] === c && shapesDiffer(other, clusters[k]!));
    if (read !== undefined && allowed(read) && taken(read))
      read = clusters[k]!.options.map((o) => o.char).find((c) => allowed(c) && !taken(c));
    if (read === undefined || !allowed(read)) return null;
    found[k] = read;
  }
  const solution = textsOf(found);
  const inRow = new Set(rows.flatMap((r) => r.tokens));
  const out = tokens.filter((t) => !inRow.has(t));
  rows.forEach((r, i) => {
    const boxes = r.tokens.map((t) => t.box);
    out.push({
      text: solution[i]!,
      box: {
        left: Math.min(...boxes.map((b) => b.left)),
        top: Math.min(...boxes.map((b) => b.top)),
        right: Math.max(...boxes.map((b) => b.right)),
        bottom: Math.max(...boxes.map((b) => b.bottom)),
      },
      confidence: Math.min(...r.tokens.map((t) => t.confidence)),
      glyphs: r.glyphs.map((g, j) => ({ ...g, text: solution[i]![j]! })),
    });
  });
  return out.sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left);
}

/** Whether two clusters' closest members differ in shape clearly (OTHER_CHAR_MIN_DISTANCE). */
function shapesDiffer(a: Cluster, b: Cluster): boolean {
  let closest = Infinity;
  for (const g of a.members.slice(0, MEASURED_MEMBERS))
    for (const h of b.members.slice(0, MEASURED_MEMBERS))
      closest = Math.min(closest, featureDistance(g.features, h.features));
  return closest > OTHER_CHAR_MIN_DISTANCE;
}

/**
 * The rows of the label column: non-badge tokens joined per row (gaps under 1.2 glyph heights),
 * of the common glyph height, aligned on one edge with most others (labels are right- or
 * left-aligned), at least three glyphs long.
 */
function labelRows(tokens: TextToken[]): Row[] {
  const usable = tokens
    .filter((t) => t.badge !== true && t.glyphs && t.glyphs.length > 0)
    .sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left);
  const rows: Row[] = [];
  for (const t of usable) {
    const h = t.box.bottom - t.box.top;
    const mid = (t.box.top + t.box.bottom) / 2;
    const row = rows.find((r) => {
      const last = r.tokens.at(-1)!;
      return (
        Math.abs(r.y - mid) <= ROW_JOIN_MID_SHARE * r.height &&
        t.box.left >= last.box.right &&
        t.box.left - last.box.right <= ROW_JOIN_GAP * Math.max(h, r.height)
      );
    });
    if (row) {
      row.tokens.push(t);
      row.glyphs.push(...t.glyphs!);
    } else rows.push({ tokens: [t], glyphs: [...t.glyphs!], y: mid, height: h });
  }
  for (const r of rows) {
    const top = Math.min(...r.glyphs.map((g) => g.box.top));
    const bottom = Math.max(...r.glyphs.map((g) => g.box.bottom));
    r.y = (top + bottom) / 2;
    r.height = bottom - top;
  }
  // Label rows read mostly as digits (or their look-alikes), whatever else stands in the column.
  const long = rows.filter(
    (r) =>
      r.glyphs.length >= LABEL_MIN_GLYPHS &&
      r.glyphs.filter((g) => digitOf(g.text) !== null).length * 2 > r.glyphs.length,
  );
  if (long.length < MIN_ROWS) return [];
  const heights = long.map((r) => r.height).sort((a, b) => a - b);
  const h = heights[heights.length >> 1]!;
  const sized = long.filter((r) => Math.abs(r.height - h) <= Math.max(1, LABEL_HEIGHT_SLACK * h));
  // The edge most rows share (within a glyph's width): labels of one axis align on it.
  const tol = Math.max(2, LABEL_EDGE_SLACK * h);
  let best: Row[] = [];
  for (const edge of ['left', 'right'] as const) {
    const at = (r: Row) => (edge === 'left' ? r.tokens[0]!.box.left : r.tokens.at(-1)!.box.right);
    for (const anchor of sized) {
      const group = sized.filter((r) => Math.abs(at(r) - at(anchor)) <= tol);
      if (group.length > best.length) best = group;
    }
  }
  return best.length >= MIN_ROWS ? best.sort((a, b) => a.y - b.y) : [];
}

/** Greedy clustering of the rows' glyphs by shape, each with its candidate characters. */
function clusterGlyphs(rows: Row[]): Cluster[] {
  const groups: { members: TokenGlyph[]; first: Float32Array }[] = [];
  for (const g of rows.flatMap((r) => r.glyphs)) {
    let best: (typeof groups)[number] | null = null;
    let bestD = SAME_GLYPH;
    for (const c of groups) {
      const d = featureDistance(g.features, c.first);
      if (d < bestD) [best, bestD] = [c, d];
    }
    if (best) best.members.push(g);
    else groups.push({ members: [g], first: g.features });
  }
  return groups.map(({ members }) => {
    // Each member pays for a worse match: a character seen on every label weighs more than one
    // seen once, and members drawn a little differently each count. Measured on a few members
    // spread over the cluster, scaled to all of them.
    const d = new Float64Array(CHARS.length);
    const step = Math.max(1, Math.floor(members.length / MEASURED_MEMBERS));
    let measured = 0;
    for (let j = 0; j < members.length; j += step, measured++) {
      const dm = distancesToLabels(members[j]!.features, CHARS, 'axis');
      for (let i = 0; i < CHARS.length; i++) d[i]! += dm[i]!;
    }
    for (let i = 0; i < CHARS.length; i++) d[i]! *= members.length / measured;
    const ranked = CHARS.map((char, i) => ({ char: char as string, d: d[i]! }))
      .filter((o) => Number.isFinite(o.d))
      .sort((a, b) => a.d - b.d)
      // A glyph seen once changes one label only: a few options are enough, and more would
      // multiply the assignments to try.
      .slice(0, members.length > 1 ? CANDIDATES_PER_CLUSTER : SINGLE_CANDIDATES);
    const base = ranked[0]?.d ?? 0;
    return { members, options: ranked.map((o) => ({ char: o.char, cost: o.d - base })) };
  });
}

/**
 * The assignment (one option per cluster) that `accept` scores highest among the cheapest it
 * takes: assignments are tried in order of total cost (a best-first walk over the options'
 * ranks, each assignment met once); after the first one taken, EXTRA_TRIES more are tried for
 * one that scores higher (a misread label left off the line costs less than reading it right).
 * Null when none of the first MAX_TRIES is taken.
 */
function bestAssignment<T>(
  clusters: Cluster[],
  accept: (choice: number[]) => { value: T; score: number } | null,
): T | null {
  const n = clusters.length;
  const cost = (choice: number[]) => choice.reduce((s, r, k) => s + clusters[k]!.options[r]!.cost, 0);
  // A binary heap of (cost, choice, the first cluster this choice may still change).
  const heap: { cost: number; choice: number[]; from: number }[] = [];
  const push = (e: (typeof heap)[number]) => {
    heap.push(e);
    let i = heap.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (heap[p]!.cost <= heap[i]!.cost) break;
      [heap[p], heap[i]] = [heap[i]!, heap[p]!];
      i = p;
    }
  };
  const pop = () => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const a = 2 * i + 1;
        const b = a + 1;
        let m = i;
        if (a < heap.length && heap[a]!.cost < heap[m]!.cost) m = a;
        if (b < heap.length && heap[b]!.cost < heap[m]!.cost) m = b;
        if (m === i) break;
        [heap[m], heap[i]] = [heap[i]!, heap[m]!];
        i = m;
      }
    }
    return top;
  };
  const start = new Array<number>(n).fill(0);
  push({ cost: cost(start), choice: start, from: 0 });
  let best: { value: T; score: number } | null = null;
  let stop = MAX_TRIES;
  for (let tries = 0; heap.length > 0 && tries < stop; tries++) {
    const { choice, from } = pop();
    const found = accept(choice);
    if (found !== null && (!best || found.score > best.score)) {
      if (!best) stop = Math.min(stop, tries + EXTRA_TRIES);
      best = found;
    }
    // Successors raise one cluster's rank, at or after the last one raised: every rank vector
    // is reached by exactly one path, and never before a cheaper one (costs grow with rank).
    for (let k = from; k < n; k++) {
      if (choice[k]! + 1 >= clusters[k]!.options.length) continue;
      const next = choice.slice();
      next[k]!++;
      push({ cost: cost(next), choice: next, from: k });
    }
  }
  return best?.value ?? null;
}

/**
 * How many of the texts are prices of one form (the same number of decimals)
 * that lie on one straight line of price against row, rising upwards, no two equal; 0 when fewer
 * than `minRows`.
 */
function onOneLine(rows: Row[], texts: string[], minRows: number): number {
  const pts: { y: number; v: number; decimals: number }[] = [];
  for (let i = 0; i < rows.length; i++) {
    const t = texts[i]!;
    // A label has at most one decimal point, not at either end.
    const v = /^[.,]|[.,]$/.test(t) ? null : parsed(t);
    if (v === null) continue;
    const point = t.lastIndexOf('.');
    pts.push({ y: rows[i]!.y, v, decimals: point < 0 ? 0 : t.length - point - 1 });
  }
  if (pts.length < minRows) return 0;
  // One form: most labels print the same number of decimals.
  const counts = new Map<number, number>();
  for (const p of pts) counts.set(p.decimals, (counts.get(p.decimals) ?? 0) + 1);
  const decimals = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  let kept = pts.filter((p) => p.decimals === decimals);
  const h = rows.map((r) => r.height).sort((a, b) => a - b)[rows.length >> 1]!;
  const tol = Math.max(MIN_ROW_TOLERANCE_PX, ROW_TOLERANCE * h);
  // Least squares of row on price; the worst row is dropped while any misses the line.
  while (kept.length >= minRows) {
    const fit = lineOf(kept);
    if (!fit || !(fit.rowsPerUnit > 0)) return 0;
    let worst = -1;
    let worstR = tol;
    kept.forEach((p, i) => {
      const r = Math.abs(fit.y0 - fit.rowsPerUnit * p.v - p.y);
      if (r > worstR) [worst, worstR] = [i, r];
    });
    if (worst < 0) return new Set(kept.map((p) => p.v)).size === kept.length ? kept.length : 0;
    kept = kept.filter((_, i) => i !== worst);
  }
  return 0;
}

/**
 * parsePriceLabel, remembered: the assignments tried differ in a glyph or two, so most label
 * texts come back again and again.
 */
const parsedTexts = new Map<string, number | null>();
function parsed(text: string): number | null {
  let v = parsedTexts.get(text);
  if (v === undefined) {
    if (parsedTexts.size > PARSED_MEMO_LIMIT) parsedTexts.clear();
    v = parsePriceLabel(text);
    parsedTexts.set(text, v);
  }
  return v;
}

/** Row = y0 - rowsPerUnit * price, by least squares (rows grow downwards, prices upwards). */
function lineOf(pts: { y: number; v: number }[]): { y0: number; rowsPerUnit: number } | null {
  const n = pts.length;
  const mv = pts.reduce((s, p) => s + p.v, 0) / n;
  const my = pts.reduce((s, p) => s + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of pts) {
    num += (p.v - mv) * (p.y - my);
    den += (p.v - mv) ** 2;
  }
  if (!(den > 0)) return null;
  const slope = num / den;
  return { y0: my - slope * mv, rowsPerUnit: -slope };
}
