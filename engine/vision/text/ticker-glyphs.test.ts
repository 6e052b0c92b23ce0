import { describe, expect, it } from 'vitest';
import { classifyGlyph, prototypesOf } from './classify';
import { pairFromGlyphs } from './ticker-glyphs';
import type { TokenGlyph } from './types';

const CURRENCIES = new Set(['EUR', 'USD', 'GBP', 'JPY', 'AUD', 'NZD', 'CAD', 'CHF']);

/** A glyph of `char` as the templates draw it, or part way to `towards` (a font they lack). */
function glyph(char: string, towards?: string, share = 0.5): TokenGlyph {
  const own = prototypesOf(char)[0]!;
  const other = towards ? prototypesOf(towards)[0]! : own;
  const features = own.map((v, i) => (1 - share) * v + share * other[i]!);
  return { text: classifyGlyph(features).label, box: { left: 0, top: 0, right: 1, bottom: 1 }, features };
}

describe('pairFromGlyphs', () => {
  it('spells the pair whose letters the glyphs are nearest to, when one letter was misread', () => {
    const glyphs = [...'GBP'].map((c) => glyph(c));
    glyphs.push(glyph('N', 'H', 0.55), glyph('Z'), glyph('D'), glyph(','));
    expect(glyphs.map((g) => g.text).join('')).not.toMatch(/^GBPNZD/);
    expect(pairFromGlyphs(glyphs, CURRENCIES)).toBe('GBPNZD');
  });

  it('finds no pair in a word, nor in the wrong number of glyphs', () => {
    expect(
      pairFromGlyphs(
        [...'DOLLAR'].map((c) => glyph(c)),
        CURRENCIES,
      ),
    ).toBeNull();
    expect(
      pairFromGlyphs(
        [...'EURUS'].map((c) => glyph(c)),
        CURRENCIES,
      ),
    ).toBeNull();
  });
});
