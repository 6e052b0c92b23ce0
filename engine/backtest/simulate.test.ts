import { simulateOrder, type OrderOutcome, type PlannedOrder, type SimBar } from './simulate';

const MIN = 60_000;
/** Hand-made 15-minute bars from [open, high, low, close] tuples, starting at time 0. */
const bars = (...ohlc: [number, number, number, number][]): SimBar[] =>
  ohlc.map(([open, high, low, close], i) => ({ time: i * 15 * MIN, open, high, low, close }));

const long: PlannedOrder = {
  direction: 'LONG',
  entryType: 'limit',
  entry: 1.1,
  stop: 1.099, // risk 0.001 = 10 pips
  tp1: 1.102, // 2R
  tp2: 1.104, // 4R
  validUntil: Infinity,
};
const short: PlannedOrder = {
  direction: 'SHORT',
  entryType: 'limit',
  entry: 1.1,
  stop: 1.101,
  tp1: 1.098,
  tp2: 1.096,
  validUntil: Infinity,
};
const noSpread = { spread: 0, partialAtTp1: 0.5 };

function closed(o: OrderOutcome) {
  if (o.kind !== 'closed') throw new Error(`expected a closed trade, got ${JSON.stringify(o)}`);
  return o;
}

describe('simulateOrder', () => {
  it('fills a buy limit when the low reaches the entry, then closes half at TP1 and half at TP2', () => {
    const o = closed(
      simulateOrder(
        long,
        bars(
          [1.1012, 1.1015, 1.1005, 1.101], // above the entry: waits
          [1.101, 1.1011, 1.0998, 1.1003], // fills at 1.1000
          [1.1003, 1.1021, 1.1002, 1.102], // TP1
          [1.102, 1.1042, 1.1015, 1.104], // TP2
        ),
        noSpread,
      ),
    );
    expect(o.fillPrice).toBe(1.1);
    expect(o.filledAt).toBe(15 * MIN);
    expect(o.reachedTp1).toBe(true);
    expect(o.reachedTp2).toBe(true);
    expect(o.r).toBeCloseTo(0.5 * 2 + 0.5 * 4, 9);
    expect(o.closedAt).toBe(45 * MIN);
  });

  it('moves the stop to break-even after TP1: the rest closes at the entry for 0 R', () => {
    const o = closed(
      simulateOrder(
        long,
        bars(
          [1.1005, 1.1006, 1.0999, 1.1002], // fill
          [1.1002, 1.1025, 1.1001, 1.1022], // TP1 (low stays above the entry)
          [1.1022, 1.1023, 1.0995, 1.0996], // back through the entry: rest out at break-even, not the stop
        ),
        noSpread,
      ),
    );
    expect(o.reachedTp1).toBe(true);
    expect(o.reachedTp2).toBe(false);
    expect(o.r).toBeCloseTo(1, 9); // half of 2R
  });

  it('closes the whole position at TP1 when the plan has no second target', () => {
    const o = closed(
      simulateOrder(
        { ...long, tp2: null },
        bars([1.1005, 1.1006, 1.0999, 1.1002], [1.1002, 1.1025, 1.1001, 1.1022]),
        noSpread,
      ),
    );
    expect(o.r).toBeCloseTo(2, 9);
    expect(o.reachedTp1).toBe(true);
    expect(o.closedAt).toBe(15 * MIN);
  });

  it('takes the stop first when one bar touches both the stop and TP1', () => {
    const o = closed(
      simulateOrder(
        long,
        bars(
          [1.1005, 1.1006, 1.0999, 1.1002], // fill
          [1.1002, 1.1025, 1.0985, 1.101], // both the stop and TP1 inside one bar
        ),
        noSpread,
      ),
    );
    expect(o.r).toBe(-1);
    expect(o.reachedTp1).toBe(false);
  });

  it('counts only the stop on the bar the order fills', () => {
    const target = simulateOrder(long, bars([1.1005, 1.103, 1.0999, 1.1025]), noSpread);
    // Filled, TP1 inside the fill bar not credited, still open at the end: marked to the close.
    expect(closed(target).reachedTp1).toBe(false);
    expect(closed(target).openAtEnd).toBe(true);
    expect(closed(target).r).toBeCloseTo(2.5, 9);
    const stopped = closed(simulateOrder(long, bars([1.1005, 1.103, 1.0985, 1.1025]), noSpread));
    expect(stopped.r).toBe(-1);
  });

  it('cancels an unfilled limit once price reaches TP1 first (the plan says the move went without you)', () => {
    const o = simulateOrder(
      long,
      bars([1.1008, 1.1021, 1.1004, 1.102], [1.102, 1.1021, 1.0999, 1.1]),
      noSpread,
    );
    expect(o).toEqual({ kind: 'cancelled', reason: 'tp1-before-fill', at: 0 });
  });

  it('cancels an unfilled limit at its expiry, even if price fills it afterwards', () => {
    const o = simulateOrder(
      { ...long, validUntil: 30 * MIN },
      bars([1.1008, 1.101, 1.1004, 1.1006], [1.1006, 1.1009, 1.1003, 1.1004], [1.1004, 1.1005, 1.0995, 1.1]),
      noSpread,
    );
    expect(o).toEqual({ kind: 'cancelled', reason: 'expired', at: 30 * MIN });
  });

  it('with a spread, a buy limit needs the bid a spread below the entry, and a long exits at the bid', () => {
    const spread = 0.00008;
    const path = bars(
      [1.1008, 1.101, 1.09995, 1.1002], // bid low 1.09995: ask low 1.10003 misses the 1.1000 limit
      [1.1002, 1.1004, 1.09991, 1.1], // ask low 1.09999 fills
      [1.1, 1.102, 1.10005, 1.1015], // bid high 1.1020 reaches TP1 (a long sells at the bid)
      [1.1015, 1.1041, 1.1012, 1.104], // bid reaches TP2
    );
    const o = closed(simulateOrder(long, path, { spread, partialAtTp1: 0.5 }));
    expect(o.filledAt).toBe(15 * MIN);
    expect(o.r).toBeCloseTo(3, 9);
    // Without the spread the first bar already fills.
    expect(closed(simulateOrder(long, path, noSpread)).filledAt).toBe(0);
  });

  it('with a spread, a short is stopped when the ask (bid + spread) reaches the stop', () => {
    const spread = 0.00008;
    const path = bars(
      [1.0995, 1.1001, 1.0994, 1.0998], // sell limit fills at the bid 1.1000
      [1.0998, 1.10095, 1.0996, 1.1005], // bid high 1.10095 + 0.8 pip = ask 1.10103: stopped
    );
    const o = closed(simulateOrder(short, path, { spread, partialAtTp1: 0.5 }));
    expect(o.r).toBe(-1);
    expect(closed(simulateOrder(short, path, noSpread)).openAtEnd).toBe(true);
  });

  it('mirrors everything for a short: sell limit, TP1 half, TP2 rest', () => {
    const o = closed(
      simulateOrder(
        short,
        bars(
          [1.0995, 1.1001, 1.0994, 1.0998],
          [1.0998, 1.0999, 1.0979, 1.098],
          [1.098, 1.0985, 1.0959, 1.096],
        ),
        noSpread,
      ),
    );
    expect(o.r).toBeCloseTo(3, 9);
    expect(o.reachedTp2).toBe(true);
  });

  it('fills a market order at the next open (the ask for a buy) and measures R from the planned risk', () => {
    const o = closed(
      simulateOrder({ ...long, entryType: 'market' }, bars([1.1002, 1.1003, 1.0989, 1.099]), {
        spread: 0.0001,
        partialAtTp1: 0.5,
      }),
    );
    expect(o.fillPrice).toBeCloseTo(1.1003, 9);
    expect(o.r).toBeCloseTo(-1.3, 9);
  });

  it('closes at the open when a bar gaps through the stop', () => {
    const o = closed(
      simulateOrder(long, bars([1.1005, 1.1006, 1.0999, 1.1002], [1.0985, 1.0988, 1.098, 1.0984]), noSpread),
    );
    expect(o.r).toBeCloseTo(-1.5, 9);
  });

  it('refuses levels in the wrong order', () => {
    expect(() => simulateOrder({ ...long, stop: 1.101 }, bars([1, 1, 1, 1]), noSpread)).toThrow(RangeError);
    expect(() => simulateOrder({ ...short, tp1: 1.1005 }, bars([1, 1, 1, 1]), noSpread)).toThrow(RangeError);
  });
});
