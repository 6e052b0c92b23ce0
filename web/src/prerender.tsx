import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './app';

/**
 * The landing page as HTML, for the build (scripts/prerender-landing.mjs): a phone paints the
 * page before its JavaScript has arrived, then main.tsx hydrates the same tree. Rendered signed
 * out, as the browser's first render is (the user is still loading there).
 */
export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <App ssrPath="/" />
    </StrictMode>,
  );
}
