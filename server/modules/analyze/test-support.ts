import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import sharp from 'sharp';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-db';
import { browser, createTestApp } from '../../test-support/test-app';

/** A hand-built multipart/form-data body, as a browser's FormData would send it. */
export function multipart(
  fields: Record<string, string | number>,
  files: Array<{ field: string; filename: string; type: string; data: Buffer }>,
) {
  const boundary = `----c2pTestBoundary${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

type Client = ReturnType<typeof browser>;
export type ChartSet = { '5m': Buffer; '15m': Buffer; '4h': Buffer };

export function postAnalysis(
  client: Client,
  charts: Partial<ChartSet>,
  fields: Record<string, string | number> = { accountSize: 10000, riskPercentage: 2 },
  extraFiles: Array<{ field: string; filename: string; type: string; data: Buffer }> = [],
) {
  const files = Object.entries(charts).map(([slot, data]) => ({
    field: `chart${slot}`,
    filename: `${slot}.png`,
    type: 'image/png',
    data: data,
  }));
  const body = multipart(fields, [...files, ...extraFiles]);
  return client.send({
    method: 'POST',
    url: '/api/analyze',
    payload: body.payload,
    headers: { 'content-type': body.contentType },
  });
}

let users = 0;
export async function signUp(client: Client) {
  const response = await client.post('/api/register', {
    name: 'Chart Trader',
    email: `analyst${++users}-${process.pid}@example.com`,
    tradingExperience: 'intermediate',
  });
  expect(response.statusCode).toBe(201);
}

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * A complete 5m/15m/4h set of one pair rendered by the project's corpus generator
 * (e2e/fixtures/charts), shared with the browser test.
 */
export function chartSet(name = 'eurusd'): ChartSet {
  const dir = here(`../../../e2e/fixtures/charts/${name}/`);
  return {
    '5m': readFileSync(`${dir}5m.png`),
    '15m': readFileSync(`${dir}15m.png`),
    '4h': readFileSync(`${dir}4h.png`),
  };
}

/** A picture that is an image but not a chart: soft coloured noise. */
export async function notAChart(): Promise<Buffer> {
  const width = 800;
  const height = 500;
  const data = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = 90 + (seed % 60);
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .blur(3)
    .png()
    .toBuffer();
}

/**
 * One test file's app on a fresh database, started before its tests and closed after them.
 * `env` sets the ANALYZE_* settings the module reads when it registers; the environment is
 * restored afterwards.
 */
export function analyzeTestApp(env: Record<string, string> = {}) {
  const saved = { ...process.env };
  let testDb: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    Object.assign(process.env, env);
    testDb = await createTestDatabase();
    app = await createTestApp({ database: testDb.database });
  });
  afterAll(async () => {
    process.env = saved;
    await app?.close();
    await testDb?.cleanup();
  });
  const started = () => {
    if (!app) throw new Error('analyzeTestApp: the app starts in beforeAll');
    return app;
  };
  return {
    get app() {
      return started();
    },
    /** A signed-out browser. */
    client: (): Client => browser(started()),
    /** A browser signed in as a new user. */
    async signedIn(): Promise<Client> {
      const client = browser(started());
      await signUp(client);
      return client;
    },
  };
}
