import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '../../contracts/auth';
import type { Config } from '../config';
import { AppError } from './errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Content types an HTML form (or a no-preflight fetch) can send cross-site. JSON APIs never
 * accept them, so a forged "simple request" is refused before any parsing. multipart is
 * also form-sendable but the analyze upload needs it; the Origin and X-Requested-With checks
 * cover it.
 */
const REFUSED_CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded'];

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const https = config.publicOrigin?.startsWith('https://') ?? false;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // Vite's build emits module scripts as files: no inline script is ever allowed.
        'script-src': ["'self'"],
        // Radix dialogs and selects lock page scrolling by inserting a <style> element at run
        // time (react-remove-scroll); a static index.html cannot carry a per-request nonce, so
        // inline styles are allowed. Styles cannot run code; scripts stay strictly 'self'.
        'style-src': ["'self'", "'unsafe-inline'"],
        // data:/blob: for inline SVG icons and the local previews of chosen chart screenshots.
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'worker-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        // Only behind https: on http://localhost it would break every asset request.
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    hsts: https,
    crossOriginEmbedderPolicy: false,
  });

  // Text and form bodies must never reach a JSON handler (see REFUSED_CONTENT_TYPES).
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    assertSameOrigin(request, config);
    if (!request.headers[CSRF_HEADER.toLowerCase()]) {
      throw new AppError(
        403,
        'CSRF_HEADER_MISSING',
        `This request is missing the ${CSRF_HEADER} header that the app sends. Please reload the page and try again.`,
        { title: 'Request Refused' },
      );
    }
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (REFUSED_CONTENT_TYPES.includes(contentType)) {
      throw new AppError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'This content type is not accepted. Send JSON (application/json) or a file upload.',
      );
    }
  });
}

function assertSameOrigin(request: FastifyRequest, config: Config) {
  const fetchSite = header(request, 'sec-fetch-site');
  const origin = header(request, 'origin');
  if (fetchSite && fetchSite !== 'same-origin') refuse();
  if (origin) {
    // With PUBLIC_ORIGIN set it is the only origin that counts: the Host header is whatever
    // the client says (a DNS-rebound name, a proxy that passes Host through), so an Origin that
    // merely matches it proves nothing. Unset (local use, dev proxy), the Host-derived origin is
    // the best there is: a forged cross-site request carries our Host but the attacker's Origin.
    const allowed = config.publicOrigin ?? `${request.protocol}://${request.host}`;
    if (origin !== allowed) refuse();
  } else if (!fetchSite) {
    // Browsers send Origin on every POST/PUT/PATCH/DELETE; its absence means an old or
    // non-browser client, which must say where it comes from like everyone else.
    refuse();
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function refuse(): never {
  throw new AppError(
    403,
    'CROSS_SITE_REQUEST',
    'This request came from another site and was refused. Please use Chart-to-Plan directly.',
    { title: 'Request Refused' },
  );
}
