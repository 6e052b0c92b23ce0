import type { RgbaImage } from '../../core/image';
import { classifyGlyph, distancesToLabels, type GlyphGuess, type GlyphSet } from './classify';
import { glyphFeatures } from './features';
import { findTextLines, type GlyphBlob, type TextLine } from './segment';
import type { Rect, TextToken } from './types';
import {
  AS_DIGIT_SHARE,
  AS_DIGIT_SLACK,
  AS_LETTER_SHARE,
  AS_LETTER_SLACK,
  CAP_PER_EM,
  CONFIDENCE_SCALE,
  DIGIT_PAIR_CUT_FROM,
  DIGIT_PAIR_CUT_TO,
  GLYPH_MEMO_LIMIT,
  GLYPH_MIN_HEIGHT,
  GLYPH_MIN_WIDTH,
  JOIN_BEAT_BEST,
  JOIN_BEAT_BEST_SLACK,
  JOIN_BEAT_WORST,
  JOIN_MAX_GAP,
  JOIN_MAX_WIDTH,
  JOIN_NARROW,
  JOIN_POOR_MATCH,
  JOIN_SPECK_HEIGHT,
  JOIN_SPECK_SHARE,
  JOIN_SPECK_SLACK,
  NUMBER_GAP_EM,
  PIPETTE_CUT_SLACK_PX,
  PIPETTE_MAX_DISTANCE,
  PIPETTE_MAX_HEIGHT,
  PIPETTE_MIN_HEIGHT,
  PIPETTE_MIN_TOP,
  SPLIT_BEAT_SHARE,
  SPLIT_CUTS_TRIED,
  SPLIT_MAX_DEPTH,
  SPLIT_MIN_PART,
  SPLIT_MIN_WIDTH,
  SPLIT_PENALTY,
  SUB_BLOB_INK,
  THREE_STROKES_BEAT,
  THREE_STROKES_MAX_WIDTH,
  TOKEN_GAP_EM,
} from './tuning';

const DIGITISH = /[0-9]/;
const LETTER = /[A-Za-z]/;
/** Letter/digit look-alikes: resolved by the neighbours when the shapes are nearly tied. */
const AS_DIGIT: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  l: '1',
  I: '1',
  i: '1',
  S: '5',
  B: '8',
  Z: '2',
  z: '2',
  g: '9',
  q: '9',
  b: '6',
  G: '6',
};
const AS_LETTER: Record<string, string[]> = {
  '0': ['O', 'o', 'D'],
  '1': ['l', 'I'],
  '5': ['S', 's'],
  '8': ['B'],
  '2': ['Z', 'z'],
  '6': ['G', 'b'],
  '9': ['g', 'q'],
};

/**
 * Finds the text lines in `rect` (any background: dark, light or a coloured badge; any scale)
 * and returns one token per word/number, top to bottom then left to right. `glyphs` says which
 * prototypes the glyphs are compared with ('axis' for a price axis' labels: classify.ts GlyphSet).
 */
export function readText(image: RgbaImage, rect: Rect, glyphs: GlyphSet = 'text'): TextToken[] {
  const texts = current.image === image ? current.texts : null;
  const key = texts ? `${glyphs}:${rect.left},${rect.top},${rect.right},${rect.bottom}` : '';
  const kept = texts?.get(key);
  if (kept) return kept.map(copyToken);
  const tokens: TextToken[] = [];
  const outer = glyphSet;
  glyphSet = glyphs;
  try {
    for (const line of findTextLines(image, rect)) tokens.push(...readLine(line));
  } finally {
    glyphSet = outer;
  }
  texts?.set(key, tokens.map(copyToken));
  return tokens;
}

/** The prototypes the glyphs of the readText call in progress are compared with. */
let glyphSet: GlyphSet = 'text';

/** A token's copy, its box and glyphs copied too (callers may change the tokens they are given). */
function copyToken(t: TextToken): TextToken {
  const copy = { ...t, box: { ...t.box } };
  if (t.glyphs)
    copy.glyphs = t.glyphs.map((g) => ({ ...g, box: { ...g.box }, features: g.features.slice() }));
  return copy;
}

/**
 * What the text reads of one image keep for the next read of that same image (readChart's
 * ReadTrace.textMemo and ReadOptions.textMemo): the glyph guesses by feature vector, and the
 * tokens read in each rect of the image itself (not of a copy made from it, such as a title
 * line's grey copy). readText is a pure function of the image's pixels in the rect, and a guess
 * of the feature vector alone, so a read given this memo reads what it would read without it:
 * the same tokens, without the time. A read again beside an OCR'd axis column (the plot moved,
 * every pixel stage runs again) finds the title band above the plot and most glyphs known.
 */
export class TextMemo {
  /** Guesses by feature vector, hashed over the float bits (see classifyMemo), per glyph set. */
  readonly guesses: Record<GlyphSet, Map<number, { f: Float32Array; g: GlyphGuess }[]>> = {
    text: new Map(),
    axis: new Map(),
  };
  size = 0;
  /** The tokens read per glyph set and rect of `image` (`set:left,top,right,bottom`), kept as copies. */
  readonly texts = new Map<string, TextToken[]>();
  constructor(readonly image: RgbaImage | null) {}
}

interface ReadGlyph {
  blob: GlyphBlob;
  guess: GlyphGuess;
  text: string;
}

const guesses: Record<GlyphSet, WeakMap<GlyphBlob, GlyphGuess>> = {
  text: new WeakMap(),
  axis: new WeakMap(),
};
const featuresOf = new WeakMap<GlyphBlob, Float32Array>();

/**
 * Guesses by feature vector: a chart shows the same few glyphs over and over (the digits of
 * every price label, the axis strip read once to find it and again to read it), and equal
 * features classify alike, so each distinct vector is classified once. Hashed over the float
 * bits and compared in full on a hit. The memo in use is the one readChart was given for its
 * image (useTextMemo), else a fresh one per read.
 */
let current = new TextMemo(null);

/** Empties the memo of guesses by feature vector (each chart read starts afresh). */
export function forgetGlyphGuesses(): void {
  current = new TextMemo(null);
}

/**
 * Reads text with `memo` (TextMemo): readChart's, for its image, new or given by a read of the
 * same image before.
 */
export function useTextMemo(memo: TextMemo): void {
  current = memo;
}

function classifyMemo(f: Float32Array): GlyphGuess {
  const bits = new Uint32Array(f.buffer, f.byteOffset, f.length);
  let h = 0x811c9dc5;
  for (let i = 0; i < bits.length; i++) h = Math.imul(h ^ bits[i]!, 0x01000193);
  const memo = current.guesses[glyphSet];
  const bucket = memo.get(h);
  if (bucket) {
    for (const e of bucket) {
      let same = true;
      for (let i = 0; i < f.length && same; i++) same = Object.is(e.f[i], f[i]);
      if (same) return e.g;
    }
  }
  const g = classifyGlyph(f, glyphSet);
  if (current.size >= GLYPH_MEMO_LIMIT) {
    current.guesses.text.clear();
    current.guesses.axis.clear();
    current.size = 0;
  }
  if (bucket && memo.has(h)) bucket.push({ f, g });
  else memo.set(h, [{ f, g }]);
  current.size++;
  return g;
}

/** Classifies a blob once (joining and splitting ask about the same blobs repeatedly). */
function guessOf(blob: GlyphBlob, line: TextLine): GlyphGuess {
  let g = guesses[glyphSet].get(blob);
  if (!g) {
    const f = glyphFeatures(blob, line);
    g = classifyMemo(f);
    guesses[glyphSet].set(blob, g);
    featuresOf.set(blob, f);
  }
  return g;
}

/**
 * The blob cut in two at its three faintest columns in [from, to] (ties: nearer the middle),
 * keeping only cuts whose halves are both glyph-sized: a sliver cut off a wide glyph matches
 * "." or "," too well.
 */
function faintestCuts(blob: GlyphBlob, line: TextLine, from: number, to: number): [GlyphBlob, GlyphBlob][] {
  const w = blob.right - blob.left;
  const h = blob.bottom - blob.top;
  const colInk = new Float32Array(w);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) colInk[x]! += blob.ink[y * w + x]!;
  const cuts: number[] = [];
  for (let x = from; x <= to; x++) cuts.push(x);
  cuts.sort((a, b) => colInk[a]! - colInk[b]! || Math.abs(a - w / 2) - Math.abs(b - w / 2));
  const pairs: [GlyphBlob, GlyphBlob][] = [];
  for (const cut of cuts.slice(0, SPLIT_CUTS_TRIED)) {
    const left = subBlob(blob, 0, cut);
    const right = subBlob(blob, cut, w);
    if (left && right && glyphSized(left, line) && glyphSized(right, line)) pairs.push([left, right]);
  }
  return pairs;
}

/**
 * Classifies a blob; a wide one is also tried as two glyphs cut at its faintest columns
 * (antialiased digits like "00" often touch), and the cut is kept when both halves match clearly
 * better than the whole.
 */
function readBlob(blob: GlyphBlob, line: TextLine, depth: number): ReadGlyph[] {
  const guess = guessOf(blob, line);
  const whole: ReadGlyph[] = [{ blob, guess, text: guess.label }];
  const w = blob.right - blob.left;
  if (depth >= SPLIT_MAX_DEPTH || w < SPLIT_MIN_WIDTH * line.capHeight || w < 4) return whole;
  const minPart = Math.max(2, Math.round(SPLIT_MIN_PART * line.capHeight));
  let best: ReadGlyph[] | null = null;
  let bestCost = guess.distance * SPLIT_BEAT_SHARE;
  for (const [left, right] of faintestCuts(blob, line, minPart, w - minPart)) {
    const a = guessOf(left, line);
    const b = guessOf(right, line);
    // Two glyphs must explain the blob clearly better than one: halves of a round "O" match
    // "C" and ")" about as well as the whole matches "O".
    const cost = Math.max(a.distance, b.distance) + SPLIT_PENALTY;
    if (cost < bestCost) {
      bestCost = cost;
      best = [...readBlob(left, line, depth + 1), ...readBlob(right, line, depth + 1)];
    }
  }
  return best ?? whole;
}

/** The blob cut at one of its faintest columns into two digits, when some cut gives two. */
function digitPair(blob: GlyphBlob, line: TextLine): ReadGlyph[] | null {
  const w = blob.right - blob.left;
  // Two glyphs of a number are about equally wide: cut near the middle (the faintest columns
  // of a pair of zeros are also inside each zero's counter).
  let best: ReadGlyph[] | null = null;
  let bestCost = Infinity;
  for (const [left, right] of faintestCuts(
    blob,
    line,
    Math.round(DIGIT_PAIR_CUT_FROM * w),
    Math.round(DIGIT_PAIR_CUT_TO * w),
  )) {
    const a = guessOf(left, line);
    const b = guessOf(right, line);
    const cost = Math.max(a.distance, b.distance);
    // A half may match a look-alike best ("O" for a zero cut out of "00"): it is read as its digit
    // once the token is complete, like any look-alike in a number.
    const digit = (label: string) => /[0-9]/.test(label) || AS_DIGIT[label] !== undefined;
    if (digit(a.label) && digit(b.label) && cost < bestCost) {
      bestCost = cost;
      best = [
        { blob: left, guess: a, text: a.label },
        { blob: right, guess: b, text: b.label },
      ];
    }
  }
  return best;
}

/**
 * Thin strokes can fall below the ink threshold and break a glyph in two side by side pieces
 * ("O" as "C" + ")"). Adjacent pieces are joined when the joined shape matches a glyph clearly
 * better than the pieces do.
 */
function joinBrokenGlyphs(line: TextLine): GlyphBlob[] {
  const out: GlyphBlob[] = [];
  const maxGap = Math.max(1, Math.round(JOIN_MAX_GAP * line.capHeight));
  for (const blob of line.glyphs) {
    const prev = out[out.length - 1];
    if (prev && blob.left - prev.right <= maxGap) {
      const joined = unionBlob(prev, blob);
      const jw = joined.right - joined.left;
      const a = guessOf(prev, line);
      const b = guessOf(blob, line);
      // Two well-matched glyphs of normal width are two glyphs: only try joins that could help.
      const narrow = Math.min(prev.right - prev.left, blob.right - blob.left) < JOIN_NARROW * line.capHeight;
      if (
        jw <= JOIN_MAX_WIDTH * line.capHeight &&
        (narrow || Math.max(a.distance, b.distance) > JOIN_POOR_MATCH)
      ) {
        const j = guessOf(joined, line);
        // A speck touching a glyph and floating above the baseline is a stroke end that broke
        // off ("3" at 1x), not a full stop: keep it with the glyph unless that spoils the match.
        const speck = (g: GlyphBlob): boolean =>
          g.bottom - g.top <= JOIN_SPECK_HEIGHT * line.capHeight &&
          g.bottom < line.baseline &&
          blob.left <= prev.right;
        const [big] = speck(prev) ? [b] : speck(blob) ? [a] : [null];
        if (
          (big && j.distance <= big.distance * JOIN_SPECK_SHARE + JOIN_SPECK_SLACK) ||
          (j.distance < JOIN_BEAT_WORST * Math.max(a.distance, b.distance) &&
            j.distance < JOIN_BEAT_BEST * Math.min(a.distance, b.distance) + JOIN_BEAT_BEST_SLACK)
        ) {
          out[out.length - 1] = joined;
          continue;
        }
      }
    }
    out.push(blob);
    joinThreeStrokes(out, line, maxGap);
  }
  return out;
}

/**
 * "m" and "w" at 1x can break into three strokes, each read as ":" or "l" well enough that no
 * pair of them joins. Three narrow touching pieces that together read as m/w clearly better are
 * one glyph.
 */
function joinThreeStrokes(out: GlyphBlob[], line: TextLine, maxGap: number): void {
  if (out.length < 3) return;
  const [x, y, z] = out.slice(-3) as [GlyphBlob, GlyphBlob, GlyphBlob];
  const narrow = (g: GlyphBlob): boolean => g.right - g.left < JOIN_NARROW * line.capHeight;
  if (!narrow(x) || !narrow(y) || !narrow(z)) return;
  if (
    y.left - x.right > maxGap ||
    z.left - y.right > maxGap ||
    z.right - x.left > THREE_STROKES_MAX_WIDTH * line.capHeight
  )
    return;
  const joined = unionBlob(unionBlob(x, y), z);
  const j = guessOf(joined, line);
  const worst = Math.max(guessOf(x, line).distance, guessOf(y, line).distance, guessOf(z, line).distance);
  if (/^[mwMW]$/.test(j.label) && j.distance < THREE_STROKES_BEAT * worst)
    out.splice(out.length - 3, 3, joined);
}

function unionBlob(a: GlyphBlob, b: GlyphBlob): GlyphBlob {
  const left = Math.min(a.left, b.left);
  const top = Math.min(a.top, b.top);
  const right = Math.max(a.right, b.right);
  const bottom = Math.max(a.bottom, b.bottom);
  const w = right - left;
  const ink = new Float32Array(w * (bottom - top));
  for (const g of [a, b]) {
    const gw = g.right - g.left;
    for (let y = g.top; y < g.bottom; y++)
      for (let x = g.left; x < g.right; x++) {
        const i = (y - top) * w + x - left;
        ink[i] = Math.max(ink[i]!, g.ink[(y - g.top) * gw + x - g.left]!);
      }
  }
  return { left, top, right, bottom, ink };
}

function glyphSized(b: GlyphBlob, line: TextLine): boolean {
  return (
    b.bottom - b.top >= GLYPH_MIN_HEIGHT * line.capHeight &&
    b.right - b.left >= GLYPH_MIN_WIDTH * line.capHeight
  );
}

/** Columns [x0, x1) of a blob, trimmed to the rows and columns that hold ink. */
function subBlob(blob: GlyphBlob, x0: number, x1: number): GlyphBlob | null {
  const w = blob.right - blob.left;
  const h = blob.bottom - blob.top;
  const on = (x: number, y: number): boolean => blob.ink[y * w + x]! >= SUB_BLOB_INK;
  let l = x0;
  let r = x1;
  let t = 0;
  let b = h;
  const colHas = (x: number): boolean => {
    for (let y = 0; y < h; y++) if (on(x, y)) return true;
    return false;
  };
  while (l < r && !colHas(l)) l++;
  while (r > l && !colHas(r - 1)) r--;
  const rowHas = (y: number): boolean => {
    for (let x = l; x < r; x++) if (on(x, y)) return true;
    return false;
  };
  while (t < b && !rowHas(t)) t++;
  while (b > t && !rowHas(b - 1)) b--;
  if (r - l < 1 || b - t < 1) return null;
  const ink = new Float32Array((r - l) * (b - t));
  for (let y = t; y < b; y++)
    for (let x = l; x < r; x++) ink[(y - t) * (r - l) + x - l] = blob.ink[y * w + x]!;
  return { left: blob.left + l, top: blob.top + t, right: blob.left + r, bottom: blob.top + b, ink };
}

/** Look-alikes of a small digit: those of a full-size one, and an open "c" or "e" for a "0" a few px wide. */
const SMALL_AS_DIGIT: Record<string, string> = { ...AS_DIGIT, c: '0', C: '0', e: '0' };

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** Glyphs read so far that make a number with a decimal point: "1.0955" (after a tick mark: "·1.0955"). */
function decimalNumber(glyphs: ReadGlyph[]): boolean {
  const text = glyphs.map((g) => AS_DIGIT[g.text] ?? g.text).join('');
  return /^[-\u2212+\u00b7]?\d+[.,]\d+$/.test(text);
}

/**
 * The pipette digit some platforms print after a price, smaller and dropped below the baseline
 * (cTrader: "1.0955" then a small "0", read as "c" against full-size templates; glued to the
 * digit before it, "2" and a small "5" read as one "W"). The small digit is read against the
 * digits as if it were a line of its own (its own height and baseline); a glued one is cut off
 * first, at the first column whose ink runs below the baseline. Null when the blob is not one.
 */
function pipetteDigit(blob: GlyphBlob, line: TextLine): ReadGlyph[] | null {
  const cap = line.capHeight;
  const capTop = line.baseline - cap;
  if (blob.bottom <= line.baseline) return null;
  const small = (b: GlyphBlob): boolean => {
    const h = b.bottom - b.top;
    return (
      b.bottom > line.baseline &&
      h >= PIPETTE_MIN_HEIGHT * cap &&
      h <= PIPETTE_MAX_HEIGHT * cap &&
      b.top - capTop >= PIPETTE_MIN_TOP * cap
    );
  };
  if (small(blob)) {
    const g = smallDigit(blob);
    return g ? [g] : null;
  }
  if (blob.top - capTop >= PIPETTE_MIN_TOP * cap) return null;
  // The full-size digit ends at the last column with ink in the top rows (the small digit's
  // top is lower); the small one starts by the first column with ink below the baseline.
  const w = blob.right - blob.left;
  const h = blob.bottom - blob.top;
  const inkIn = (x: number, y0: number, y1: number): boolean => {
    for (let y = Math.max(0, y0); y < Math.min(h, y1); y++)
      if (blob.ink[y * w + x]! >= SUB_BLOB_INK) return true;
    return false;
  };
  const topRows = Math.round(capTop + PIPETTE_MIN_TOP * cap) - blob.top;
  let mainEnd = -1;
  for (let x = 0; x < w; x++) if (inkIn(x, 0, topRows)) mainEnd = x;
  let first = -1;
  for (let x = 0; x < w && first < 0; x++) if (inkIn(x, line.baseline - blob.top, h)) first = x;
  if (first < 0 || mainEnd < 0) return null;
  const from = Math.max(1, Math.min(mainEnd + 1, first - PIPETTE_CUT_SLACK_PX));
  const to = Math.min(w - 1, Math.max(mainEnd + 1, first));
  let best: ReadGlyph[] | null = null;
  let bestCost = Infinity;
  for (let cut = from; cut <= to; cut++) {
    const left = subBlob(blob, 0, cut);
    const right = subBlob(blob, cut, w);
    if (!left || !right || !glyphSized(left, line) || !small(right)) continue;
    const main = readBlob(left, line, 1);
    if (!main.every((g) => DIGITISH.test(g.text) || AS_DIGIT[g.text] !== undefined)) continue;
    const sub = smallDigit(right);
    if (!sub) continue;
    const cost = Math.max(sub.guess.distance, ...main.map((g) => g.guess.distance));
    if (cost < bestCost) {
      bestCost = cost;
      best = [...main, sub];
    }
  }
  return best;
}

/**
 * A small glyph read as a digit on a line of its own height (its distances to every digit kept for
 * the joint reading); null when it matches a letter that is no digit's look-alike, or nothing well.
 */
function smallDigit(blob: GlyphBlob): ReadGlyph | null {
  const own = { baseline: blob.bottom, capHeight: blob.bottom - blob.top };
  const f = glyphFeatures(blob, own);
  const whole = classifyGlyph(f, glyphSet);
  // A letter's shape wins unless it is a digit's look-alike: a small "0" reads as "o", "D", or
  // at a few px wide as an open "c".
  const digit = DIGITISH.test(whole.label) ? whole.label : (SMALL_AS_DIGIT[whole.label] ?? null);
  if (digit === null || whole.distance > PIPETTE_MAX_DISTANCE) return null;
  const d = distancesToLabels(f, DIGITS, glyphSet);
  const perLabel = new Map<string, number>(DIGITS.map((c, i) => [c, d[i]!]));
  featuresOf.set(blob, f);
  return { blob, guess: { label: digit, distance: whole.distance, perLabel }, text: digit };
}

function readLine(line: TextLine): TextToken[] {
  const em = line.capHeight / CAP_PER_EM;
  const groups: ReadGlyph[][] = [];
  let current: ReadGlyph[] = [];
  let lastRight = -Infinity;
  const blobs = joinBrokenGlyphs(line);
  for (let n = 0; n < blobs.length; n++) {
    const blob = blobs[n]!;
    const next = blobs[n + 1];
    // The last glyph right after a number with a point may be its pipette digit, printed small.
    const pipette =
      blob.left - lastRight <= TOKEN_GAP_EM * em &&
      (next === undefined || next.left - blob.right > TOKEN_GAP_EM * em) &&
      decimalNumber(current)
        ? pipetteDigit(blob, line)
        : null;
    let read = pipette ?? readBlob(blob, line, 0);
    // Two touching zeros look much like "%", but a "%" never follows a decimal point (also where
    // a third zero touching them was cut off the "%": "000" read "%" and "O").
    if (read[0]?.text === '%' && current[current.length - 1]?.text === '.')
      read = [...(digitPair(read[0].blob, line) ?? read.slice(0, 1)), ...read.slice(1)];
    for (const g of read) {
      // A dash growing out of a vertical rule is an axis tick mark (MetaTrader), not a minus sign.
      if (g.blob.atRule && /^[-−–—_]$/.test(g.text)) continue;
      // Inside a number a point may sit in a full-width cell (monospaced fonts): allow it more room.
      const prevText = current[current.length - 1]?.text ?? '';
      const beforePrev = current[current.length - 2]?.text ?? '';
      // Look-alikes count as digits here: they are resolved only once the token is complete.
      const digitLike = (t: string): boolean => /[0-9]/.test(t) || AS_DIGIT[t] !== undefined;
      const inNumber =
        (digitLike(prevText) && /[.,]/.test(g.text)) ||
        (/[.,]/.test(prevText) &&
          digitLike(g.text) &&
          current.every((c) => digitLike(c.text) || /[.,]/.test(c.text)) &&
          /[0-9]/.test(beforePrev + g.text));
      const gapEm = inNumber ? NUMBER_GAP_EM : TOKEN_GAP_EM;
      if (g.blob.left - lastRight > gapEm * em && current.length > 0) {
        groups.push(current);
        current = [];
      }
      current.push(g);
      lastRight = Math.max(lastRight, g.blob.right);
    }
  }
  if (current.length > 0) groups.push(current);

  return groups.map((glyphs) => {
    resolveLookAlikes(glyphs);
    let conf = 1;
    for (const g of glyphs) conf = Math.min(conf, Math.exp(-g.guess.distance / CONFIDENCE_SCALE));
    const box: Rect = {
      left: Math.min(...glyphs.map((g) => g.blob.left)),
      top: Math.min(...glyphs.map((g) => g.blob.top)),
      right: Math.max(...glyphs.map((g) => g.blob.right)),
      bottom: Math.max(...glyphs.map((g) => g.blob.bottom)),
    };
    const token: TextToken = {
      text: glyphs.map((g) => g.text).join(''),
      box,
      confidence: conf,
      glyphs: glyphs.map((g) => ({
        text: g.text,
        box: { left: g.blob.left, top: g.blob.top, right: g.blob.right, bottom: g.blob.bottom },
        features: featuresOf.get(g.blob) ?? glyphFeatures(g.blob, line),
      })),
    };
    if (line.badge) token.badge = true;
    return token;
  });
}

/**
 * Swaps O/0, l/1, S/5 ... when the token says which one it is and the shapes nearly tie: in a
 * token of digits and separators every look-alike letter is a digit ("2556,OO" is "2556.00"),
 * except a leading O/H/L/C glued to a number (TradingView's "O1.13957"); between two letters a
 * digit look-alike is a letter.
 */
function resolveLookAlikes(glyphs: ReadGlyph[]): void {
  const numericish = (t: string): boolean =>
    DIGITISH.test(t) || t === '.' || t === ',' || AS_DIGIT[t] !== undefined;
  const isLetter = (g: ReadGlyph | undefined): boolean => g !== undefined && LETTER.test(g.text);
  const start = glyphs.length > 1 && /^[OHLC]$/.test(glyphs[0]!.text) && glyphs[1]!.text !== '.' ? 1 : 0;
  const body = glyphs.slice(start);
  if (body.some((g) => DIGITISH.test(g.text)) && body.every((g) => numericish(g.text))) {
    for (const g of body) {
      const digit = AS_DIGIT[g.text];
      if (!digit) continue;
      const d = g.guess.perLabel.get(digit);
      if (d !== undefined && d <= g.guess.distance * AS_DIGIT_SHARE + AS_DIGIT_SLACK) g.text = digit;
    }
    return;
  }
  for (let i = 1; i + 1 < glyphs.length; i++) {
    const g = glyphs[i]!;
    const letters = AS_LETTER[g.text];
    if (!letters || !isLetter(glyphs[i - 1]) || !isLetter(glyphs[i + 1])) continue;
    let bestL: string | null = null;
    let bestD = Infinity;
    for (const l of letters) {
      const d = g.guess.perLabel.get(l);
      if (d !== undefined && d < bestD) {
        bestD = d;
        bestL = l;
      }
    }
    if (bestL && bestD <= g.guess.distance * AS_LETTER_SHARE + AS_LETTER_SLACK) g.text = bestL;
  }
}
