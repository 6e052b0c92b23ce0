import { fileURLToPath } from 'node:url';
import { readChart, type ReadTrace, type TextToken } from '../../engine/vision';
import { decodeImage } from './decode-image';
import type { AxisOcr } from './ocr-axis';
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
    let calls = 0;
    const ocr: AxisOcr = {
      read: () => Promise.resolve(null),
      readTitle: () => {
        calls++;
        return Promise.resolve(words(trace));
      },
      ready: () => Promise.resolve(),
      terminate: () => Promise.resolve(),
    };
    return { get: () => Promise.resolve(ocr), calls: () => calls };
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

  it('runs the OCR through readWithAxisOcr only when the title is incomplete', async () => {
    const image = await decodeImage(fixture(file));
    const trace: ReadTrace = {};
    const ocr = fakeOcr((t) => titleLine(t, ['Crude_Oil,M5']), trace);
    const reading = await readWithAxisOcr(image, (t, o) => readChart(image, t, o), ocr.get, trace);
    expect(ocr.calls()).toBe(1);
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
