import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { problemSchema } from '../../contracts/problem';
import { EngineError } from '../../engine/core/errors';
import { createTestDatabase, type TestDatabase } from '../test-support/test-db';
import { TEST_ORIGIN, createTestApp, sameOriginHeaders } from '../test-support/test-app';
import { AppError } from './errors';
import { findWebRoot, hasWebBuild } from './static-web';

let testDb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await createTestApp({
    database: testDb.database,
    routes(instance) {
      instance.get('/api/test/crash', async () => {
        throw new Error('secret internal detail: connection string postgres://u:p@h/db');
      });
      instance.get('/api/test/no-chart', async () => {
        throw new EngineError(
          'NO_CHART_FOUND',
          'No candlestick chart was found in the 4-hour screenshot. Please upload a chart.',
          { slot: 'chart4h' },
        );
      });
      instance.get('/api/test/unavailable', async () => {
        throw new AppError(503, 'BUSY', 'Many charts are being analysed right now. Try again soon.', {
          retryAfter: 7,
        });
      });
      instance.post('/api/test/echo', async (request) => ({ received: request.body }));
    },
  });
});

afterAll(async () => {
  await app?.close();
  await testDb?.cleanup();
});

const post = (headers: Record<string, string>, payload: unknown = { a: 1 }) =>
  app.inject({ method: 'POST', url: '/api/test/echo', headers, payload: payload as object });

describe('health', () => {
  it('/healthz answers while the process is up', async () => {
    const response = await app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz runs a query on the database', async () => {
    const response = await app.inject('/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ready' });
  });

  it('/readyz answers 503 when the database does not answer', async () => {
    const broken = await createTestApp({
      database: {
        ...testDb.database,
        ping: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
      },
    });
    try {
      const response = await broken.inject('/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable' });
      expect(response.body).not.toContain('ECONNREFUSED');
    } finally {
      await broken.close();
    }
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy without inline or eval scripts', async () => {
    const response = await app.inject('/healthz');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('marks API answers no-store', async () => {
    const response = await app.inject('/api/auth/user');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('CSRF defence on state-changing requests', () => {
  it('accepts a same-origin request with X-Requested-With', async () => {
    const response = await post(sameOriginHeaders);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: { a: 1 } });
  });

  it('with PUBLIC_ORIGIN set, refuses an Origin that only matches the Host header (403)', async () => {
    const response = await post({
      origin: 'http://rebound.example:3000',
      host: 'rebound.example:3000',
      'x-requested-with': 'fetch',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
  });

  it('without PUBLIC_ORIGIN, accepts an Origin matching the Host header (local use, dev proxy)', async () => {
    const local = await createTestApp({
      database: testDb.database,
      env: { PUBLIC_ORIGIN: '' },
      routes: (instance) => instance.post('/api/test/echo', async (request) => ({ received: request.body })),
    });
    try {
      const response = await local.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { origin: 'http://127.0.0.1:5173', host: '127.0.0.1:5173', 'x-requested-with': 'fetch' },
        payload: { a: 1 },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('refuses a request without X-Requested-With (403)', async () => {
    const response = await post({ origin: TEST_ORIGIN });
    expect(response.statusCode).toBe(403);
    const problem = problemSchema.parse(response.json());
    expect(problem.code).toBe('CSRF_HEADER_MISSING');
    expect(problem.detail).toContain('X-Requested-With');
  });

  it('refuses a cross-site Origin (403)', async () => {
    const response = await post({ origin: 'https://evil.example', 'x-requested-with': 'fetch' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
  });

  it('refuses Sec-Fetch-Site cross-site or same-site even without Origin (403)', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const response = await post({ 'sec-fetch-site': site, 'x-requested-with': 'fetch' });
      expect(response.statusCode).toBe(403);
    }
  });

  it('refuses a request that says neither Origin nor Sec-Fetch-Site (403)', async () => {
    const response = await post({ 'x-requested-with': 'fetch' });
    expect(response.statusCode).toBe(403);
  });

  it('refuses text/plain and form-encoded bodies (415), the ones a forged form can send', async () => {
    for (const contentType of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { ...sameOriginHeaders, 'content-type': contentType },
        payload: '{"a":1}',
      });
      expect(response.statusCode).toBe(415);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('applies to the real account routes too', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin: 'https://evil.example', 'x-requested-with': 'x' },
      payload: { name: 'Eve', email: 'eve@example.com', tradingExperience: 'expert' },
    });
    expect(response.statusCode).toBe(403);
    const users = await testDb.database.db.query.users.findMany();
    expect(users.find((u) => u.email === 'eve@example.com')).toBeUndefined();
  });

  it('GET requests need no header (they never change state)', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  const proxied = {
    host: 'charts.example',
    origin: 'https://charts.example',
    'x-forwarded-proto': 'https',
    'x-forwarded-for': '203.0.113.7',
    'x-requested-with': 'fetch',
  };

  it('trusts X-Forwarded-Proto for the same-origin check only when told to', async () => {
    const trusting = await createTestApp({
      database: testDb.database,
      env: { PUBLIC_ORIGIN: '', TRUST_PROXY: 'true' },
      routes: (instance) => instance.post('/api/test/ip', async (request) => ({ ip: request.ip })),
    });
    const direct = await createTestApp({
      database: testDb.database,
      env: { PUBLIC_ORIGIN: '' },
      routes: (instance) => instance.post('/api/test/ip', async (request) => ({ ip: request.ip })),
    });
    try {
      const viaProxy = await trusting.inject({ method: 'POST', url: '/api/test/ip', headers: proxied });
      expect(viaProxy.statusCode).toBe(200);
      // The client's address, not the proxy's: rate limits apply per trader.
      expect(viaProxy.json()).toEqual({ ip: '203.0.113.7' });
      const spoofed = await direct.inject({ method: 'POST', url: '/api/test/ip', headers: proxied });
      expect(spoofed.statusCode).toBe(403);
    } finally {
      await trusting.close();
      await direct.close();
    }
  });
});

describe('problem+json errors', () => {
  it('unknown /api routes answer 404 problem+json', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await app.inject({ method, url: '/api/nothing-here?x=1', headers: sameOriginHeaders });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
      const problem = problemSchema.parse(response.json());
      expect(problem).toMatchObject({ status: 404, title: 'Not Found' });
      expect(problem.detail).toBe(`There is no ${method} /api/nothing-here here.`);
    }
  });

  it('hides the detail of a 5xx and logs nothing of it to the client', async () => {
    const response = await app.inject('/api/test/crash');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      type: 'urn:chart-to-plan:problem:internal-error',
      title: 'Server Error',
      status: 500,
      detail: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL_ERROR',
    });
  });

  it('shows the written text of a 503 AppError (not the generic 500 words) with Retry-After', async () => {
    const response = await app.inject('/api/test/unavailable');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('7');
    expect(response.json().detail).toBe('Many charts are being analysed right now. Try again soon.');
  });

  it('maps an EngineError to 422 with its message and code', async () => {
    const response = await app.inject('/api/test/no-chart');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      type: 'urn:chart-to-plan:problem:no-chart-found',
      title: 'No Chart Found',
      status: 422,
      detail: 'No candlestick chart was found in the 4-hour screenshot. Please upload a chart.',
      code: 'NO_CHART_FOUND',
      details: { slot: 'chart4h' },
    });
  });

  it('answers invalid JSON with a 400 problem a person can read', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { ...sameOriginHeaders, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, detail: 'The request body is not valid JSON.' });
  });
});

describe('static web app', () => {
  let webRoot: string;
  let web: FastifyInstance;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'c2p-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><div id="root">spa</div>');
    writeFileSync(join(webRoot, 'assets', 'index-Bx12Ab9z.js'), 'console.log(1)');
    writeFileSync(join(webRoot, 'favicon.svg'), '<svg/>');
    web = await createTestApp({ database: testDb.database, webRoot });
  });

  afterAll(async () => {
    await web?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves index.html for every page: 200 for the router pages, 404 for unknown ones, never cached', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/home', 200],
      ['/learn/', 200],
      ['/learn?tab=1', 200],
      ['/no/such/page?x=1', 404],
      ['/homes', 404],
    ] as const) {
      const response = await web.inject(url);
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">spa</div>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers / with the prerendered landing page when the build made one, other pages with the shell', async () => {
    const prerendered = mkdtempSync(join(tmpdir(), 'c2p-web-'));
    writeFileSync(join(prerendered, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(prerendered, 'landing.html'), '<!doctype html><div id="root"><h1>Landing</h1></div>');
    const app = await createTestApp({ database: testDb.database, webRoot: prerendered });
    try {
      const landing = await app.inject('/');
      expect(landing.statusCode).toBe(200);
      expect(landing.body).toContain('<h1>Landing</h1>');
      expect(landing.headers['cache-control']).toBe('no-cache');
      for (const url of ['/home', '/learn', '/no/such/page']) {
        expect((await app.inject(url)).body, url).toContain('<div id="root"></div>');
      }
    } finally {
      await app.close();
      rmSync(prerendered, { recursive: true, force: true });
    }
  });

  it('caches hashed assets forever, other files revalidate', async () => {
    const asset = await web.inject('/assets/index-Bx12Ab9z.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Browsers refuse module scripts with any other type.
    expect(asset.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(asset.body).toBe('console.log(1)');
    const icon = await web.inject('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's compressed copy to a browser that accepts it, the plain file to others", async () => {
    const compressed = mkdtempSync(join(tmpdir(), 'c2p-web-'));
    mkdirSync(join(compressed, 'assets'));
    writeFileSync(join(compressed, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(compressed, 'assets', 'app-Q1w2e3r4.js'), 'console.log("plain")');
    writeFileSync(join(compressed, 'assets', 'app-Q1w2e3r4.js.br'), 'brotli bytes');
    const app = await createTestApp({ database: testDb.database, webRoot: compressed });
    try {
      const br = await app.inject({
        url: '/assets/app-Q1w2e3r4.js',
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.body).toBe('brotli bytes');
      expect(br.headers['vary']).toContain('accept-encoding');
      const plain = await app.inject({
        url: '/assets/app-Q1w2e3r4.js',
        headers: { 'accept-encoding': 'identity' },
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe('console.log("plain")');
    } finally {
      await app.close();
      rmSync(compressed, { recursive: true, force: true });
    }
  });

  it('keeps unknown /api routes and missing assets out of the SPA fallback', async () => {
    const api = await web.inject('/api/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/problem+json');
    const user = await web.inject('/api/auth/user');
    expect(user.statusCode).toBe(401);
  });
});

describe('findWebRoot', () => {
  let repo: string;
  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'c2p-repo-'));
    for (const dir of ['server', 'dist/server', 'web', 'dist/web']) {
      mkdirSync(join(repo, dir), { recursive: true });
    }
    // Vite's source page: the server must never mistake it for the build.
    writeFileSync(join(repo, 'web', 'index.html'), '<script src="/src/main.tsx"></script>');
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('never picks web/ (the Vite source), even before a build exists', () => {
    expect(findWebRoot(join(repo, 'server'))).toBe(join(repo, 'dist', 'web'));
    expect(hasWebBuild(findWebRoot(join(repo, 'server')))).toBe(false);
  });

  it('finds dist/web from the source folder and from the bundle folder', () => {
    writeFileSync(join(repo, 'dist', 'web', 'index.html'), '<div id="root"></div>');
    expect(findWebRoot(join(repo, 'server'))).toBe(join(repo, 'dist', 'web'));
    expect(findWebRoot(join(repo, 'dist', 'server'))).toBe(join(repo, 'dist', 'web'));
  });
});
