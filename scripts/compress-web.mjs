#!/usr/bin/env node
// Writes a Brotli (.br) and a gzip (.gz) copy of every text file of the built web app
// (dist/web), run by `npm run build` after Vite and the prerender. The server sends them to
// browsers that accept them (@fastify/static preCompressed): the landing page's first download
// shrinks to about a quarter, with no compression work per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const webOut = fileURLToPath(new URL('../dist/web', import.meta.url));
/** Files worth compressing: images (WebP, PNG) are compressed already. */
const TEXT = /\.(html|js|css|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for (const path of files(webOut)) {
  if (!TEXT.test(path)) continue;
  const body = readFileSync(path);
  if (body.length < MIN_BYTES) continue;
  writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
}
console.log(`compress-web: ${count} files in dist/web with .br and .gz copies`);
