import { journalInstrument, realisedResult, sizeJournalTrade } from './sizing';

describe('sizeJournalTrade', () => {
  it('sizes EURUSD in lots of 100,000 units: $100 risk over 50 pips is 0.20 lots', () => {
    const size = sizeJournalTrade({
      symbol: 'EURUSD',
      direction: 'LONG',
      entry: 1.1,
      stopLoss: 1.095,
      takeProfit1: 1.11,
      accountSize: 10_000,
      riskPercentage: 1,
    });
    expect(size).toMatchObject({
      riskAmount: 100,
      lotSize: 0.2,
      units: 20_000,
      known: true,
      approximate: false,
    });
    expect(size.plannedRiskReward).toBe(2);
    expect(size.instrument.precision).toBe(5);
  });

  it('sizes gold in 100 oz lots', () => {
    const size = sizeJournalTrade({
      symbol: 'xauusd',
      direction: 'SHORT',
      entry: 2000,
      stopLoss: 2010,
      takeProfit1: 1985,
      accountSize: 10_000,
      riskPercentage: 1,
    });
    expect(size.lotSize).toBe(0.1);
    expect(size.plannedRiskReward).toBe(1.5);
    expect(size.instrument.precision).toBe(2);
  });

  it('an unknown symbol keeps the decimals the trader typed and is flagged', () => {
    const { instrument, known } = journalInstrument('ABCXYZ', [12.345, 12.3]);
    expect(known).toBe(false);
    expect(instrument.precision).toBe(3);
  });
});

describe('realisedResult', () => {
  it('a LONG EURUSD closed 2R in profit makes twice the risk', () => {
    const r = realisedResult(
      { symbol: 'EURUSD', direction: 'LONG', entry: 1.1, stopLoss: 1.095, units: 20_000 },
      1.11,
    );
    expect(r).toEqual({ pnlUsd: 200, rMultiple: 2 });
  });

  it('a SHORT USDJPY converts yen to dollars at the entry rate', () => {
    const r = realisedResult(
      { symbol: 'USDJPY', direction: 'SHORT', entry: 150, stopLoss: 151, units: 15_000 },
      149,
    );
    expect(r).toEqual({ pnlUsd: 100, rMultiple: 1 });
  });

  it('a stop-out loses exactly -1R, a half-way loss -0.5R', () => {
    const t = { symbol: 'XAUUSD', direction: 'LONG' as const, entry: 2000, stopLoss: 1990, units: 10 };
    expect(realisedResult(t, 1990)).toEqual({ pnlUsd: -100, rMultiple: -1 });
    expect(realisedResult(t, 1995)).toEqual({ pnlUsd: -50, rMultiple: -0.5 });
  });
});
