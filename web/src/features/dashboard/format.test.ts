import { formatLots, formatPrice, formatRiskReward, formatUsd, formatUnits } from './format';

describe('dashboard number formats (SPEC 9, DECISIONS.md)', () => {
  it('shows USD without decimals, rounding to the nearest dollar', () => {
    expect(formatUsd(200)).toBe('$200');
    expect(formatUsd(1234.5)).toBe('$1,235');
    expect(formatUsd(10000)).toBe('$10,000');
  });

  it('shows lots with 2 decimals and the " lots" suffix, units whole', () => {
    expect(formatLots(0.4)).toBe('0.40 lots');
    expect(formatLots(12)).toBe('12.00 lots');
    expect(formatUnits(40000.4)).toBe('40,000');
  });

  it("shows prices in the instrument's precision", () => {
    expect(formatPrice(1.0845, 5)).toBe('1.08450');
    expect(formatPrice(151.2, 3)).toBe('151.200');
    expect(formatPrice(2345.678, 2)).toBe('2345.68');
  });

  it('writes risk:reward as 1:x', () => {
    expect(formatRiskReward(2)).toBe('1:2.00');
  });
});
