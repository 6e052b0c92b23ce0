import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { readChart, type ReadTrace, type TextToken } from '../../engine/vision';
import { decodeImage } from './decode-image';
import type { AxisOcr } from './ocr-axis';
import { titleCrop } from './ocr-title';
import { readWithAxisOcr } from './read-with-ocr';

const fixture = (path: string) => fileURLToPath(new URL(`../../fixtures/charts/${path}`, import.meta.url));

/*
 * The title port: a chart whose title the engine cannot read (this render has none) names the
 * regions to read, and a fake OCR's words there fill in symbol and timeframe without changing a
 * price. Words that name no instrument leave them unknown.
 */
describe('the title port (readChart titleWords, readWithAxisOcr)', () => {
  const file = 'fx-07-mt-green-on-black/4h.png';
  /** A MetaTrader title line "EURUSD,H4" as two words at the top-left of the first region. */
  const titleLine = (trace: ReadTrace, texts: string[], confidence = 0.9): TextToken[] => {
    const r = trace.titleRegions![0]!.box;
    return texts.map((text, i) => ({
      text,
      box: { left: r.left + 4 + i * 60, top: r.top + 2, right: r.left + 54 + i * 60, bottom: r.top + 12 },
      confidence,
    }));
  };
  const fakeOcr = (words: (trace: ReadTrace) => TextToken[] | null, trace: ReadTrace) => {
    const asked: unknown[] = [];
    const ocr: AxisOcr = {
      read: () => Promise.resolve(null),
      readTitle: (_image, regions) => {
        asked.push(regions);
        return Promise.resolve(words(trace));
      },
      ready: () => Promise.resolve(),
      terminate: () => Promise.resolve(),
    };
    return { get: () => Promise.resolve(ocr), asked };
  };

  it('names the title regions and fills in only the unknown, prices unchanged', async () => {
    const image = await decodeImage(fixture(file));
    const trace: ReadTrace = {};
    const own = readChart(image, trace);
    expect(own.symbol).toBeNull();
    expect(trace.titleRegions?.length).toBeGreaterThan(0);
    const viaPort = readChart(
      image,
      {},
      { pixels: trace.pixels!, titleWords: titleLine(trace, ['EURUSD,', 'H4']) },
    );
    expect(viaPort.symbol).toBe('EURUSD');
    expect(viaPort.timeframe).toBe('4h');
    expect(viaPort.priceScale).toEqual(own.priceScale);
    expect(viaPort.candles).toEqual(own.candles);
  });

  it("reads the same with the first read's title state (ReadTrace.titleState) as without", async () => {
    const image = await decodeImage(fixture(file));
    const trace: ReadTrace = {};
    readChart(image, trace);
    expect(trace.titleState?.own).toEqual({ symbol: null, timeframe: null });
    for (const texts of [
      ['EURUSD,', 'H4'],
      ['Euro', '/', 'U.S.', 'Dollar', '-', '1-', 'FXCM'],
      ['Exit', 'Full'],
    ]) {
      const titleWords = titleLine(trace, texts);
      const fresh = readChart(image, {}, { pixels: trace.pixels!, titleWords });
      const resumed = readChart(
        image,
        {},
        { pixels: trace.pixels!, titleWords, titleState: trace.titleState! },
      );
      expect(resumed).toEqual(fresh);
    }
  });

  it('runs the OCR through readWithAxisOcr only when the title is incomplete', async () => {
    const image = await decodeImage(fixture(file));
    const trace: ReadTrace = {};
    const ocr = fakeOcr((t) => titleLine(t, ['Crude_Oil,M5']), trace);
    const reading = await readWithAxisOcr(image, (t, o) => readChart(image, t, o), ocr.get, trace);
    // The title regions, then (no O/H/L/C among those words) the legend's print region.
    expect(ocr.asked).toHaveLength(2);
    expect(ocr.asked[0]).toEqual(trace.titleRegions);
    expect(ocr.asked[1]).not.toEqual(ocr.asked[0]);
    expect(reading.symbol).toBe('CRUDEOIL');
    expect(reading.timeframe).toBe('5m');
  });

  it('keeps symbol and timeframe unknown when the words name nothing, are unsure, or the OCR fails', async () => {
    const image = await decodeImage(fixture(file));
    for (const words of [
      (t: ReadTrace) => titleLine(t, ['Exit', 'Full', 'Screen', 'HOME']),
      (t: ReadTrace) => titleLine(t, ['EURUSD,', 'H4'], 0.3),
      () => null,
    ]) {
      const trace: ReadTrace = {};
      const reading = await readWithAxisOcr(
        image,
        (t, o) => readChart(image, t, o),
        fakeOcr(words, trace).get,
        trace,
      );
      expect(reading.symbol).toBeNull();
      expect(reading.timeframe).toBeNull();
    }
  });
});

/*
 * The title crop on synthetic regions: a grey band with white "letters" (7 px bars 2 px wide)
 * under a 3 px full-width frame, and the same letters above a tall drawing reaching up to them.
 */
describe('the title crop (titleCrop)', () => {
  const band = (width: number, height: number, ink: (x: number, y: number) => boolean) => {
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const v = ink(x, y) ? 240 : 100;
        data.set([v, v, v, 255], (y * width + x) * 4);
      }
    return { width, height, data: new Uint8Array(data.buffer) };
  };
  /** Letter-like strokes: 2 px stems 4 px apart, rows 6-12, 10 of them at x 24-79. */
  const letters = (x: number, y: number) => y >= 6 && y < 13 && x >= 20 && x < 80 && x % 6 < 2;
  /** How many of the 10 stems the crop still shows dark. */
  const inkColumns = async (image: ReturnType<typeof band>, height: number) => {
    const crop = await titleCrop(image, [
      { box: { left: 0, top: 0, right: image.width, bottom: height }, textPx: 8 },
    ]);
    expect(crop).not.toBeNull();
    const sharp = (await import('sharp')).default;
    const { data, info } = await sharp(crop!.png).raw().toBuffer({ resolveWithObject: true });
    const p = crop!.placements[0]!;
    // Stems of the letters still dark in the crop: sample each stem's middle row.
    let stems = 0;
    for (let x = 24; x < 80; x += 6) {
      const cx = Math.round(10 + (x + 1 - p.left) * p.scale);
      const cy = Math.round(p.cropTop + (9.5 - p.top) * p.scale);
      const v = data[(cy * info.width + cx) * info.channels]!;
      if (v < 128) stems++;
    }
    return stems;
  };

  it('keeps letters under a full-width frame in a short band (the frame is no part of a vertical rule)', async () => {
    const framed = band(200, 17, (x, y) => y < 3 || letters(x, y));
    expect(await inkColumns(framed, 17)).toBe(10);
  });

  it('keeps letters inside a band of another background (a toolbar is no rule)', async () => {
    // Rows 3-16 of 40 are a bright band across the region, the letters cut out of it in the
    // region's grey: each row is measured against its own background, so in the crop the band
    // is white and its letters black, as on a plain background.
    const banded = band(200, 40, (x, y) => y >= 3 && y < 17 && !letters(x, y));
    expect(await inkColumns(banded, 40)).toBe(10);
  });

  it("keeps letters above a drawing that reaches up under them (only a rule's chain is painted over)", async () => {
    // Wicks under every stem from row 16 down, the band 40 rows deep: each column is inked
    // down more than half the band, but the letters stand apart from the wick.
    const drawn = band(200, 40, (x, y) => letters(x, y) || (y >= 18 && x >= 20 && x < 80 && x % 12 < 2));
    expect(await inkColumns(drawn, 40)).toBe(10);
  });
});

/** A real TradingView capture of a daily index CFD, whose bars gap from day to day. */
const NAS100 = fileURLToPath(
  new URL('../../../shared/chart-corpus/real/tv-light-NAS100-1d-tvautopilot.jpg', import.meta.url),
);

describe.skipIf(!existsSync(NAS100))('a daily timeframe read by the title port', () => {
  it("lets the continuity check keep a daily chart's gapping bars the engine's own reading left out", async () => {
    // As bench:real-jpeg writes it (quality 75): the engine reads no title on it, and its last
    // bars, each opening 5-9 px from the previous close, were left out as misread.
    const jpeg = await sharp(NAS100).jpeg({ quality: 75 }).toBuffer();
    const image = await decodeImage(new Uint8Array(jpeg));
    const trace: ReadTrace = {};
    const own = readChart(image, trace);
    expect(own.timeframe).toBeNull();
    expect(own.warnings.some((w) => w.includes('left out'))).toBe(true);
    const r = trace.titleRegions![0]!.box;
    const words = ['US', '100', 'Cash', 'CFD', '·', '1D', '·', 'BlackBull', 'Markets'];
    const titleWords: TextToken[] = words.map((text, i) => ({
      text,
      box: { left: r.left + 4 + i * 40, top: r.top + 2, right: r.left + 36 + i * 40, bottom: r.top + 14 },
      confidence: 0.9,
    }));
    const viaPort = readChart(image, {}, { pixels: trace.pixels!, titleWords });
    expect(viaPort.timeframe).toBe('1d');
    expect(viaPort.warnings.some((w) => w.includes('left out'))).toBe(false);
    expect(viaPort.candles.length).toBeGreaterThan(own.candles.length);
    // The last bar is the rightmost candle drawn (x 961), not one some bars before it.
    expect(viaPort.candles.at(-1)!.x).toBeGreaterThan(own.candles.at(-1)!.x + 10);
  });
});
