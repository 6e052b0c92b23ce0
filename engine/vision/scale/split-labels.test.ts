import { describe, expect, it } from 'vitest';
import { joinSplitLabels } from './split-labels';
import type { TextToken } from '../text';

const token = (text: string, left: number, top: number, right: number, bottom: number): TextToken => ({
  text,
  box: { left, top, right, bottom },
  confidence: 1,
});

describe('joinSplitLabels', () => {
  it('joins a label split at a point too faint to read, its right part a row higher, a speck between', () => {
    const tokens = [
      token('74,000.00', 1236, 525, 1301, 538),
      // The right part starts a row above the left one, so it comes first in reading order.
      token('00', 1286, 114, 1301, 126),
      token('80,000', 1236, 115, 1280, 127),
      token('73,000', 1236, 595, 1280, 607),
      token('nw8', 1236, 595, 1251, 603),
      token('00', 1286, 594, 1301, 606),
    ];
    const texts = joinSplitLabels(tokens).map((t) => t.text);
    expect(texts).toContain('80,000.00');
    expect(texts).toContain('73,000.00');
    expect(texts).not.toContain('00');
    expect(texts).not.toContain('80,000');
  });

  it('leaves apart words too far from each other on a row', () => {
    const texts = joinSplitLabels([token('1.0920', 10, 10, 50, 20), token('00', 80, 10, 95, 20)]).map(
      (t) => t.text,
    );
    expect(texts).toEqual(['1.0920', '00']);
  });
});
