import { readFileSync } from 'node:fs';
import type { RgbaImage } from '../../core/image';
import { identifyInstrument, parsePriceLabel, readLegendOhlc, readText } from './index';
import { forgetGlyphGuesses, TextMemo, useTextMemo } from './read-text';
import { withLegendValuesInAxisDigits } from './title';
import { decodeImage } from '../../../adapters/node/decode-image';
import { axisRect, corpusAvailable, expectedAxisLabels, legendRect, listCorpus } from './test-support/corpus';

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;

interface FixtureEntry {
  file: string;
  texts: string[];
  allowed?: string[];
  symbol?: string;
  timeframe?: string | null;
  badge?: string;
}

const fixtures = JSON.parse(readFileSync(FIXTURES + 'fixtures.json', 'utf8')) as FixtureEntry[];

const load = (file: string) => decodeImage(FIXTURES + file);

function whole(img: RgbaImage): { left: number; top: number; right: number; bottom: number } {
  return { left: 0, top: 0, right: img.width, bottom: img.height };
}

describe('readText on committed crops', () => {
  it.each(fixtures.filter((f) => f.symbol === undefined).map((f) => [f.file, f] as const))(
    '%s',
    async (_name, f) => {
      const img = await load(f.file);
      const tokens = readText(img, whole(img));
      const labels = tokens.filter((t) => !t.badge && parsePriceLabel(t.text) !== null).map((t) => t.text);
      // Every tick label read exactly, in order, and nothing else that looks like a price
      // (ticks beside the badge may be shown or hidden by the platform).
      expect(labels.filter((t) => f.texts.includes(t))).toEqual(f.texts);
      for (const t of labels) expect([...f.texts, ...(f.allowed ?? [])]).toContain(t);
      if (f.badge) {
        const badges = tokens.filter((t) => t.badge).map((t) => t.text);
        expect(badges).toEqual([f.badge]);
      }
    },
  );

  it.each(fixtures.filter((f) => f.symbol !== undefined).map((f) => [f.file, f] as const))(
    '%s names the instrument',
    async (_name, f) => {
      const img = await load(f.file);
      expect(identifyInstrument(readText(img, whole(img)))).toEqual({
        symbol: f.symbol,
        timeframe: f.timeframe,
      });
    },
  );
});

describe('price labels in a font only axes are drawn in (glyph set "axis")', () => {
  // Our own render of a lightweight-charts axis in Roboto (bench corpus c11-010, 5m): its "1" has
  // a flag and no foot, nearest the text fonts' "3"; the labels' progression cannot tell, as
  // every label shares the digit.
  it('reads Roboto labels with the axis glyphs, which the text glyphs misread', async () => {
    const img = await load('c11-010-NDX-roboto-axis.png');
    expect(readText(img, whole(img), 'axis').map((t) => t.text)).toEqual(['16620.00', '16600.00']);
    expect(readText(img, whole(img)).map((t) => t.text)).toEqual(['36620.00', '36600.00']);
  });
});

describe('touching zeros after a decimal point', () => {
  // Our own render of a lightweight-charts axis at 2x (bench corpus d178-004, 4h): the three zeros
  // of "190.000" touch and were read "%" and "O"; no label parsed and the axis was refused.
  it('reads "000" whole, the "%" cut into two digits', async () => {
    const img = await load('d178-004-GBPJPY-roboto-2x-axis.png');
    expect(readText(img, whole(img), 'axis').map((t) => t.text)).toEqual(['190.000', '188.000', '186.000']);
  });
});

describe('a legend printed in the axis font', () => {
  // Our own render of a lightweight-charts legend in Roboto at 2x (bench corpus d78-000, 5m): the
  // text glyphs read its prices 2,000 too high, and the legend then disagreed with every candle.
  it('has its O/H/L/C values read again with the axis glyphs', async () => {
    const img = await load('d78-000-XAUUSD-roboto-legend.png');
    const tokens = readText(img, whole(img));
    expect(readLegendOhlc(tokens)).toEqual({ open: 3767, high: 3767, low: 3763.63, close: 3763.63 });
    const again = withLegendValuesInAxisDigits(img, tokens);
    expect(readLegendOhlc(again)).toEqual({ open: 1767, high: 1767, low: 1763.63, close: 1763.63 });
    // The rest of the line is left as the text glyphs read it.
    expect(again.slice(0, 5).map((t) => t.text)).toEqual(tokens.slice(0, 5).map((t) => t.text));
  });
});

/** A copy of `img` widened by `pad` background columns on the left. */
function padLeft(img: RgbaImage, pad: number): RgbaImage {
  const width = img.width + pad;
  const data = new Uint8Array(width * img.height * 4);
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < pad; x++)
      data.set(img.data.subarray(y * img.width * 4, y * img.width * 4 + 4), (y * width + x) * 4);
    data.set(img.data.subarray(y * img.width * 4, (y + 1) * img.width * 4), (y * width + pad) * 4);
  }
  return { width, height: img.height, data };
}

function fill(
  img: RgbaImage,
  r: { left: number; top: number; right: number; bottom: number },
  rgb: number[],
): void {
  for (let y = r.top; y < r.bottom; y++)
    for (let x = r.left; x < r.right; x++)
      img.data.set([rgb[0]!, rgb[1]!, rgb[2]!, 255], (y * img.width + x) * 4);
}

describe('readText on axis strips drawn by other platforms', () => {
  const tickLabels = (img: RgbaImage): string[] =>
    readText(img, whole(img))
      .filter((t) => !t.badge)
      .map((t) => t.text);

  it('drops the tick marks MetaTrader draws from the axis line to each label (not minus signs)', async () => {
    const src = await load('dev-003-EURJPY-tv-light-4h-axis.png');
    const plain = tickLabels(src);
    const lines = readText(src, whole(src)).filter((t) => !t.badge);
    const img = padLeft(src, 12);
    const ink = [19, 23, 34];
    // The axis line, and a dash from it to just before each label at the label's middle row.
    fill(img, { left: 1, top: 0, right: 2, bottom: img.height }, ink);
    for (const t of lines) {
      const mid = Math.round((t.box.top + t.box.bottom) / 2);
      fill(img, { left: 2, top: mid, right: 8, bottom: mid + 1 }, ink);
    }
    expect(plain.length).toBeGreaterThan(1);
    expect(tickLabels(img)).toEqual(plain);
    // The same dash away from any rule is a minus sign.
    const free = padLeft(src, 12);
    const t = lines[0]!;
    const mid = Math.round((t.box.top + t.box.bottom) / 2);
    fill(free, { left: 12 + t.box.left - 7, top: mid, right: 12 + t.box.left - 2, bottom: mid + 1 }, ink);
    expect(tickLabels(free)[0]).toBe(`-${plain[0]}`);
  });

  it('reads grey labels when bright badges dominate the strip', async () => {
    const src = await load('dev-007-AUDUSD-tv-dark-5m-axis.png');
    // Faint labels (half their contrast, as on a dimmed or low-contrast theme) beside white boxes.
    const bg = src.data.slice(0, 3);
    const img = padLeft(src, 0);
    for (let i = 0; i < img.data.length; i += 4)
      for (let c = 0; c < 3; c++) img.data[i + c] = Math.round((img.data[i + c]! + bg[c]!) / 2);
    const plain = tickLabels(padLeft(img, 0)).filter((t) => parsePriceLabel(t) !== null);
    // Three solid white boxes (badges without text) covering far more than 0.3% of the strip.
    const boxH = Math.max(8, Math.round(img.height / 12));
    for (const top of [0, Math.round(img.height / 2) - boxH, img.height - boxH - 1]) {
      const clear = readText(src, whole(src)).every(
        (t) => t.box.bottom < top - 2 || t.box.top > top + boxH + 2,
      );
      if (clear) fill(img, { left: 2, top, right: img.width - 2, bottom: top + boxH }, [255, 255, 255]);
    }
    expect(plain.length).toBeGreaterThan(1);
    expect(tickLabels(img).filter((t) => parsePriceLabel(t) !== null)).toEqual(plain);
  });
});

/** `img` with its contrast against its top-left (background) colour scaled by `k`. */
function contrast(img: RgbaImage, k: number): RgbaImage {
  const out = padLeft(img, 0);
  const bg = img.data.slice(0, 3);
  for (let i = 0; i < out.data.length; i += 4)
    for (let c = 0; c < 3; c++)
      out.data[i + c] = Math.max(0, Math.min(255, Math.round(bg[c]! + (img.data[i + c]! - bg[c]!) * k)));
  return out;
}

/** `a` and `b` side by side (same height). */
function beside(a: RgbaImage, b: RgbaImage): RgbaImage {
  const width = a.width + b.width;
  const data = new Uint8Array(width * a.height * 4);
  for (let y = 0; y < a.height; y++) {
    data.set(a.data.subarray(y * a.width * 4, (y + 1) * a.width * 4), y * width * 4);
    data.set(b.data.subarray(y * b.width * 4, (y + 1) * b.width * 4), (y * width + a.width) * 4);
  }
  return { width, height: a.height, data };
}

describe('readText on text of unequal contrast', () => {
  it('reads faint labels beside much stronger text (a watchlist next to the axis)', async () => {
    const src = await load('dev-003-EURJPY-tv-light-4h-axis.png');
    const faint = contrast(src, 0.6);
    const alone = readText(faint, whole(faint))
      .filter((t) => !t.badge && parsePriceLabel(t.text) !== null)
      .map((t) => t.text);
    const img = beside(faint, contrast(src, 1.2));
    const left = readText(img, whole(img))
      .filter((t) => !t.badge && t.box.right <= faint.width && parsePriceLabel(t.text) !== null)
      .map((t) => t.text);
    expect(alone.length).toBeGreaterThan(1);
    expect(left).toEqual(alone);
  });
});

describe('readText beside a filled button', () => {
  it('keeps a toolbar line that shares its row with a button further along', async () => {
    const src = await load('dev-003-EURJPY-tv-light-4h-legend.png');
    const symbol = readText(src, whole(src)).find((t) => t.text === 'EURJPY')!;
    // The crop widened by 240 px of background, then a blue button with three white strokes
    // (text of its own) at the far right of the symbol's row.
    const blank: RgbaImage = { width: 240, height: src.height, data: new Uint8Array(240 * src.height * 4) };
    fill(blank, whole(blank), [...src.data.slice(0, 3)]);
    const wide = beside(src, blank);
    const top = symbol.box.top - 4;
    const bottom = symbol.box.bottom + 4;
    fill(wide, { left: wide.width - 80, top, right: wide.width - 10, bottom }, [41, 98, 255]);
    for (let k = 0; k < 3; k++) {
      const x = wide.width - 65 + k * 15;
      fill(wide, { left: x, top: top + 4, right: x + 3, bottom: bottom - 4 }, [255, 255, 255]);
    }
    const read = readText(wide, whole(wide));
    expect(read.some((t) => t.badge)).toBe(true);
    expect(identifyInstrument(read)).toEqual({ symbol: 'EURJPY', timeframe: '4h' });
    // A speck of the button's rim (JPEG, antialiasing) beside it joins the symbol's line: only
    // the run next to the button is dropped, not the words at the other end of the row.
    const mid = Math.round((top + bottom) / 2);
    fill(
      wide,
      { left: wide.width - 88, top: mid - 2, right: wide.width - 85, bottom: mid + 2 },
      [41, 98, 255],
    );
    expect(identifyInstrument(readText(wide, whole(wide)))).toEqual({ symbol: 'EURJPY', timeframe: '4h' });
  });
});

describe('readText through dotted grid lines', () => {
  const dotted = async (row: (box: { top: number; bottom: number }) => number) => {
    const src = await load('dev-003-EURJPY-tv-light-4h-legend.png');
    const plain = readText(src, whole(src));
    const symbol = plain.find((t) => t.text === 'EURJPY')!;
    const img = padLeft(src, 0);
    const ink = [120, 120, 120];
    // One-pixel dots every 3 px, as MetaTrader draws its grid: a row through the text and a
    // column just left of it.
    const y = row(symbol.box);
    for (let x = 0; x < img.width; x += 3) fill(img, { left: x, top: y, right: x + 1, bottom: y + 1 }, ink);
    const col = Math.max(0, symbol.box.left - 3);
    for (let v = 0; v < img.height; v += 3)
      fill(img, { left: col, top: v, right: col + 1, bottom: v + 1 }, ink);
    const values = plain.map((t) => /\d+\.\d+/.exec(t.text)?.[0]).filter((v) => v !== undefined);
    return { values, read: readText(img, whole(img)) };
  };

  it('reads a legend crossed by a dotted grid line', async () => {
    const { values, read } = await dotted((b) => Math.round((b.top + b.bottom) / 2));
    expect(values.length).toBeGreaterThan(2);
    for (const v of values) expect(read.some((t) => t.text.includes(v!))).toBe(true);
    expect(read.some((t) => /^[·.:]+$/.test(t.text))).toBe(false);
    expect(identifyInstrument(read).symbol).toBe('EURJPY');
  });

  it('keeps the decimal points when the dotted line runs along the baseline', async () => {
    const { values, read } = await dotted((b) => b.bottom - 1);
    for (const t of read) {
      const m = /\d[\d.]*\d/.exec(t.text);
      if (m && m[0].length >= 5) expect(values).toContain(m[0]);
    }
  });
});

describe('readText on images without text', () => {
  it('returns nothing for a solid colour, and survives noise, slivers and rects outside the image', () => {
    const solid: RgbaImage = { width: 60, height: 30, data: new Uint8Array(60 * 30 * 4).fill(200) };
    expect(readText(solid, whole(solid))).toEqual([]);
    let seed = 3;
    const noise: RgbaImage = {
      width: 80,
      height: 40,
      data: Uint8Array.from(
        { length: 80 * 40 * 4 },
        () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 24) & 255,
      ),
    };
    for (const t of readText(noise, whole(noise))) expect(Number.isFinite(t.confidence)).toBe(true);
    expect(readText(noise, { left: 200, top: 200, right: 300, bottom: 300 })).toEqual([]);
    expect(readText(noise, { left: 5, top: 5, right: 6, bottom: 40 })).toEqual([]);
  });
});

const corpus = corpusAvailable() ? listCorpus() : [];

describe.skipIf(corpus.length === 0)('shared dev corpus (../shared/chart-corpus/dev)', () => {
  it('reads at least 99.5% of the axis tick labels exactly and every last-price badge', async () => {
    let total = 0;
    let exact = 0;
    const wrong: string[] = [];
    for (const c of corpus) {
      const img = await decodeImage(c.file);
      const tokens = readText(img, axisRect(c));
      for (const e of expectedAxisLabels(img, c)) {
        total++;
        const t = tokens.find(
          (x) =>
            Math.abs((x.box.top + x.box.bottom) / 2 - e.y) <= 4 * c.dpr &&
            (e.badge ? x.badge === true : !x.badge),
        );
        if (t?.text === e.text) exact++;
        else wrong.push(`${c.id} ${e.text} -> ${t?.text}`);
      }
    }
    expect(total).toBeGreaterThan(500);
    expect(exact / total, wrong.join('\n')).toBeGreaterThanOrEqual(0.995);
  }, 120_000);

  it('names the symbol and timeframe of every chart and reads nearly every legend OHLC', async () => {
    const wrong: string[] = [];
    let ohlcRead = 0;
    for (const c of corpus) {
      const img = await decodeImage(c.file);
      const tokens = readText(img, legendRect(c));
      const id = identifyInstrument(tokens);
      if (id.symbol !== c.symbol || id.timeframe !== c.timeframe)
        wrong.push(`${c.id}: ${JSON.stringify(id)} from ${tokens.map((t) => t.text).join(' ')}`);
      const ohlc = readLegendOhlc(tokens);
      // A legend read wrongly is worse than none: every OHLC returned must be the true one.
      if (ohlc) {
        const same = (['open', 'high', 'low', 'close'] as const).every(
          (k) => Math.abs(ohlc[k] - c.lastOhlc[k]) < 1e-9,
        );
        if (same) ohlcRead++;
        else wrong.push(`${c.id}: legend OHLC ${JSON.stringify(ohlc)} vs ${JSON.stringify(c.lastOhlc)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(ohlcRead).toBeGreaterThanOrEqual(Math.ceil(corpus.length * 0.9));
  }, 120_000);
});

describe('TextMemo (a read again of the same image)', () => {
  afterEach(() => forgetGlyphGuesses());

  it('serves the tokens of a rect read before as copies, and only for its own image', async () => {
    const f = fixtures.find((e) => e.symbol === undefined)!;
    const img = await load(f.file);
    const rect = whole(img);
    const fresh = readText(img, rect);
    const memo = new TextMemo(img);
    useTextMemo(memo);
    const first = readText(img, rect);
    expect(first).toEqual(fresh);
    expect(memo.texts.size).toBe(1);
    expect(memo.size).toBeGreaterThan(0);
    // A caller changing the tokens it was given changes neither the memo nor the next read.
    first[0]!.text = 'changed';
    first[0]!.box.left = -1;
    first[0]!.glyphs?.[0]?.features.fill(0);
    const again = readText(img, rect);
    expect(again).toEqual(fresh);
    // A copy of the image (a title line's grey copy is another image) is read, not served.
    const copy = { ...img, data: img.data.slice() };
    copy.data.fill(0);
    expect(readText(copy, rect)).toEqual([]);
    expect(memo.texts.size).toBe(1);
  });
});
