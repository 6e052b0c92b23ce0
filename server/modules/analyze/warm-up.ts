import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { decodeImage } from '../../../adapters/node/decode-image';
import type { AnalysisPool } from './pool';

const SLOTS = ['5m', '15m', '4h'] as const;

/**
 * The charts every worker thread analyses once at start-up: the project's own synthetic
 * 5m/15m/4h set whose plan is a trade (rendered by e2e/fixtures/make-charts.ts, not third-party
 * screenshots), so the reader with its glyph tables, the analysis and the whole plan all run.
 */
const WARM_UP_CHARTS = 'e2e/fixtures/charts/eurusd-trade';

/** The set's folder from the sources (server/modules/analyze/) or the bundle (dist/server/). */
export function findWarmUpCharts(): string | undefined {
  const candidates = [
    fileURLToPath(new URL(`../../../${WARM_UP_CHARTS}`, import.meta.url)),
    fileURLToPath(new URL(`../../${WARM_UP_CHARTS}`, import.meta.url)),
  ];
  return candidates.find((dir) => SLOTS.every((slot) => existsSync(join(dir, `${slot}.png`))));
}

/**
 * Warms the pool in the background and logs how long it took. A missing chart (a deployment
 * without fixtures/) only costs the warm-up, never the start.
 */
export async function warmUpPool(pool: AnalysisPool, log: FastifyBaseLogger): Promise<void> {
  const dir = findWarmUpCharts();
  if (!dir) {
    log.warn(`analysis warm-up skipped: ${WARM_UP_CHARTS} not found`);
    return;
  }
  try {
    const [m5, m15, h4] = await Promise.all(SLOTS.map((slot) => decodeImage(join(dir, `${slot}.png`))));
    const { threads, ms } = await pool.warmUp({ '5m': m5!, '15m': m15!, '4h': h4! });
    log.info({ threads, ms: Math.round(ms) }, 'analysis worker threads warmed');
  } catch (err) {
    log.warn({ err }, 'analysis warm-up failed; the first analysis will be slower');
  }
}
