import { PRICE_LABEL_MAX_CHARS } from './tuning';

/**
 * Parses an axis/badge label into a price: "1.15100", "2,450.50", "1 234.5", "−0.25", "152.000".
 * Returns null for times ("12:30"), dates ("15 Mar", "2024-03-01"), percentages and garbage.
 */
export function parsePriceLabel(text: string): number | null {
  let s = text.trim().replace(/[\u2212\u2012\u2013\u2014]/g, '-');
  if (s.length === 0 || s.length > PRICE_LABEL_MAX_CHARS) return null;
  let sign = 1;
  if (s.startsWith('-')) {
    sign = -1;
    s = s.slice(1);
  } else if (s.startsWith('+')) {
    s = s.slice(1);
  }
  // Thousands groups separated by ",", " ", thin/narrow spaces or "'" with "." decimals.
  const grouped = /^\d{1,3}(?:[, \u2009\u202f\u00a0']\d{3})+(?:\.\d+)?$/;
  const plain = /^\d+(?:\.\d+)?$/;
  if (grouped.test(s)) {
    s = s.replace(/[, \u2009\u202f\u00a0']/g, '');
  } else if (!plain.test(s)) {
    return null;
  }
  const value = Number(s);
  return Number.isFinite(value) ? sign * value : null;
}
