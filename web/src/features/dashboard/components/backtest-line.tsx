import { backtestForConfidence } from '../../../../../engine/backtest/figures';

/** Below this many filled trades a mean in R swings too much with each new trade to lean on. */
const FEW_TRADES = 30;

const signedR = (r: number) => `${r >= 0 ? '+' : '−'}${Math.abs(r).toFixed(2)} R`;
const monthYear = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * What plans of this confidence earned in the walk-forward backtest (docs/backtest.md), with the
 * period and the caveat, so the confidence is read as a score and not as a promise.
 */
export function BacktestLine({ score, threshold }: { score: number; threshold: number }) {
  // Below the gate there is no trade, so no record of trades to show.
  const record = score >= threshold ? backtestForConfidence(score) : null;
  if (!record) return null;
  const { figures: f, bucket } = record;
  const period = `${monthYear(record.from)} to ${monthYear(record.to)}`;
  return (
    <div className="mt-2 rounded-md border p-3 text-xs text-muted-foreground" data-testid="backtest-record">
      <p className="text-sm text-foreground">
        {f.filled === 0 ? (
          <>
            Plans of this confidence ({bucket}%), on a year of {record.symbol} ({period}):{' '}
            {f.plans === 0 ? 'none came up' : `${f.plans} came up and none filled`}, so there is no record for
            them yet.
          </>
        ) : (
          <>
            Plans of this confidence ({bucket}%), on a year of {record.symbol} ({period}), reached TP1 first
            in {f.reachedTp1} of {f.filled} cases; expectancy {signedR(f.averageR ?? 0)} per trade
            {f.averageRInterval
              ? ` (90% range ${signedR(f.averageRInterval[0])} to ${signedR(f.averageRInterval[1])})`
              : ''}
            .
          </>
        )}
      </p>
      <p className="mt-1">
        Backtest of these rules, not a forecast. {record.caveat}
        {f.filled < FEW_TRADES ? ' Too few trades to rely on.' : ''}
      </p>
    </div>
  );
}
