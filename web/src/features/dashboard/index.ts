/**
 * What other features may use of the dashboard: the annotated chart (the landing page shows a
 * real result with it). The dashboard itself (dashboard-content.tsx) is imported by its page,
 * pages/home-content.tsx, directly: re-exported here it was bundled into every page's first
 * download (the bundler kept the whole barrel in the main chunk: 474 -> 768 kB).
 */
export { AnnotatedChart, type OverlayLayer } from './components/annotated-chart';
