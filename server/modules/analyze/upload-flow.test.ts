import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { storedAnalysisSchema, UPLOAD_LIMITS, type AnalyzeStreamEvent } from '../../../contracts/analysis';
import type { TestClient } from '../../test-support/test-app';
import { analyzeTestApp, chartSet, multipart, notAChart } from './test-support';

// Issue 20 "Upload and analysis": data exports in a slot, every failing slot named, progress.
const setup = analyzeTestApp();
const charts = chartSet();

const data = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../../e2e/fixtures/charts/eurusd/${name}`, import.meta.url)));

const signedIn = () => setup.signedIn();

type Slot = '5m' | '15m' | '4h';
function post(
  client: TestClient,
  files: Record<Slot, { data: Buffer; filename: string; type: string }>,
  accept?: string,
) {
  const body = multipart(
    { accountSize: 10000, riskPercentage: 2 },
    (Object.keys(files) as Slot[]).map((slot) => ({ field: `chart${slot}`, ...files[slot] })),
  );
  return client.send({
    method: 'POST',
    url: '/api/analyze',
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...(accept ? { accept } : {}) },
  });
}
const png = (data: Buffer) => ({ data, filename: 'chart.png', type: 'image/png' });
const csv = (data: Buffer | string) => ({
  data: Buffer.isBuffer(data) ? data : Buffer.from(data),
  filename: 'export.csv',
  type: 'text/csv',
});

describe('a slot filled with the chart data export', () => {
  it('mixes two screenshots and a TradingView CSV; the result says the 4h came from data', async () => {
    const client = await signedIn();
    const response = await post(client, {
      '5m': png(charts['5m']),
      '15m': png(charts['15m']),
      '4h': csv(data('4h-tradingview.csv')),
    });
    expect(response.statusCode, response.body).toBe(201);
    const stored = storedAnalysisSchema.parse(response.json());
    const sources = stored.result.timeframes.map((t) => [t.timeframe, t.chart.source]);
    expect(sources).toEqual([
      ['5m', 'image'],
      ['15m', 'image'],
      ['4h', 'data'],
    ]);
    const h4 = stored.result.timeframes[2]!;
    expect(h4.chart.readConfidence).toBe(1);
    expect(h4.chart.readTimeframe).toBe('4h');
    expect(h4.chart.candleCount).toBe(300);
    // Exact prices: the last candle is the file's last row.
    const lastRow = data('4h-tradingview.csv').toString().trim().split('\n').at(-1)!.split(',');
    expect(h4.overlay.candles.at(-1)!.close).toBe(Number(lastRow[4]));
    // The slot's thumbnail is its candles drawn, a WebP like the screenshots'.
    const thumb = await client.get(`/api/analyses/${stored.id}/charts/4h`);
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
  });

  it('takes MetaTrader 4 and 5 exports in the other slots (format from the content, not the name)', async () => {
    const client = await signedIn();
    const response = await post(client, {
      '5m': { ...csv(data('5m-mt5.csv')), filename: '5m.png' },
      '15m': { ...csv(data('15m-mt4.csv')), filename: 'history.txt', type: 'text/plain' },
      '4h': csv(data('4h-tradingview.csv')),
    });
    expect(response.statusCode, response.body).toBe(201);
    const stored = storedAnalysisSchema.parse(response.json());
    expect(stored.result.timeframes.map((t) => t.chart.source)).toEqual(['data', 'data', 'data']);
    expect(stored.result.timeframes.map((t) => t.chart.readTimeframe)).toEqual(['5m', '15m', '4h']);
  });

  it('refuses a data file over 2 MiB with 413 naming the slot', async () => {
    const client = await signedIn();
    const row = '1704153600,1.1,1.2,1.0,1.15\n';
    const big =
      'time,open,high,low,close\n' + row.repeat(Math.ceil(UPLOAD_LIMITS.maxDataBytes / row.length) + 10);
    const response = await post(client, {
      '5m': png(charts['5m']),
      '15m': png(charts['15m']),
      '4h': csv(big),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().errors).toEqual([
      { field: 'chart4h', message: expect.stringMatching(/4-hour chart data file is larger than 2 MiB/) },
    ]);
  });

  it('names every bad file at once: garbage CSV and a binary file', async () => {
    const client = await signedIn();
    const response = await post(client, {
      '5m': csv('hello,world\nthis,is not a chart\n'),
      '15m': png(charts['15m']),
      '4h': { data: Buffer.from([0, 1, 2, 3, 0, 0, 7]), filename: 'x.png', type: 'image/png' },
    });
    expect(response.statusCode).toBe(415);
    const problem = response.json();
    expect(problem.errors.map((e: { field: string }) => e.field)).toEqual(['chart5m', 'chart4h']);
    expect(problem.detail).toMatch(/^2 charts cannot be used\. .*5-minute.*4-hour/);
  });
});

describe('charts that cannot be read', () => {
  it('names every unreadable chart (422), each under its field', async () => {
    const client = await signedIn();
    const noise = await notAChart();
    const response = await post(client, { '5m': png(noise), '15m': png(charts['15m']), '4h': png(noise) });
    expect(response.statusCode).toBe(422);
    const problem = response.json();
    expect(problem.detail).toMatch(/^2 charts could not be read\. The 5-minute chart: .* The 4-hour chart: /);
    expect(problem.errors).toEqual([
      { field: 'chart5m', message: expect.stringMatching(/^The 5-minute chart: /) },
      { field: 'chart4h', message: expect.stringMatching(/^The 4-hour chart: /) },
    ]);
    expect(problem.details.slots).toEqual(['5m', '4h']);
  });
});

describe('progress (Accept: application/x-ndjson)', () => {
  const events = (body: string) =>
    body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as AnalyzeStreamEvent);

  it('streams the stages as the server starts them, then the stored analysis', async () => {
    const client = await signedIn();
    const response = await post(
      client,
      { '5m': png(charts['5m']), '15m': png(charts['15m']), '4h': csv(data('4h-tradingview.csv')) },
      'application/x-ndjson',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = events(response.body);
    const stages = lines.map((e) =>
      'stage' in e ? ('slot' in e ? `${e.stage} ${e.slot} ${e.source}` : e.stage) : Object.keys(e)[0],
    );
    expect(stages).toEqual([
      'checking',
      'reading 5m image',
      'reading 15m image',
      'reading 4h data',
      'analysing',
      'storing',
      'done',
    ]);
    const done = lines.at(-1) as { done: unknown };
    storedAnalysisSchema.parse(done.done);
  });

  it('ends with the problem when charts cannot be read; refusals before the work keep their status', async () => {
    const client = await signedIn();
    const noise = await notAChart();
    const response = await post(
      client,
      { '5m': png(charts['5m']), '15m': png(noise), '4h': png(charts['4h']) },
      'application/x-ndjson',
    );
    expect(response.statusCode).toBe(200);
    const last = events(response.body).at(-1) as { problem: { status: number; errors: unknown[] } };
    expect(last.problem.status).toBe(422);
    expect(last.problem.errors).toEqual([
      { field: 'chart15m', message: expect.stringMatching(/^The 15-minute chart/) },
    ]);

    const early = await post(
      client,
      { '5m': png(charts['5m']), '15m': csv('x'), '4h': png(charts['4h']) },
      'application/x-ndjson',
    );
    expect(early.statusCode).toBe(422);
    expect(early.headers['content-type']).toMatch(/problem\+json/);
  });
});

describe('POST /api/charts/identify (slot assignment of dropped files)', () => {
  function identify(client: TestClient, files: { data: Buffer; filename: string; type: string }[]) {
    const body = multipart(
      {},
      files.map((f) => ({ field: 'charts', ...f })),
    );
    return client.send({
      method: 'POST',
      url: '/api/charts/identify',
      payload: body.payload,
      headers: { 'content-type': body.contentType },
    });
  }

  it('tells each file its timeframe from its title (images) or its bar interval (data), in drop order', async () => {
    const client = await signedIn();
    const response = await identify(client, [png(charts['4h']), csv(data('5m-mt5.csv')), png(charts['15m'])]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      charts: [
        { source: 'image', timeframe: '4h', symbol: 'EURUSD', problem: null },
        { source: 'data', timeframe: '5m', symbol: null, problem: null },
        { source: 'image', timeframe: '15m', symbol: 'EURUSD', problem: null },
      ],
    });
  });

  it('answers a file it cannot use in its entry, and the analysis limits for the request', async () => {
    const client = await signedIn();
    const response = await identify(client, [
      png(charts['15m'].subarray(0, 2000)),
      csv('a,b\n1,2\n'),
      png(await notAChart()),
    ]);
    expect(response.statusCode).toBe(200);
    const [truncated, garbage, noise] = response.json().charts;
    // A picture without a title is not refused here: its timeframe is just not known.
    expect(noise).toMatchObject({ source: 'image', timeframe: null });
    expect(truncated).toMatchObject({
      source: 'image',
      timeframe: null,
      problem: expect.stringMatching(/chart 1/),
    });
    expect(garbage).toMatchObject({
      source: 'data',
      timeframe: null,
      problem: expect.stringMatching(/chart 2 data file/),
    });

    const four = await identify(client, [
      png(charts['5m']),
      png(charts['5m']),
      png(charts['5m']),
      png(charts['5m']),
    ]);
    expect(four.statusCode).toBe(422);
    expect(four.json().detail).toMatch(/one to three/);
    expect((await setup.client().post('/api/charts/identify', {})).statusCode).toBe(401);
  });
});
