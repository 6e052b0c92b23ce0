import { fileURLToPath } from 'node:url';
import { EngineError } from '../../engine/core/errors';
import { priceToY, readChart, type ChartReading, type ReadTrace } from '../../engine/vision';
import { decodeImage } from './decode-image';
import { axisOcrAvailable, createAxisOcr, stripCrop, type AxisOcr } from './ocr-axis';
import sharp from 'sharp';
import { readWithAxisOcr } from './read-with-ocr';

const fixture = (path: string) => fileURLToPath(new URL(`../../fixtures/charts/${path}`, import.meta.url));

/*
 * The OCR itself, on the project's own renders (fixtures/charts): the engine reads these on its
 * fast path, so the OCR's words for the same strip must give the same scale. Skipped where
 * tesseract.js or its model is not installed.
 */
describe.skipIf(!axisOcrAvailable())('the axis OCR (tesseract.js) on a rendered chart', () => {
  let ocr: AxisOcr;
  beforeAll(async () => {
    ocr = await createAxisOcr();
  });
  afterAll(async () => {
    await ocr?.terminate();
  });

  it.each(['fx-00-tv-dark-chrome/15m.png', 'fx-08-mt-bars-white-chrome/15m.png'])(
    '%s: the words it reads give the scale the engine reads itself',
    async (file) => {
      const image = await decodeImage(fixture(file));
      const trace: ReadTrace = {};
      const own = readChart(image, trace);
      const words = await ocr.read(image, trace.axisStrip!);
      expect(words).not.toBeNull();
      const viaOcr = readChart(image, {}, { axisLabels: words! });
      expect(viaOcr.priceScale.labels.length).toBeGreaterThanOrEqual(3);
      for (const label of own.priceScale.labels) {
        const row = priceToY(own.priceScale, label.price);
        expect(Math.abs(priceToY(viaOcr.priceScale, label.price) - row)).toBeLessThan(1.5);
      }
    },
    120_000,
  );
});

describe('stripCrop', () => {
  /** The crop of a whole painted strip, with its PNG decoded to grey levels. */
  const greyStripCrop = async (width: number, height: number, data: Uint8Array) => {
    const crop = await stripCrop(
      { width, height, data },
      { left: 0, top: 0, right: width - 1, bottom: height - 1 },
    );
    expect(crop).not.toBeNull();
    const { data: grey, info } = await sharp(crop!.png)
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { crop: crop!, grey, info };
  };

  it("measures a line printed in a box against the box's colour: the box white, its text black", async () => {
    // A dark strip; a grey price tag (rows 40-59) with white strokes, and a plain grey label.
    const width = 200;
    const height = 100;
    const data = new Uint8Array(width * height * 4);
    const paint = (x: number, y: number, c: number[]) => data.set([...c, 255], (y * width + x) * 4);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) paint(x, y, [24, 26, 36]);
    for (let y = 40; y < 60; y++) for (let x = 40; x < 200; x++) paint(x, y, [108, 112, 136]);
    for (let x = 60; x < 190; x += 8)
      for (let y = 44; y < 56; y++) {
        paint(x, y, [250, 250, 250]);
        paint(x + 1, y, [250, 250, 250]);
        paint(x, y - 30, [140, 140, 140]);
        paint(x + 1, y - 30, [140, 140, 140]);
      }
    const { crop, grey, info } = await greyStripCrop(width, height, data);
    // The tag's line in the crop: its rows are the image rows 40-59.
    const rows = crop.rows.flatMap((y, r) => (y >= 44 && y < 56 ? [r] : []));
    const dark = (r: number) => {
      let n = 0;
      const cy = Math.round(8 + (r + 0.5) * crop.scale);
      for (let x = Math.round(8 + 45 * crop.scale); x < Math.round(8 + 195 * crop.scale); x++)
        if (grey[cy * info.width + x]! < 128) n++;
      return n / Math.round(150 * crop.scale);
    };
    const share = rows.reduce((s, r) => s + dark(r), 0) / rows.length;
    // Strokes 2 px in 8 (a quarter) are black; the box is not.
    expect(share).toBeGreaterThan(0.1);
    expect(share).toBeLessThan(0.4);
  });

  it("takes a line the strip's end cuts for no box: a band it runs into stays ink against the strip", async () => {
    // A grey strip; a white band over its first 12 rows with dark text, and a dark label below.
    const width = 120;
    const height = 80;
    const data = new Uint8Array(width * height * 4);
    const paint = (x: number, y: number, c: number[]) => data.set([...c, 255], (y * width + x) * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) paint(x, y, y < 12 ? [255, 255, 255] : [188, 188, 196]);
    for (let x = 20; x < 100; x += 8)
      for (let y = 3; y < 10; y++) {
        paint(x, y, [40, 40, 40]);
        paint(x, y + 40, [60, 60, 70]);
      }
    const { crop, grey, info } = await greyStripCrop(width, height, data);
    // The band's background between its strokes (image x 24-26, row 6) is ink in the crop.
    const r = crop.rows.indexOf(6);
    expect(r).toBeGreaterThanOrEqual(0);
    const cy = Math.round(8 + (r + 0.5) * crop.scale);
    const cx = Math.round(8 + 25.5 * crop.scale);
    expect(grey[cy * info.width + cx]!).toBeLessThan(128);
  });
});

describe.skipIf(!axisOcrAvailable())('the axis OCR budget', () => {
  it('gives up on a read that spends more CPU than its budget (null: the refusal stands)', async () => {
    const ocr = await createAxisOcr(1, 1);
    try {
      const image = await decodeImage(fixture('fx-00-tv-dark-chrome/15m.png'));
      const trace: ReadTrace = {};
      readChart(image, trace);
      expect(await ocr.read(image, trace.axisStrip!)).toBeNull();
    } finally {
      await ocr.terminate();
    }
  }, 120_000);
});

describe('readWithAxisOcr', () => {
  const reading = { candles: [] } as unknown as ChartReading;
  const unreadable = new EngineError('AXIS_UNREADABLE', 'The price axis could not be read.');
  const strip = { left: 600, top: 0, right: 660, bottom: 400 };
  const words = ['1.1', '1.2', '1.3'].map((text, i) => ({
    text,
    box: { left: 610, top: 300 - i * 100, right: 640, bottom: 310 - i * 100 },
    confidence: 1,
  }));
  const image = { width: 1, height: 1, data: new Uint8Array(4) };
  const ocrReturning = (result: Awaited<ReturnType<AxisOcr['read']>>) => {
    let calls = 0;
    const ocr: AxisOcr = {
      read: () => {
        calls++;
        return Promise.resolve(result);
      },
      ready: () => Promise.resolve(),
      terminate: () => Promise.resolve(),
    };
    return { get: () => Promise.resolve(ocr), calls: () => calls };
  };

  it('never runs the OCR when the engine reads the chart itself', async () => {
    const ocr = ocrReturning(words);
    expect(await readWithAxisOcr(image, () => reading, ocr.get)).toBe(reading);
    expect(ocr.calls()).toBe(0);
  });

  it('reads again with the words when the axis was refused', async () => {
    const ocr = ocrReturning(words);
    const seen: unknown[] = [];
    const result = await readWithAxisOcr(
      image,
      (trace, options) => {
        seen.push(options?.axisLabels);
        if (!options?.axisLabels) {
          trace.axisStrip = strip;
          throw unreadable;
        }
        return reading;
      },
      ocr.get,
    );
    expect(result).toBe(reading);
    expect(seen).toEqual([undefined, words]);
  });

  it('keeps the first refusal when the OCR fails, reads nothing or its words are refused too', async () => {
    const refuseAlways = (trace: ReadTrace) => {
      trace.axisStrip = strip;
      throw new EngineError('AXIS_UNREADABLE', 'second');
    };
    let first = true;
    const refuseFirstOnce = (trace: ReadTrace) => {
      trace.axisStrip = strip;
      if (first) {
        first = false;
        throw unreadable;
      }
      throw new EngineError('AXIS_UNREADABLE', 'second');
    };
    await expect(readWithAxisOcr(image, refuseFirstOnce, ocrReturning(words).get)).rejects.toBe(unreadable);
    const failing = () => Promise.reject(new Error('no model'));
    await expect(readWithAxisOcr(image, refuseAlways, failing)).rejects.toThrow('second');
    await expect(
      readWithAxisOcr(
        image,
        (t) => {
          t.axisStrip = strip;
          throw unreadable;
        },
        ocrReturning(null).get,
      ),
    ).rejects.toBe(unreadable);
  });

  it('reads the other text columns the engine names when the strip tried holds no axis', async () => {
    const columns = [
      { left: 100, top: 0, right: 160, bottom: 400 },
      { left: 300, top: 0, right: 360, bottom: 400 },
    ];
    const ocr = ocrReturning(words);
    const tried: unknown[] = [];
    const result = await readWithAxisOcr(
      image,
      (trace, options) => {
        tried.push(options?.axisColumn?.strip ?? (options?.axisLabels ? 'strip' : 'engine'));
        if (!options) {
          trace.axisStrip = strip;
          trace.axisCandidates = columns;
        }
        if (options?.axisColumn?.strip === columns[1]) return reading;
        throw new EngineError('AXIS_UNREADABLE', 'not here');
      },
      ocr.get,
    );
    expect(result).toBe(reading);
    expect(tried).toEqual(['engine', 'strip', columns[0], columns[1]]);
    expect(ocr.calls()).toBe(3);
  });

  it('stops at a later refusal of a read with the words, and keeps the first refusal when no column makes an axis', async () => {
    const columns = [{ left: 100, top: 0, right: 160, bottom: 400 }];
    const further = new EngineError('NO_CHART_FOUND', 'the candles do not join');
    const ocr = ocrReturning(words);
    await expect(
      readWithAxisOcr(
        image,
        (trace, options) => {
          if (!options) {
            trace.axisStrip = strip;
            trace.axisCandidates = columns;
            throw unreadable;
          }
          throw further;
        },
        ocr.get,
      ),
    ).rejects.toBe(further);
    expect(ocr.calls()).toBe(1);
    await expect(
      readWithAxisOcr(
        image,
        (trace, options) => {
          if (!options) {
            trace.axisStrip = strip;
            trace.axisCandidates = columns;
            throw unreadable;
          }
          throw new EngineError('AXIS_UNREADABLE', 'not here');
        },
        ocrReturning(words).get,
      ),
    ).rejects.toBe(unreadable);
  });

  it('passes other refusals through without the OCR', async () => {
    const ocr = ocrReturning(words);
    const noChart = new EngineError('NO_CHART_FOUND', 'no chart');
    await expect(
      readWithAxisOcr(
        image,
        () => {
          throw noChart;
        },
        ocr.get,
      ),
    ).rejects.toBe(noChart);
    expect(ocr.calls()).toBe(0);
  });

  it("reads the print's region in a crop of its own, and its words only as the print", async () => {
    const region = { box: { left: 0, top: 0, right: 100, bottom: 40 }, textPx: 12 };
    const titleWords = [{ text: 'EURUSD', box: { left: 0, top: 0, right: 60, bottom: 12 }, confidence: 1 }];
    const printWords = [{ text: 'O1.1', box: { left: 0, top: 20, right: 40, bottom: 32 }, confidence: 1 }];
    const asked: (readonly unknown[])[] = [];
    const ocr: AxisOcr = {
      read: () => Promise.resolve(null),
      readTitle: (_image, regions) => {
        asked.push(regions);
        return Promise.resolve(asked.length === 1 ? titleWords : printWords);
      },
      ready: () => Promise.resolve(),
      terminate: () => Promise.resolve(),
    };
    const seen: unknown[] = [];
    const final = { candles: [], symbol: 'EURUSD', timeframe: '1m' } as unknown as ChartReading;
    const result = await readWithAxisOcr(
      image,
      (trace, options) => {
        seen.push(options);
        trace.pixels ??= {} as NonNullable<ReadTrace['pixels']>;
        if (!options) trace.titleRegions = [region];
        // The engine names the print's region while no print was read.
        if (options?.printWords) delete trace.printRegions;
        else trace.printRegions = [{ ...region, box: { ...region.box, bottom: 80 } }];
        return options?.printWords ? final : reading;
      },
      () => Promise.resolve(ocr),
    );
    expect(result).toBe(final);
    expect(asked).toEqual([[region], [{ ...region, box: { ...region.box, bottom: 80 } }]]);
    expect(seen[1]).toMatchObject({ titleWords });
    expect(seen[1]).not.toHaveProperty('printWords');
    expect(seen[2]).toMatchObject({ titleWords, printWords });
  });

  it("reads a picker the engine names with the CJK model, and keeps its words for the print's read", async () => {
    const region = { box: { left: 0, top: 0, right: 100, bottom: 40 }, textPx: 12 };
    const picker = { box: { left: 0, top: 40, right: 300, bottom: 60 }, textPx: 11 };
    const titleWords = [{ text: 'GASUSDT', box: { left: 0, top: 0, right: 60, bottom: 12 }, confidence: 1 }];
    const pickerWords = [{ text: '4', box: { left: 0, top: 45, right: 8, bottom: 56 }, confidence: 1 }];
    const asked: (readonly unknown[])[] = [];
    const ocr: AxisOcr = {
      read: () => Promise.resolve(null),
      readTitle: () => Promise.resolve(titleWords),
      readPicker: (_image, regions) => {
        asked.push(regions);
        return Promise.resolve(pickerWords);
      },
      ready: () => Promise.resolve(),
      terminate: () => Promise.resolve(),
    };
    const seen: (Record<string, unknown> | undefined)[] = [];
    const result = await readWithAxisOcr(
      image,
      (trace, options) => {
        seen.push(options as Record<string, unknown> | undefined);
        trace.pixels ??= {} as NonNullable<ReadTrace['pixels']>;
        if (!options) trace.titleRegions = [region];
        // Named on the read with the title words that left the timeframe unknown.
        if (options?.titleWords && !options.pickerWords) trace.pickerRegions = [picker];
        else delete trace.pickerRegions;
        if (options?.printWords) delete trace.printRegions;
        else trace.printRegions = [region];
        const timeframe = options?.pickerWords ? '4h' : null;
        return { candles: [], symbol: 'GASUSDT', timeframe } as unknown as ChartReading;
      },
      () => Promise.resolve(ocr),
    );
    expect(result.timeframe).toBe('4h');
    expect(asked).toEqual([[picker]]);
    expect(seen.map((o) => Object.keys(o ?? {}).filter((k) => k.endsWith('Words')))).toEqual([
      [],
      ['titleWords'],
      ['titleWords', 'pickerWords'],
      ['titleWords', 'pickerWords', 'printWords'],
    ]);
  });

  it('keeps the reading without the picker when the CJK model reads no timeframe or is not installed', async () => {
    const region = { box: { left: 0, top: 0, right: 100, bottom: 40 }, textPx: 12 };
    for (const readPicker of [() => Promise.resolve(null), undefined]) {
      const ocr: AxisOcr = {
        read: () => Promise.resolve(null),
        readTitle: () => Promise.resolve([{ text: 'X', box: region.box, confidence: 1 }]),
        ...(readPicker ? { readPicker } : {}),
        ready: () => Promise.resolve(),
        terminate: () => Promise.resolve(),
      };
      const plain = { candles: [], symbol: 'GASUSDT', timeframe: null } as unknown as ChartReading;
      const result = await readWithAxisOcr(
        image,
        (trace, options) => {
          trace.pixels ??= {} as NonNullable<ReadTrace['pixels']>;
          if (!options) trace.titleRegions = [region];
          if (options?.titleWords) trace.pickerRegions = [region];
          delete trace.printRegions;
          return options?.titleWords ? plain : reading;
        },
        () => Promise.resolve(ocr),
      );
      expect(result).toBe(plain);
    }
  });
});
