import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analysisListSchema, storedAnalysisSchema, UPLOAD_LIMITS } from '../../../contracts/analysis';
import { analyzeTestApp, chartSet, notAChart, postAnalysis } from './test-support';

const setup = analyzeTestApp();
const charts = chartSet();

const fixture = (path: string) =>
  readFileSync(fileURLToPath(new URL(`../../../fixtures/charts/${path}`, import.meta.url)));

const signedIn = () => setup.signedIn();

describe('POST /api/analyze: who may call it', () => {
  it('answers 401 without a session and analyses nothing', async () => {
    const response = await postAnalysis(setup.client(), charts);
    expect(response.statusCode).toBe(401);
  });

  it('answers 415 to a JSON body instead of a file upload', async () => {
    const client = await signedIn();
    const response = await client.post('/api/analyze', { accountSize: 10000, riskPercentage: 2 });
    expect(response.statusCode).toBe(415);
  });
});

describe('POST /api/analyze: form fields (SPEC 5)', () => {
  it('refuses an account below $100 with the SPEC message', async () => {
    const client = await signedIn();
    const response = await postAnalysis(client, charts, { accountSize: 50, riskPercentage: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Account size must be at least $100');
  });

  it('refuses an account above $1,000,000,000 (1e300 once overflowed the sizing)', async () => {
    const client = await signedIn();
    for (const accountSize of ['1e300', '1000000001']) {
      const response = await postAnalysis(client, charts, { accountSize, riskPercentage: 2 });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('Account size cannot exceed $1,000,000,000');
    }
  });

  it('refuses risk outside 0.1-10 % with the SPEC messages', async () => {
    const client = await signedIn();
    const high = await postAnalysis(client, charts, { accountSize: 10000, riskPercentage: 12 });
    expect(high.statusCode).toBe(400);
    expect(high.json().detail).toBe('Risk cannot exceed 10%');
    const low = await postAnalysis(client, charts, { accountSize: 10000, riskPercentage: 0.05 });
    expect(low.json().detail).toBe('Risk must be at least 0.1%');
  });
});

describe('POST /api/analyze: the uploads', () => {
  it('names the missing chart (422) when only two are sent', async () => {
    const client = await signedIn();
    const response = await postAnalysis(client, { '5m': charts['5m'], '15m': charts['15m'] });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContain('4-hour chart is required');
  });

  it('refuses a fourth file and an unknown file name (422)', async () => {
    const client = await signedIn();
    const fourth = await postAnalysis(client, charts, undefined, [
      { field: 'chart1h', filename: '1h.png', type: 'image/png', data: charts['15m'] },
    ]);
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().detail).toMatch(/exactly three/i);
    const renamed = await postAnalysis(client, { '5m': charts['5m'], '15m': charts['15m'] }, undefined, [
      { field: 'chart1h', filename: '1h.png', type: 'image/png', data: charts['4h'] },
    ]);
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().detail).toContain('chart1h');
  });

  it('checks the content, not the claimed type: a binary file named .png is 415 naming the slot', async () => {
    const client = await signedIn();
    const binary = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 0x14, 0, 0, 0]);
    const response = await postAnalysis(client, { ...charts, '15m': binary });
    expect(response.statusCode).toBe(415);
    expect(response.json().detail).toContain('15-minute chart');
    expect(response.json().errors).toEqual([
      { field: 'chart15m', message: expect.stringContaining('15-minute') },
    ]);
  });

  it('reads a text file as a data export: too few rows is 422 naming the slot', async () => {
    const client = await signedIn();
    const text = Buffer.from('date,open,high,low,close\n2024-01-01,1.1,1.2,1.0,1.15\n');
    const response = await postAnalysis(client, { ...charts, '15m': text });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(/15-minute chart data file: .*1 bar; at least 30/);
  });

  it('refuses a file over 10 MiB with 413', async () => {
    const client = await signedIn();
    const big = Buffer.alloc(UPLOAD_LIMITS.maxFileBytes + 1024, 0);
    charts['5m'].copy(big, 0, 0, 64); // a real PNG start: size, not type, is what is wrong
    const response = await postAnalysis(client, { ...charts, '5m': big });
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toContain('5-minute chart');
  });

  it('refuses an image over ~33 megapixels from its header, before decoding (422)', async () => {
    const client = await signedIn();
    const huge = await sharp({
      create: { width: 8000, height: 4400, channels: 3, background: { r: 20, g: 20, b: 30 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const response = await postAnalysis(client, { ...charts, '4h': huge });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(/4-hour chart is 8000 x 4400 pixels/);
  });

  it('answers 422 naming the slot when an image is not a chart', async () => {
    const client = await signedIn();
    const response = await postAnalysis(client, { ...charts, '4h': await notAChart() });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(/^The 4-hour chart: /);
  });

  it('answers 422 naming the slot for a truncated image', async () => {
    const client = await signedIn();
    const truncated = charts['15m'].subarray(0, 2000);
    const response = await postAnalysis(client, { ...charts, '15m': truncated });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContain('15-minute chart');
  });

  it('refuses charts of two different pairs (422)', async () => {
    const client = await signedIn();
    // A USDJPY 15-minute screenshot among EURUSD charts.
    const response = await postAnalysis(client, {
      ...charts,
      '15m': fixture('fx-00-tv-dark-chrome/15m.png'),
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('a stored analysis', () => {
  it('is analysed, stored and returned with its id; listed and reopened by its owner only', async () => {
    const owner = await signedIn();
    // The set whose plan is a trade (e2e/fixtures/make-charts.ts), so the plan is stored too.
    const response = await postAnalysis(owner, chartSet('eurusd-trade'), {
      accountSize: 25000,
      riskPercentage: 1,
    });
    expect(response.statusCode, response.body).toBe(201);
    // Where the time went, for the network panel and bench:api.
    expect(response.headers['server-timing']).toMatch(
      /^upload;dur=[\d.]+, decode;dur=[\d.]+, queue;dur=[\d.]+, analyze;dur=[\d.]+, store;dur=[\d.]+$/,
    );
    const stored = storedAnalysisSchema.parse(response.json());
    expect(stored.result.symbol).toBe('EURUSD');
    expect(stored.result.timeframes.map((t) => t.timeframe)).toEqual(['5m', '15m', '4h']);
    expect(stored.accountSize).toBe(25000);
    const plan = stored.result.tradePlan;
    expect(plan, stored.result.noTradeReason ?? '').toBeTruthy();
    expect(plan!.riskAmount).toBe(250);
    expect(plan!.potentialLoss).toBeLessThanOrEqual(250);

    const list = analysisListSchema.parse((await owner.get('/api/analyses')).json());
    expect(list.analyses[0]).toMatchObject({
      id: stored.id,
      symbol: 'EURUSD',
      tradeRecommended: true,
      direction: plan!.direction,
      confidence: plan!.confidence,
    });

    const again = await owner.get(`/api/analyses/${stored.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(stored);

    const thumb = await owner.get(`/api/analyses/${stored.id}/charts/4h`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    // A chart of a trade must not stay in a shared computer's cache after logout.
    expect(thumb.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeLessThanOrEqual(1280);

    const stranger = await signedIn();
    expect((await stranger.get(`/api/analyses/${stored.id}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/analyses/${stored.id}/charts/4h`)).statusCode).toBe(404);
    expect(analysisListSchema.parse((await stranger.get('/api/analyses')).json()).analyses).toEqual([]);
    expect((await setup.client().get('/api/analyses')).statusCode).toBe(401);
  });

  it('lists newest first', async () => {
    const client = await signedIn();
    const first = await postAnalysis(client, charts);
    const second = await postAnalysis(client, charts, { accountSize: 5000, riskPercentage: 1 });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const ids = analysisListSchema
      .parse((await client.get('/api/analyses')).json())
      .analyses.map((a) => a.id);
    expect(ids).toEqual([second.json().id, first.json().id]);
  });

  it('answers 404 to an unknown id, a malformed id and an unknown slot', async () => {
    const client = await signedIn();
    expect((await client.get('/api/analyses/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await client.get('/api/analyses/not-an-id')).statusCode).toBe(404);
    expect(
      (await client.get('/api/analyses/00000000-0000-4000-8000-000000000000/charts/1h')).statusCode,
    ).toBe(404);
  });
});
