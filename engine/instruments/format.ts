import type { Instrument } from './table';

/**
 * A price as the trader's platform shows it: the instrument's own decimals (5 for EURUSD,
 * 3 for USDJPY, 2 for XAUUSD), not a fixed 5 (DECISIONS.md).
 */
export function formatPrice(value: number, instrument: Pick<Instrument, 'precision'>): string {
  if (!Number.isFinite(value)) return '—';
  return value.toFixed(instrument.precision);
}

/** Round a price to the instrument's display precision (the number, not the string). */
export function roundPrice(value: number, instrument: Pick<Instrument, 'precision'>): number {
  return Number(value.toFixed(instrument.precision));
}

/** Whole US dollars with thousands separators ("$1,250"), as the Trade Idea card shows money. */
export function formatUsd(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const rounded = Math.round(value);
  const sign = rounded < 0 ? '-' : '';
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${digits}`;
}

/** Lot size with 2 decimals and the unit ("0.40 lots"). */
export function formatLots(lots: number): string {
  return `${lots.toFixed(2)} lots`;
}

/** Units beside lots ("40,000 units"), rounded to whole units. */
export function formatUnits(units: number): string {
  return `${String(Math.round(units)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} units`;
}
