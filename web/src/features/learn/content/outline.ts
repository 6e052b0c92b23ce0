// The curriculum's shape without its text: module ids, titles and lesson ids. The dashboard's
// progress card needs only this, so it does not pull ~150 kB of lessons into the dashboard
// bundle. outline.test.ts keeps it equal to the full content.
export interface ModuleOutline {
  readonly id: string;
  readonly title: string;
  readonly lessonIds: readonly string[];
  readonly quizLength: number;
}

export const LEARN_OUTLINE: readonly ModuleOutline[] = [
  {
    id: 'quick-start',
    title: 'Quick Start',
    lessonIds: ['what-chart-to-plan-does', 'three-screenshots', 'reading-your-plan', 'practising-safely'],
    quizLength: 5,
  },
  {
    id: 'trading-fundamentals',
    title: 'Trading Fundamentals',
    lessonIds: ['currency-pairs', 'pips-and-pip-value', 'lots-leverage-margin', 'reading-a-candle'],
    quizLength: 5,
  },
  {
    id: 'technical-analysis',
    title: 'Technical Analysis Essentials',
    lessonIds: ['support-resistance', 'trend-and-structure', 'candlestick-signals', 'moving-averages-rsi'],
    quizLength: 5,
  },
  {
    id: 'risk-management',
    title: 'Risk Management Mastery',
    lessonIds: ['why-risk-first', 'position-sizing', 'stops-and-reward', 'plan-and-journal'],
    quizLength: 5,
  },
  {
    id: 'smart-money-concepts',
    title: 'Smart Money Concepts',
    lessonIds: [
      'bos-vs-choch',
      'order-blocks',
      'fair-value-gaps',
      'liquidity-and-sweeps',
      'premium-discount',
      'top-down-analysis',
    ],
    quizLength: 6,
  },
];
