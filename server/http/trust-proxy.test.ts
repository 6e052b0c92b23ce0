import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-db';
import { browser, createTestApp, logCapture } from '../test-support/test-app';
import { clientKeyOf } from './client-key';

/** Issue 19, item 12: which X-Forwarded-For the rate limits believe. */

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  await testDb?.cleanup();
});

/** 20 code requests per client per window: the 21st from one client is refused. */
async function codeRequestsUntilRefused(app: FastifyInstance, forwardedFor: (i: number) => string) {
  const proxy = browser(app, '10.9.0.1');
  for (let i = 0; i < 25; i++) {
    const response = await proxy.send({
      method: 'POST',
      url: '/api/login',
      payload: { email: `nobody${i}@example.com` },
      headers: { 'x-forwarded-for': forwardedFor(i) },
    });
    if (response.statusCode === 429) return i + 1;
    expect(response.statusCode).toBe(404);
  }
  return Infinity;
}

describe('TRUST_PROXY', () => {
  it('with a hop count, a client rotating the X-Forwarded-For it sends is still one client', async () => {
    const app = await createTestApp({ database: testDb.database, env: { TRUST_PROXY: '1' } });
    try {
      // The proxy appends the address it saw (203.0.113.5); what the client wrote comes before.
      const refusedAt = await codeRequestsUntilRefused(app, (i) => `198.51.100.${i}, 203.0.113.5`);
      expect(refusedAt).toBe(21);
    } finally {
      await app.close();
    }
  });

  it('with true, a rotating X-Forwarded-For escapes the limit, so the server warns at start', async () => {
    const logs = logCapture();
    const app = await createTestApp({
      database: testDb.database,
      logStream: logs.stream,
      env: { TRUST_PROXY: 'true' },
    });
    try {
      expect(logs.text()).toMatch(/TRUST_PROXY=true believes every X-Forwarded-For/);
      const refusedAt = await codeRequestsUntilRefused(app, (i) => `198.51.100.${i}, 203.0.113.6`);
      expect(refusedAt).toBe(Infinity);
    } finally {
      await app.close();
    }
  });
});

describe('clientKeyOf', () => {
  it('keys IPv4 by address and IPv6 by its /64, so one line cannot rotate through addresses', () => {
    expect(clientKeyOf('203.0.113.5')).toBe('203.0.113.5');
    expect(clientKeyOf('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(clientKeyOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
  });
});
