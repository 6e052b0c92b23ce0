import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { emptyLearnProgress, learnProgressSchema, type LearnProgress } from '../../../contracts/learn';
import { problemSchema } from '../../../contracts/problem';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-db';
import { browser, createTestApp, signedInTrader, type TestClient } from '../../test-support/test-app';

let testDb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await createTestApp({ database: testDb.database });
});

afterAll(async () => {
  await app?.close();
  await testDb?.cleanup();
});

type Client = TestClient;

const signedIn = () => signedInTrader(app);

const put = (client: Client, payload: unknown) =>
  client.send({ method: 'PUT', url: '/api/learn/progress', payload: payload as object });

async function getProgress(client: Client): Promise<LearnProgress> {
  const response = await client.get('/api/learn/progress');
  expect(response.statusCode, response.body).toBe(200);
  return learnProgressSchema.parse(response.json());
}

async function save(client: Client, doc: LearnProgress): Promise<LearnProgress> {
  const response = await put(client, doc);
  expect(response.statusCode, response.body).toBe(200);
  return learnProgressSchema.parse(response.json());
}

const t = (day: number) => new Date(Date.UTC(2026, 10, day, 9)).toISOString();

const progressA: LearnProgress = {
  version: 1,
  completedLessons: { 'quick-start/what-it-does': t(1), 'quick-start/screenshots': t(2) },
  quizzes: { 'quick-start': { best: 4, total: 5, attempts: 2, lastScore: 3, lastTakenAt: t(2) } },
  practice: { 'practice-fvg': t(2) },
};

describe('GET/PUT /api/learn/progress', () => {
  it('refuses both when signed out (401 problem)', async () => {
    const anonymous = browser(app);
    const read = await anonymous.get('/api/learn/progress');
    expect(read.statusCode).toBe(401);
    expect(problemSchema.safeParse(read.json()).success).toBe(true);
    const write = await put(anonymous, progressA);
    expect(write.statusCode).toBe(401);
  });

  it('gives a new trader an empty document', async () => {
    const client = await signedIn();
    expect(await getProgress(client)).toEqual(emptyLearnProgress());
  });

  it('stores a document and returns it on the next read', async () => {
    const client = await signedIn();
    expect(await save(client, progressA)).toEqual(progressA);
    expect(await getProgress(client)).toEqual(progressA);
  });

  it('lets a lesson be unmarked (completedLessons stored as sent)', async () => {
    const client = await signedIn();
    await save(client, progressA);
    const unmarked = { ...progressA, completedLessons: { 'quick-start/screenshots': t(2) } };
    expect((await save(client, unmarked)).completedLessons).toEqual({ 'quick-start/screenshots': t(2) });
    expect((await getProgress(client)).completedLessons).toEqual({ 'quick-start/screenshots': t(2) });
  });

  it('never lets an older tab lower a best score, attempts, or forget a solved chart', async () => {
    const client = await signedIn();
    await save(client, progressA);
    // A tab opened before the retakes and the solved chart: lower best, fewer attempts, an older last try.
    const stale: LearnProgress = {
      version: 1,
      completedLessons: progressA.completedLessons,
      quizzes: {
        'quick-start': { best: 2, total: 5, attempts: 1, lastScore: 2, lastTakenAt: t(1) },
        'trading-fundamentals': { best: 3, total: 4, attempts: 1, lastScore: 3, lastTakenAt: t(3) },
      },
      practice: { 'practice-bos': t(3), 'practice-fvg': t(5) },
    };
    const merged = await save(client, stale);
    expect(merged.quizzes).toEqual({
      'quick-start': { best: 4, total: 5, attempts: 2, lastScore: 3, lastTakenAt: t(2) },
      'trading-fundamentals': { best: 3, total: 4, attempts: 1, lastScore: 3, lastTakenAt: t(3) },
    });
    // Union of solved charts, first solve time kept.
    expect(merged.practice).toEqual({ 'practice-fvg': t(2), 'practice-bos': t(3) });
    expect(await getProgress(client)).toEqual(merged);

    // A newer, worse retake updates the last score but not the best.
    const retake = await save(client, {
      ...merged,
      quizzes: {
        ...merged.quizzes,
        'quick-start': { best: 1, total: 5, attempts: 3, lastScore: 1, lastTakenAt: t(6) },
      },
    });
    expect(retake.quizzes['quick-start']).toEqual({
      best: 4,
      total: 5,
      attempts: 3,
      lastScore: 1,
      lastTakenAt: t(6),
    });
  });

  it('rejects malformed documents with a 400 problem and keeps what was stored', async () => {
    const client = await signedIn();
    await save(client, progressA);
    const bad: unknown[] = [
      { ...progressA, version: 2 },
      { ...progressA, completedLessons: { 'quick-start/x': 'yesterday' } },
      { ...progressA, quizzes: { q: { best: 6, total: 5, attempts: 1, lastScore: 1, lastTakenAt: t(1) } } },
      { ...progressA, quizzes: { q: { best: -1, total: 5, attempts: 1, lastScore: 0, lastTakenAt: t(1) } } },
      { ...progressA, practice: [] },
      { completedLessons: {} },
      ['not', 'an', 'object'],
    ];
    for (const body of bad) {
      const response = await put(client, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(problemSchema.safeParse(response.json()).success).toBe(true);
    }
    expect(await getProgress(client)).toEqual(progressA);
  });

  it('refuses an oversized body', async () => {
    const client = await signedIn();
    const completedLessons: Record<string, string> = {};
    for (let i = 0; i < 5000; i++) completedLessons[`module-${i}/lesson-with-a-long-name-${i}`] = t(1);
    const response = await put(client, { ...progressA, completedLessons });
    expect(response.statusCode).toBe(413);
    expect(await getProgress(client)).toEqual(emptyLearnProgress());
  });

  it("keeps each trader's progress to themselves", async () => {
    const a = await signedIn();
    const b = await signedIn();
    await save(a, progressA);
    expect(await getProgress(b)).toEqual(emptyLearnProgress());
    const progressB: LearnProgress = { ...emptyLearnProgress(), completedLessons: { 'smc/bos': t(4) } };
    await save(b, progressB);
    expect(await getProgress(a)).toEqual(progressA);
    expect(await getProgress(b)).toEqual(progressB);
  });

  it('merges two saves sent at the same time without losing either', async () => {
    const client = await signedIn();
    const quizOnly = (id: string): LearnProgress => ({
      ...emptyLearnProgress(),
      quizzes: { [id]: { best: 3, total: 4, attempts: 1, lastScore: 3, lastTakenAt: t(1) } },
      practice: { [`practice-${id}`]: t(1) },
    });
    await Promise.all([save(client, quizOnly('a')), save(client, quizOnly('b'))]);
    const stored = await getProgress(client);
    expect(Object.keys(stored.quizzes).sort()).toEqual(['a', 'b']);
    expect(Object.keys(stored.practice).sort()).toEqual(['practice-a', 'practice-b']);
  });
});
