import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-db';
import { createTestApp } from '../test-support/test-app';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  await testDb?.cleanup();
});

describe('REDIS_URL', () => {
  it('a Redis that cannot be reached stops start-up with a message naming it (no password shown)', async () => {
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    await expect(
      createTestApp({ database: testDb.database, env: { REDIS_URL: 'redis://:hunter2@127.0.0.1:1' } }),
    ).rejects.toThrow(/^Could not connect to Redis at 127\.0\.0\.1:1 \(REDIS_URL\)(?!.*hunter2)/);
  });
});
