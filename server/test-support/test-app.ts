import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../contracts/auth';
import { buildApp, type AppOptions } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/database';

export const TEST_ORIGIN = 'http://localhost:3000';

/** A clock the test moves by hand. */
export function testClock(start = new Date('2026-01-05T09:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

/** Collects every pino line the app writes, so tests can search the log. */
export function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('\n') };
}

export interface TestAppOptions extends Omit<AppOptions, 'database'> {
  database: Database;
  env?: Record<string, string>;
  /** Extra routes registered before the app is made ready (to test the error handler). */
  routes?: (app: FastifyInstance) => void;
}

export async function createTestApp(options: TestAppOptions): Promise<FastifyInstance> {
  const { env, routes, ...appOptions } = options;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    PUBLIC_ORIGIN: TEST_ORIGIN,
    ...env,
  });
  const logs = appOptions.logStream ? undefined : logCapture();
  const app = await buildApp(config, { logStream: logs?.stream, ...appOptions });
  routes?.(app);
  await app.ready();
  return app;
}

/** Headers a same-origin fetch from the web app sends with a state-changing request. */
export const sameOriginHeaders = {
  origin: TEST_ORIGIN,
  'sec-fetch-site': 'same-origin',
  [CSRF_HEADER.toLowerCase()]: CSRF_HEADER_VALUE,
};

/** A tiny cookie-keeping client over app.inject(), like a browser tab of the web app. */
export function browser(app: FastifyInstance, remoteAddress = '127.0.0.1') {
  let cookie: string | undefined;
  async function send(options: InjectOptions): Promise<LightMyRequestResponse> {
    const response = await app.inject({
      remoteAddress,
      ...options,
      headers: {
        ...(options.method && options.method !== 'GET' ? sameOriginHeaders : {}),
        ...(cookie ? { cookie } : {}),
        ...options.headers,
      },
    });
    const setCookie = response.cookies.find((c) => c.name === 'c2p_session');
    if (setCookie) cookie = setCookie.value ? `c2p_session=${setCookie.value}` : undefined;
    return response;
  }
  return {
    send,
    post: (url: string, payload?: object) => send({ method: 'POST', url, payload }),
    get: (url: string) => send({ method: 'GET', url }),
    get cookie() {
      return cookie;
    },
    set cookie(value: string | undefined) {
      cookie = value;
    },
  };
}

export type TestClient = ReturnType<typeof browser>;

let tradersRegistered = 0;

/** A browser tab of a freshly registered, and so signed-in, trader with an email of its own. */
export async function signedInTrader(app: FastifyInstance): Promise<TestClient> {
  const client = browser(app);
  const n = ++tradersRegistered;
  const response = await client.post('/api/register', {
    name: `Trader ${n}`,
    email: `trader${n}@example.com`,
    tradingExperience: 'intermediate',
  });
  if (response.statusCode !== 201)
    throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  return client;
}
