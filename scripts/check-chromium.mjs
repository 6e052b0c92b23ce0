#!/usr/bin/env node
// Browser tests drive a system Chromium through playwright-core (nothing is downloaded at test
// time). Stop early, with the fix, when there is none.
import { accessSync, constants } from 'node:fs';

const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium'].filter(Boolean);

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const found = candidates.find(isExecutable);
if (!found) {
  console.error(
    [
      'Browser tests need Chromium, and none was found.',
      `  Looked for: ${candidates.join(', ')}`,
      '  Install it on Debian/Ubuntu (as root):  apt-get install -y chromium',
      '  or point CHROME_PATH at an existing Chrome/Chromium executable:',
      '    CHROME_PATH=/path/to/chrome npm run test:e2e',
    ].join('\n'),
  );
  process.exit(1);
}
console.log(`Chromium: ${found}`);
