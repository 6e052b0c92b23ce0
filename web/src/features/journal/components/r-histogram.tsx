import type { PlannedVsRealised, RDistribution } from '../../../../../contracts/journal';

const W = 640;
const H = 220;
const PAD = { left: 36, right: 12, top: 16, bottom: 32 };

const rLabel = (r: number) => `${r > 0 ? '+' : ''}${r}R`;

/**
 * How the realised R multiples spread: one bar per half R (a -1R stop in the -1 bar, a 2R target
 * in the 2 bar); the end bars also hold everything beyond them. Losses red, wins green.
 */
export function RHistogram({ distribution }: { distribution: RDistribution }) {
  const { bins, trades, withoutR, median, binWidth } = distribution;
  if (trades === 0) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
        The R distribution appears after your first closed trade with a stop.
      </p>
    );
  }
  const max = Math.max(1, ...bins.map((b) => b.count));
  const slot = (W - PAD.left - PAD.right) / bins.length;
  const y = (n: number) => PAD.top + (1 - n / max) * (H - PAD.top - PAD.bottom);
  const summary =
    `R distribution of ${trades} closed trade${trades === 1 ? '' : 's'}` +
    (median === null ? '' : `, median ${rLabel(Math.round(median * 100) / 100)}`) +
    (withoutR > 0 ? `; ${withoutR} without a stop are not counted` : '');
  // Label every whole R, or fewer when the bars are many.
  const every = bins.length > 16 ? 2 / binWidth : 1 / binWidth;
  return (
    <figure className="grid gap-2">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={summary}
        data-testid="r-histogram"
        data-counts={bins.map((b) => `${b.r}:${b.count}`).join(',')}
        className="h-auto w-full"
      >
        <line
          x1={PAD.left}
          x2={W - PAD.right}
          y1={H - PAD.bottom}
          y2={H - PAD.bottom}
          className="stroke-muted-foreground/50"
        />
        <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end" className="fill-muted-foreground text-[11px]">
          {max}
        </text>
        <text
          x={PAD.left - 6}
          y={H - PAD.bottom}
          textAnchor="end"
          className="fill-muted-foreground text-[11px]"
        >
          0
        </text>
        {bins.map((b, i) => {
          const x = PAD.left + i * slot;
          const k = Math.round(b.r / binWidth);
          return (
            <g key={b.r}>
              {b.count > 0 ? (
                <rect
                  x={x + slot * 0.12}
                  width={slot * 0.76}
                  y={y(b.count)}
                  height={H - PAD.bottom - y(b.count)}
                  rx={2}
                  className={b.r < 0 ? 'fill-bearish' : b.r > 0 ? 'fill-bullish' : 'fill-muted-foreground'}
                >
                  <title>
                    {b.open
                      ? b.r < 0
                        ? `${rLabel(b.r)} or worse`
                        : `${rLabel(b.r)} or better`
                      : rLabel(b.r)}
                    : {b.count} trade{b.count === 1 ? '' : 's'}
                  </title>
                </rect>
              ) : null}
              {k % every === 0 || b.open ? (
                <text
                  x={x + slot / 2}
                  y={H - PAD.bottom + 16}
                  textAnchor="middle"
                  className="fill-muted-foreground text-[11px]"
                >
                  {b.open ? (b.r < 0 ? `≤${b.r}` : `≥${b.r}`) : b.r > 0 ? `+${b.r}` : b.r}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="text-xs text-muted-foreground">{summary}</figcaption>
    </figure>
  );
}

/** Trades planned from an analysis: what the plan's R:R promised against the R the exit gave. */
export function PlannedVsRealisedTable({ data }: { data: PlannedVsRealised }) {
  if (data.trades.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Trades you add from an analysis (&quot;Add to Journal&quot;) and close appear here, with the
        plan&apos;s R:R beside the R you realised.
      </p>
    );
  }
  const recent = data.trades.slice(-10).reverse();
  const fmt = (r: number | null) => (r === null ? '—' : `${r > 0 ? '+' : ''}${r.toFixed(2)}R`);
  return (
    <div className="grid gap-2 text-sm">
      <p data-testid="planned-vs-realised-summary">
        {data.trades.length} trade{data.trades.length === 1 ? '' : 's'} from an analysis: planned{' '}
        <strong>{fmt(data.averagePlannedR)}</strong> on average, realised{' '}
        <strong>{fmt(data.averageRealisedR)}</strong>; {data.reachedTarget} reached the planned R.
      </p>
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-xs tabular-nums">
          <caption className="sr-only">Planned and realised R of the latest trades from an analysis</caption>
          <thead className="bg-muted/50 text-left text-muted-foreground">
            <tr>
              <th scope="col" className="px-2 py-2 font-medium">
                Symbol
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                Closed (UTC)
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                Planned
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                Realised
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {recent.map((t) => (
              <tr key={t.id} className="h-8">
                <td className="px-2 font-semibold">
                  {t.symbol} <span className="font-normal text-muted-foreground">{t.direction}</span>
                </td>
                <td className="px-2">{t.closedAt.slice(0, 16).replace('T', ' ')}</td>
                <td className="px-2 text-right">{fmt(t.plannedR)}</td>
                <td
                  className={
                    t.realisedR >= 0 ? 'px-2 text-right text-bullish' : 'px-2 text-right text-bearish'
                  }
                >
                  {fmt(t.realisedR)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
