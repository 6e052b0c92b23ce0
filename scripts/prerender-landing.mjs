#!/usr/bin/env node
// Prerenders the landing page into dist/web/landing.html (run by `npm run build` after Vite):
// the same built index.html with the page's markup inside #root, so a first visit paints before
// the JavaScript arrives; web/src/main.tsx then hydrates it. The server answers "/" with it
// (server/http/static-web.ts); every other page keeps index.html and its empty root.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const webOut = `${root}dist/web`;
const ssrOut = `${root}dist/prerender`;

await build({
  configFile: `${root}web/vite.config.ts`,
  logLevel: 'warn',
  build: { ssr: `${root}web/src/prerender.tsx`, outDir: ssrOut, emptyOutDir: true, copyPublicDir: false },
});
const { renderLanding } = await import(pathToFileURL(`${ssrOut}/prerender.js`).href);
const html = readFileSync(`${webOut}/index.html`, 'utf8');
const marker = '<div id="root"></div>';
if (!html.includes(marker)) throw new Error(`prerender-landing: ${marker} not found in dist/web/index.html`);
writeFileSync(`${webOut}/landing.html`, html.replace(marker, `<div id="root">${renderLanding()}</div>`));
rmSync(ssrOut, { recursive: true, force: true });
console.log('prerender-landing: dist/web/landing.html written');
