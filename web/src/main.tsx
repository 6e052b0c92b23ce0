import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html is missing the #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The landing page comes prerendered (scripts/prerender-landing.mjs): take over its markup
// rather than drawing it again. Every other page starts from an empty root.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
