import fc from 'fast-check';
import { EngineError } from '../core/errors';
import {
  INSTRUMENTS,
  REFERENCE_RATES_AS_OF,
  fallbackInstrument,
  findInstrument,
  formatLots,
  formatPrice,
  formatUnits,
  formatUsd,
  positionSize,
  profitAt,
  quoteToUsd,
  type Instrument,
} from './index';

const inst = (s: string): Instrument => {
  const i = findInstrument(s);
  if (!i) throw new Error(`unknown ${s}`);
  return i;
};

describe('instrument table', () => {
  it('knows the majors, crosses, metals and index CFDs the issue lists', () => {
    for (const s of [
      'EURUSD GBPUSD AUDUSD NZDUSD USDJPY USDCHF USDCAD EURGBP EURJPY GBPJPY AUDJPY EURCHF EURAUD',
      'GBPCHF CADJPY CHFJPY NZDJPY AUDNZD AUDCAD EURCAD GBPAUD XAUUSD XAGUSD',
      'US30 NAS100 SPX500 GER40 UK100 JPN225',
    ]
      .join(' ')
      .split(' ')) {
      expect(INSTRUMENTS[s], s).toBeDefined();
    }
  });

  it('gives JPY pairs a 0.01 pip and 3 decimals, other FX 0.0001 and 5, gold 2 decimals', () => {
    expect(inst('USDJPY')).toMatchObject({
      pipSize: 0.01,
      precision: 3,
      contractSize: 100_000,
      quote: 'JPY',
    });
    expect(inst('GBPJPY')).toMatchObject({ pipSize: 0.01, precision: 3 });
    expect(inst('EURUSD')).toMatchObject({ pipSize: 0.0001, precision: 5, base: 'EUR', quote: 'USD' });
    expect(inst('XAUUSD')).toMatchObject({ precision: 2, contractSize: 100 });
    expect(inst('XAGUSD')).toMatchObject({ contractSize: 5_000 });
    expect(inst('GER40')).toMatchObject({ quote: 'EUR', assetClass: 'index' });
  });

  it('recognises the names platforms print for the same instrument', () => {
    expect(findInstrument('OANDA:EUR/USD')?.symbol).toBe('EURUSD');
    expect(findInstrument('eurusd.m')?.symbol).toBe('EURUSD');
    expect(findInstrument('EURUSDpro')?.symbol).toBe('EURUSD');
    expect(findInstrument('GOLD')?.symbol).toBe('XAUUSD');
    expect(findInstrument('FX_IDC:XAUUSD')?.symbol).toBe('XAUUSD');
    expect(findInstrument('US30Cash')?.symbol).toBe('US30');
    expect(findInstrument('US100')?.symbol).toBe('NAS100');
    expect(findInstrument('DE40')?.symbol).toBe('GER40');
    expect(findInstrument('NZDCHF')?.symbol).toBe('NZDCHF');
    expect(findInstrument('CHFCAD')).toMatchObject({ symbol: 'CHFCAD', quote: 'CAD', pipSize: 0.0001 });
    expect(findInstrument('BTCUSD')).toBeUndefined();
    expect(findInstrument('')).toBeUndefined();
  });

  it('falls back to the chart decimals for an unknown symbol', () => {
    expect(fallbackInstrument('XYZ', 5)).toMatchObject({ precision: 5, pipSize: 0.0001 });
    expect(fallbackInstrument('XYZ', 3).pipSize).toBeCloseTo(0.01, 12);
  });
});

describe('quote to USD', () => {
  it('is 1 for USD-quoted, 1/price for USD/XXX from the chart, and a dated approximate rate for crosses', () => {
    expect(quoteToUsd(inst('EURUSD'), 1.1)).toEqual({ rate: 1, source: 'usd-quoted', approximate: false });
    expect(quoteToUsd(inst('USDJPY'), 150)).toMatchObject({ source: 'chart-price', approximate: false });
    expect(quoteToUsd(inst('USDJPY'), 150).rate).toBeCloseTo(1 / 150, 12);
    const cross = quoteToUsd(inst('EURJPY'), 160);
    expect(cross).toMatchObject({ source: 'reference-rate', approximate: true, asOf: REFERENCE_RATES_AS_OF });
    // A yen is worth well under a cent: the reference rate must be in that range, not 1/160.
    expect(cross.rate).toBeGreaterThan(0.005);
    expect(cross.rate).toBeLessThan(0.01);
  });
});

describe('position size: the issue test vectors (USD account)', () => {
  it('EURUSD, $5,000 at 1%, 200-pip stop -> 2,500 units (0.025 lots before rounding)', () => {
    const s = positionSize({
      account: 5000,
      riskPercent: 1,
      entry: 1.3,
      stop: 1.28,
      instrument: inst('EURUSD'),
    });
    expect(s.riskAmount).toBe(50);
    expect(s.stopPips).toBeCloseTo(200, 6);
    expect(s.unitsExact).toBeCloseTo(2500, 6);
    expect(s.lotsExact).toBeCloseTo(0.025, 9);
    // Rounded DOWN to the 0.01 step, never up.
    expect(s.lots).toBe(0.02);
    expect(s.units).toBe(2000);
    expect(s.potentialLoss).toBe(40);
  });

  it('pip value per standard lot: USDJPY at 119.80 = $8.3472, USDCHF at 1.4555 = $6.8705', () => {
    const jpy = positionSize({
      account: 10_000,
      riskPercent: 1,
      entry: 119.8,
      stop: 119.5,
      instrument: inst('USDJPY'),
    });
    expect(jpy.pipValuePerLot.toFixed(4)).toBe('8.3472');
    const chf = positionSize({
      account: 10_000,
      riskPercent: 1,
      entry: 1.4555,
      stop: 1.45,
      instrument: inst('USDCHF'),
    });
    expect(chf.pipValuePerLot.toFixed(4)).toBe('6.8705');
  });

  it('$10,000 at 1%, 25 pips, EURUSD -> 0.40 lots', () => {
    const s = positionSize({
      account: 10_000,
      riskPercent: 1,
      entry: 1.1,
      stop: 1.0975,
      instrument: inst('EURUSD'),
    });
    expect(s.lots).toBe(0.4);
    expect(s.units).toBe(40_000);
    expect(s.potentialLoss).toBe(100);
    expect(s.pipValue).toBeCloseTo(4, 9); // $10 a pip per lot x 0.40
    expect(s.positionValue).toBe(44_000);
    expect(s.approximate).toBe(false);
  });

  it('USDJPY at 150, $100 risk, 25 pips -> 0.60 lots', () => {
    const s = positionSize({
      account: 10_000,
      riskPercent: 1,
      entry: 150,
      stop: 150.25,
      instrument: inst('USDJPY'),
    });
    expect(s.direction).toBe('short');
    expect(s.lots).toBe(0.6);
    expect(s.potentialLoss).toBe(100);
    // Base is USD, so the notional is simply the units.
    expect(s.positionValue).toBe(60_000);
  });

  it('XAUUSD, $200 risk, stop $5 away -> 0.40 lots', () => {
    const s = positionSize({
      account: 10_000,
      riskPercent: 2,
      entry: 2350,
      stop: 2345,
      instrument: inst('XAUUSD'),
    });
    expect(s.lots).toBe(0.4);
    expect(s.units).toBe(40);
    expect(s.potentialLoss).toBe(200);
  });

  it('XAUUSD 2000 -> 1980 stop, $200 -> 0.10 lots', () => {
    const s = positionSize({
      account: 20_000,
      riskPercent: 1,
      entry: 2000,
      stop: 1980,
      instrument: inst('XAUUSD'),
    });
    expect(s.lots).toBe(0.1);
    expect(s.potentialLoss).toBe(200);
    expect(profitAt(s, 2000, 2040)).toBe(400);
    expect(profitAt(s, 2000, 1990)).toBe(-100);
  });
});

describe('position size: crosses and edge cases', () => {
  it('sizes a cross from the reference rate and says it is approximate', () => {
    const s = positionSize({
      account: 10_000,
      riskPercent: 1,
      entry: 160,
      stop: 159.75,
      instrument: inst('EURJPY'),
    });
    expect(s.approximate).toBe(true);
    expect(s.ratesAsOf).toBe(REFERENCE_RATES_AS_OF);
    expect(s.quoteToUsdSource).toBe('reference-rate');
    expect(s.lots).toBeGreaterThan(0.4);
    expect(s.lots).toBeLessThan(0.7);
  });

  it('uses a caller-supplied rate exactly', () => {
    const s = positionSize({
      account: 10_000,
      riskPercent: 1,
      entry: 160,
      stop: 159.75,
      instrument: inst('EURJPY'),
      quoteToUsd: 1 / 150,
    });
    expect(s).toMatchObject({ lots: 0.6, approximate: false, quoteToUsdSource: 'caller' });
  });

  it('gives 0 lots, flagged, when the risk cannot buy one lot step', () => {
    const s = positionSize({
      account: 100,
      riskPercent: 0.1,
      entry: 1.1,
      stop: 1.0,
      instrument: inst('EURUSD'),
    });
    expect(s.lots).toBe(0);
    expect(s.belowMinimumLot).toBe(true);
    expect(s.potentialLoss).toBe(0);
  });

  it('rejects impossible inputs with INVALID_INPUT', () => {
    const base = { account: 10_000, riskPercent: 1, entry: 1.1, stop: 1.09, instrument: inst('EURUSD') };
    for (const bad of [
      { account: 0 },
      { account: -5 },
      { riskPercent: Number.NaN },
      { riskPercent: 150 },
      { stop: 1.1 },
      { entry: -1 },
    ]) {
      const run = () => positionSize({ ...base, ...bad });
      expect(run).toThrow(EngineError);
      try {
        run();
      } catch (e) {
        expect((e as EngineError).code).toBe('INVALID_INPUT');
      }
    }
  });

  it('never risks more than asked, never negative lots, over many random trades', () => {
    const symbols = Object.keys(INSTRUMENTS);
    fc.assert(
      fc.property(
        fc.constantFrom(...symbols),
        fc.double({ min: 100, max: 10_000_000, noNaN: true }),
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        fc.double({ min: 0.5, max: 40_000, noNaN: true }),
        fc.double({ min: 0.0005, max: 0.2, noNaN: true }),
        fc.boolean(),
        (symbol, account, riskPercent, entry, frac, long) => {
          const stop = long ? entry * (1 - frac) : entry * (1 + frac);
          const s = positionSize({ account, riskPercent, entry, stop, instrument: INSTRUMENTS[symbol]! });
          expect(s.lots).toBeGreaterThanOrEqual(0);
          expect(s.potentialLoss).toBeLessThanOrEqual(s.riskAmount);
          expect(s.lots).toBeLessThanOrEqual(s.lotsExact + 1e-9);
          // Rounding down loses less than one lot step.
          expect(s.lotsExact - s.lots).toBeLessThan(0.01 + 1e-9);
          expect(Number(s.lots.toFixed(2))).toBe(s.lots);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('formatting', () => {
  it('shows prices with the instrument precision', () => {
    expect(formatPrice(1.0842, inst('EURUSD'))).toBe('1.08420');
    expect(formatPrice(151.2, inst('USDJPY'))).toBe('151.200');
    expect(formatPrice(2350.149, inst('XAUUSD'))).toBe('2350.15');
    expect(formatPrice(Number.NaN, inst('XAUUSD'))).toBe('—');
  });

  it('shows money in whole dollars, lots with 2 decimals and units beside them', () => {
    expect(formatUsd(1234.56)).toBe('$1,235');
    expect(formatUsd(-200)).toBe('-$200');
    expect(formatLots(0.4)).toBe('0.40 lots');
    expect(formatUnits(40_000)).toBe('40,000 units');
  });
});
