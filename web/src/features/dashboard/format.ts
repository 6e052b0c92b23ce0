import type { ChartSlot } from '../../../../contracts/analysis';

/** SPEC 9: USD with no decimals. */
const usdFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
export const formatUsd = (value: number) => usdFormat.format(Math.round(value));

/** SPEC 9: lot size with 2 decimals plus " lots". */
export const formatLots = (lots: number) => `${lots.toFixed(2)} lots`;

/** Units of the base currency (or ounces, index units): whole numbers with separators. */
export const formatUnits = (units: number) => Math.round(units).toLocaleString('en-US');

/** A price in the instrument's own precision (DECISIONS.md: 5 for EURUSD, 3 for USDJPY ...). */
export const formatPrice = (price: number, precision: number) => price.toFixed(precision);

/** Reward to risk as the platforms write it: 1:2.15. */
export const formatRiskReward = (ratio: number) => `1:${ratio.toFixed(2)}`;

export const formatPercent = (value: number) => `${Number(value.toFixed(2))}%`;

export const SLOT_TITLES: Record<ChartSlot, string> = {
  '5m': '5 Minute',
  '15m': '15 Minute',
  '4h': '4 Hour',
};

export const SLOT_LABELS: Record<ChartSlot, string> = {
  '5m': '5-minute chart',
  '15m': '15-minute chart',
  '4h': '4-hour chart',
};

export const CHART_SLOTS: readonly ChartSlot[] = ['5m', '15m', '4h'];

export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return date.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
