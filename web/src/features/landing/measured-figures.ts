/**
 * The chart reader's accuracy as last measured by the project's own scorers (DECISIONS.md
 * "Honest marketing": show measured accuracy, and say what it was measured on). Update these
 * with the closing note's figures whenever the reader changes; the commands are below.
 */
export const READING_ACCURACY = {
  /** node ../shared/tools/score-chart-reader.mjs ../shared/chart-corpus/dev 'bin/chart-to-plan read {image}' */
  rendered: { exactPercent: 99.2, charts: 36, platform: 'TradingView' },
  /** node ../shared/tools/score-real-charts.mjs ../shared/chart-corpus/real 'bin/chart-to-plan read {image}' */
  realScreenshots: { readWithinTolerance: 8, refused: 16, charts: 41, notChartsRefused: 9, notCharts: 9 },
  measuredOn: '26 November 2026',
} as const;
