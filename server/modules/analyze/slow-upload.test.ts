import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../../contracts/auth';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-db';
import { TEST_ORIGIN, browser, createTestApp, type TestClient } from '../../test-support/test-app';
import { chartSet, postAnalysis, signUp, type ChartSet } from './test-support';

/**
 * Issue 19.1: a client that sends its uploads slowly must not block analyses for everyone. The
 * pool is as small as it gets (one thread, one waiting place), so without the fix two slow
 * uploads admitted before their body was read would hold it and every other trader got 503.
 */
// Long enough that both checks below run while the slow uploads still trickle, even on a busy
// machine where one analysis takes seconds.
const UPLOAD_TIMEOUT_MS = 15_000;
let testDb: TestDatabase;
let app: FastifyInstance;
let port: number;
let charts: ChartSet;
const saved = { ...process.env };

beforeAll(async () => {
  Object.assign(process.env, {
    ANALYZE_THREADS: '1',
    ANALYZE_MAX_QUEUE: '1',
    ANALYZE_PER_USER_IN_FLIGHT: '2',
    ANALYZE_UPLOAD_TIMEOUT_MS: String(UPLOAD_TIMEOUT_MS),
  });
  testDb = await createTestDatabase();
  app = await createTestApp({ database: testDb.database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
  charts = chartSet();
});

afterAll(async () => {
  process.env = saved;
  await app?.close();
  await testDb?.cleanup();
});

async function signedIn(): Promise<TestClient> {
  const client = browser(app);
  await signUp(client);
  return client;
}

/**
 * A raw loopback socket posting an analysis that announces 2 MB and sends one byte every
 * 50 ms. Resolves with the status line the server eventually answers (or 'closed').
 */
function slowUpload(cookie: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  const boundary = 'slowBoundary';
  socket.write(
    [
      'POST /api/analyze HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Origin: ${TEST_ORIGIN}`,
      `${CSRF_HEADER}: ${CSRF_HEADER_VALUE}`,
      `Cookie: ${cookie}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      'Content-Length: 2000000',
      '',
      `--${boundary}\r\nContent-Disposition: form-data; name="chart5m"; filename="5m.png"\r\nContent-Type: image/png\r\n\r\n`,
    ].join('\r\n'),
  );
  const drip = setInterval(() => {
    if (!socket.destroyed) socket.write('x');
  }, 50);
  let received = '';
  const answered = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const statusLine = received.split('\r\n')[0];
      if (statusLine && received.includes('\r\n')) resolve(statusLine);
    });
    socket.on('error', () => resolve('closed'));
    socket.on('close', () => resolve(received.split('\r\n')[0] || 'closed'));
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return {
    answered,
    closed,
    body: () => received,
    stop() {
      clearInterval(drip);
      socket.destroy();
    },
  };
}

describe('slow uploads (issue 19.1)', () => {
  it('a slow uploader holds no analysis slot: others get analyses, its third upload is refused, a stall ends in 408', async () => {
    const attacker = await signedIn();
    const victim = await signedIn();
    const slow = [slowUpload(attacker.cookie!), slowUpload(attacker.cookie!)];
    try {
      // Both slow requests are inside the handler (reading) before anyone else comes.
      await new Promise((resolve) => setTimeout(resolve, 1000));

      // A third upload of the same account is refused at once: two in flight per user.
      const third = await postAnalysis(attacker, charts);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: 'ANALYSES_IN_PROGRESS' });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);

      // Another trader is analysed while both slow uploads are still trickling.
      const analysed = await postAnalysis(victim, charts);
      expect(analysed.statusCode, analysed.body).toBe(201);
      expect(slow.map((s) => s.body())).toEqual(['', '']);

      // The stalled uploads end with 408 and a closed connection, not a slot held forever.
      const answers = await Promise.all(slow.map((s) => s.answered));
      expect(answers).toEqual(['HTTP/1.1 408 Request Timeout', 'HTTP/1.1 408 Request Timeout']);
      expect(slow[0]!.body()).toContain('UPLOAD_TIMEOUT');
      await Promise.all(slow.map((s) => s.closed));

      // Their places are free again: the same account can analyse now.
      const after = await postAnalysis(attacker, charts);
      expect(after.statusCode, after.body).toBe(201);
    } finally {
      for (const s of slow) s.stop();
    }
  });
});
