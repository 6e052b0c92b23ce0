import { afterAll, afterEach } from 'vitest';
import { closeBrowserConnection, closeOpenPages } from './browser';

// Set up for every browser test file (e2e/vitest.config.ts): the pages a test opened are closed
// after it, so cookies never leak between tests, and the file's browser connection after the file.
afterEach(closeOpenPages);
afterAll(closeBrowserConnection);
