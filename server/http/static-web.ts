import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite puts content-hashed files under assets/: they never change, so cache them forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon ...) is revalidated so a deploy shows up at once. */
const REVALIDATE = 'no-cache';

export const hasWebBuild = (webRoot: string) => existsSync(join(webRoot, 'index.html'));

/**
 * Where Vite put the built app: dist/web, found from the running code's folder, which is
 * dist/server for the bundle and server/ when run from source. Only a folder inside dist/
 * counts: web/ itself holds Vite's *source* index.html, which must never be served.
 */
export function findWebRoot(codeDir: string): string {
  const candidates = [join(codeDir, '..', 'web'), join(codeDir, '..', 'dist', 'web')]
    .map((dir) => resolve(dir))
    .filter((dir) => basename(dirname(dir)) === 'dist');
  return candidates.find(hasWebBuild) ?? candidates[0] ?? resolve('dist/web');
}

/**
 * Serves the built React app; registerNotFound({ spa: true }) answers index.html for other
 * non-API GETs so the app's router renders the page (or its own "Page Not Found").
 */
export async function registerStaticWeb(app: FastifyInstance, webRoot: string) {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: true,
    // '/' is a directory to the static plugin: answer it with the landing page prerendered by
    // the build (scripts/prerender-landing.mjs), or the app's empty shell when there is none.
    index: ['landing.html', 'index.html'],
    cacheControl: false,
    // The build writes .br and .gz copies of the text files (scripts/compress-web.mjs).
    preCompressed: true,
    setHeaders(reply, path) {
      const isHashedAsset = /[\\/]assets[\\/]/.test(path.slice(webRoot.length));
      reply.header('cache-control', isHashedAsset ? IMMUTABLE : REVALIDATE);
    },
  });
}
