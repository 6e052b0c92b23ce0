import { describe, expect, it } from 'vitest';
import { classifyGlyph, featureDistance, prototypesOf } from './classify';
import { GRID } from './features';
import { readText } from './read-text';
import { solveAxisLabels } from './axis-solve';
import type { TextToken, TokenGlyph } from './types';
import { decodeImage } from '../../../adapters/node/decode-image';
import { existsSync } from 'node:fs';
import { toRaster } from '../pixels/raster';
import { readStrip } from '../layout';

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;

async function axisTokens(file: string): Promise<TextToken[]> {
  const img = await decodeImage(FIXTURES + file);
  return readText(img, { left: 0, top: 0, right: img.width, bottom: img.height });
}

const labelTexts = (tokens: TextToken[]) => tokens.filter((t) => !t.badge).map((t) => t.text);

/** The glyph mirrored left to right: a shape no template font has. */
function mirrored(g: TokenGlyph): TokenGlyph {
  const f = g.features.slice();
  for (let y = 0; y < GRID; y++)
    for (let x = 0; x < GRID; x++) f[y * GRID + x] = g.features[y * GRID + GRID - 1 - x]!;
  return { ...g, features: f, text: classifyGlyph(f).label };
}

/**
 * The glyph drawn part way towards the nearest prototype of another character: like a digit of a
 * font the templates lack, near its own digit but read as the other.
 */
function towards(char: string, share: number): (g: TokenGlyph) => TokenGlyph {
  return (g) => {
    const near = prototypesOf(char).sort(
      (a, b) => featureDistance(a, g.features) - featureDistance(b, g.features),
    )[0]!;
    const f = g.features.map((v, i) => (1 - share) * v + share * near[i]!);
    return { ...g, features: f, text: classifyGlyph(f).label };
  };
}

/** Every glyph read as `digit` redrawn by `redraw`, and the token's text read again from them. */
function redrawDigit(tokens: TextToken[], digit: string, redraw: (g: TokenGlyph) => TokenGlyph): TextToken[] {
  return tokens.map((t) => {
    if (!t.glyphs || t.badge) return t;
    const glyphs = t.glyphs.map((g) => (g.text === digit ? redraw(g) : g));
    return { ...t, glyphs, text: glyphs.map((g) => g.text).join('') };
  });
}

/**
 * An axis of `labels` (top to bottom, 30 px apart) drawn with the glyphs the recogniser cut from
 * a real axis strip: each character is a copy of one glyph of that text.
 */
function composedAxis(source: TextToken[], labels: string[]): TextToken[] {
  // Each glyph with its offset from the top of its own label (a point sits low).
  const inventory = new Map<string, { g: TokenGlyph; dy: number }>();
  for (const t of source)
    for (const g of t.glyphs ?? [])
      if (!inventory.has(g.text)) inventory.set(g.text, { g, dy: g.box.top - t.box.top });
  return labels.map((label, row) => {
    const top = 10 + 30 * row;
    let x = 4;
    const glyphs = [...label].map((ch) => {
      const { g, dy } = inventory.get(ch)!;
      const w = g.box.right - g.box.left;
      const box = { left: x, top: top + dy, right: x + w, bottom: top + dy + g.box.bottom - g.box.top };
      x += w + 1;
      return { ...g, box };
    });
    return {
      text: label,
      box: {
        left: 4,
        top: Math.min(...glyphs.map((g) => g.box.top)),
        right: x - 1,
        bottom: Math.max(...glyphs.map((g) => g.box.bottom)),
      },
      confidence: 1,
      glyphs,
    };
  });
}

/** Ten labels 0.64500 ... 0.64050, 0.00050 apart. */
const TEN = Array.from({ length: 10 }, (_, i) => (0.645 - i * 0.0005).toFixed(5));

describe('solveAxisLabels', () => {
  it('keeps labels that were read right', async () => {
    const tokens = await axisTokens('dev-007-AUDUSD-tv-dark-5m-axis.png');
    const solved = solveAxisLabels(tokens);
    expect(solved).not.toBeNull();
    expect(labelTexts(solved!)).toEqual(labelTexts(tokens).filter((t) => /^\d+\.\d+$/.test(t)));
    const axis = composedAxis(tokens, TEN);
    expect(labelTexts(solveAxisLabels(axis)!)).toEqual(TEN);
  });

  it('reads a digit in a shape the templates do not know from the labels stepping evenly', async () => {
    const axis = composedAxis(await axisTokens('dev-007-AUDUSD-tv-dark-5m-axis.png'), TEN);
    // "3" drawn so that it reads "8" (it changes from label to label, so the progression can
    // tell what it is).
    const foreign = redrawDigit(axis, '3', towards('8', 0.65));
    expect(foreign.flatMap((t) => t.glyphs!).filter((g) => g.text === '3')).toEqual([]);
    expect(labelTexts(foreign)).not.toEqual(TEN);
    expect(labelTexts(solveAxisLabels(foreign)!)).toEqual(TEN);
  });

  it('gives up when a digit every label shares cannot be read (the magnitude is unknown)', async () => {
    const axis = composedAxis(await axisTokens('dev-007-AUDUSD-tv-dark-5m-axis.png'), TEN);
    // "6" of 0.6xxxx: any digit there steps as evenly.
    const unknown = redrawDigit(axis, '6', (g) => ({ ...mirrored(g), text: '?' }));
    expect(solveAxisLabels(unknown)).toBeNull();
  });

  it("solves the price labels apart from an indicator pane's scale below them (RSI)", async () => {
    const rsi = ['60.00', '50.00', '40.00', '30.00'];
    const axis = composedAxis(await axisTokens('dev-007-AUDUSD-tv-dark-5m-axis.png'), [...TEN, ...rsi]);
    // "3" redrawn to read "8", so that only the joint solve reads the price labels.
    const foreign = redrawDigit(axis, '3', towards('8', 0.65));
    expect(labelTexts(foreign).slice(0, 10)).not.toEqual(TEN);
    const solved = solveAxisLabels(foreign);
    expect(solved).not.toBeNull();
    expect(labelTexts(solved!).slice(0, 10)).toEqual(TEN);
  });

  it('takes a "1" every label shares, read as ")", for a 1 (a phone\'s footless 1 on JPEG)', async () => {
    const labels = Array.from({ length: 8 }, (_, i) => (1.3355 - i * 0.0005).toFixed(5));
    const axis = composedAxis(await axisTokens('dev-007-AUDUSD-tv-dark-5m-axis.png'), labels);
    const paren = redrawDigit(axis, '1', (g) => ({ ...g, text: ')' }));
    expect(labelTexts(paren)[0]).toBe(').33550');
    expect(labelTexts(solveAxisLabels(paren)!)).toEqual(labels);
  });

  it('finds no scale in numbers that do not step evenly down the column', async () => {
    const shuffled = [...TEN].sort((a, b) => (Number(a.slice(-3)) % 7) - (Number(b.slice(-3)) % 7));
    const axis = composedAxis(await axisTokens('dev-007-AUDUSD-tv-dark-5m-axis.png'), shuffled);
    expect(solveAxisLabels(axis)).toBeNull();
  });
});

/** A real TradingView capture (Safari, Retina) whose "1"s the templates read as "3". */
const ACHILLES = '../shared/chart-corpus/real/tv-gray-EURUSD-1h-trainict-achilles.png';

describe.skipIf(!existsSync(ACHILLES))('solveAxisLabels on a real capture', () => {
  it('does not give the "1" every label shares the reading of the real 3s, drawn in another shape', async () => {
    const img = await decodeImage(ACHILLES);
    const strip = { left: 2177, top: 0, right: 2290, bottom: img.height - 1 };
    // Read glyph by glyph with the text glyphs, 1.15200 ... 1.13000 read 3.35200 ... 3.33000: on a
    // line, every price wrong.
    const tokens = readText(img, strip);
    expect(labelTexts(tokens)).toContain('3.35200');
    const solved = labelTexts(solveAxisLabels(tokens)!);
    expect(solved).toContain('1.15200');
    expect(solved).toContain('1.13800');
    expect(solved.filter((t) => t.startsWith('3.'))).toEqual([]);
  });

  it('reads the labels right at once with the axis glyphs (Safari\'s "1" is near Roboto\'s)', async () => {
    const img = await decodeImage(ACHILLES);
    const tokens = readStrip(img, toRaster(img), { left: 2177, top: 0, right: 2290, bottom: img.height - 1 });
    expect(labelTexts(tokens)).toContain('1.15200');
    expect(labelTexts(tokens).filter((t) => t.startsWith('3.'))).toEqual([]);
  });
});
