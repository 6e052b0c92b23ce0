/**
 * The pages the web app's router knows, in one place: web/src/app.tsx routes them and the server
 * answers any other page path with HTTP 404 (still with the app, which shows its 404 page), so
 * browsers, crawlers and link checkers see a missing page as missing.
 */
export const WEB_ROUTES = {
  landing: '/',
  home: '/home',
  learn: '/learn',
} as const;

const KNOWN_PATHS: ReadonlySet<string> = new Set(Object.values(WEB_ROUTES));

/** True for a path the router shows a page for; one trailing slash is allowed, as the router does. */
export function isWebRoute(pathname: string): boolean {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return KNOWN_PATHS.has(path);
}
