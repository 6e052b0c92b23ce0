import { distancesToLabels } from './classify';
import { PAIR_MAX_COST_PER_GLYPH, PAIR_MIN_MARGIN } from './tuning';
import type { TokenGlyph } from './types';

/*
 * A currency pair read from its glyphs' shapes rather than from what each glyph was read as.
 * A platform's title font (MetaTrader's Tahoma, a broker's own) may draw a letter the templates
 * take for another ("GBPHZD" for GBPNZD); which letter it is can then still be told by the
 * lexicon: of all pairs of currency codes, the one whose letters the six glyphs are nearest to,
 * when it is near and no other pair comes close.
 */

const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];

/**
 * The currency pair (two different codes of `currencies`, three letters each) that six glyphs
 * spell, or null when none fits clearly. Separators read at the end (",", ".", ":") are left out.
 */
export function pairFromGlyphs(
  glyphs: readonly TokenGlyph[],
  currencies: ReadonlySet<string>,
): string | null {
  const letters = glyphs.slice();
  while (letters.length > 0 && /^[.,:;·]$/.test(letters.at(-1)!.text)) letters.pop();
  if (letters.length !== 6) return null;
  const d = letters.map((g) => distancesToLabels(g.features, LETTERS));
  const own = d.reduce((s, row) => s + Math.min(...row), 0);
  const codes = [...currencies].filter((c) => c.length === 3);
  const costOf = (code: string, at: number) => {
    let c = 0;
    for (let k = 0; k < 3; k++) c += d[at + k]![code.charCodeAt(k) - 65]!;
    return c;
  };
  const first = codes.map((c) => ({ c, cost: costOf(c, 0) }));
  const second = codes.map((c) => ({ c, cost: costOf(c, 3) }));
  let best = { pair: '', cost: Infinity };
  let next = Infinity;
  for (const a of first)
    for (const b of second) {
      if (a.c === b.c) continue;
      const cost = a.cost + b.cost - own;
      if (cost < best.cost) {
        next = best.cost;
        best = { pair: a.c + b.c, cost };
      } else if (cost < next) next = cost;
    }
  return best.cost <= PAIR_MAX_COST_PER_GLYPH * 6 && next - best.cost >= PAIR_MIN_MARGIN ? best.pair : null;
}
