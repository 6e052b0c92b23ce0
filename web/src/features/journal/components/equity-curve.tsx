import { formatUsd } from '../../../../../engine/instruments';
import type { EquityPoint } from '../../../../../contracts/journal';

const W = 640;
const H = 220;
const PAD = { left: 64, right: 16, top: 16, bottom: 28 };
/** Above this many points the dots merge into a smear (and cost a DOM node each). */
const MAX_DOTS = 200;
/**
 * Width of one character of the 11 px axis labels, a little over the widest digit (about
 * 0.6 em), so the left margin always holds the longest balance ("$1,018,265" once ran off the
 * left edge: issue 20).
 */
const AXIS_CHAR_PX = 7;

/**
 * The balance after each closed trade, drawn as an SVG line (no chart library for a dozen
 * points). The dashed line is the starting balance, so above it is profit.
 */
export function EquityCurve({ points }: { points: readonly EquityPoint[] }) {
  if (points.length < 2) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
        The equity curve appears after your first closed trade.
      </p>
    );
  }
  const balances = points.map((p) => p.balance);
  const start = balances[0]!;
  const last = balances[balances.length - 1]!;
  let min = Math.min(...balances);
  let max = Math.max(...balances);
  if (max - min < 1e-9) {
    min -= 1;
    max += 1;
  }
  const axisLabels = [formatUsd(max), formatUsd(min)];
  const left = Math.max(PAD.left, Math.max(...axisLabels.map((l) => l.length)) * AXIS_CHAR_PX + 14);
  const x = (i: number) => left + (i / (points.length - 1)) * (W - left - PAD.right);
  const y = (b: number) => PAD.top + ((max - b) / (max - min)) * (H - PAD.top - PAD.bottom);
  const path = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.balance).toFixed(1)}`)
    .join(' ');
  const up = last >= start;
  const summary = `Equity curve: ${formatUsd(start)} to ${formatUsd(last)} over ${points.length - 1} closed trade${points.length === 2 ? '' : 's'}`;

  return (
    <figure className="grid gap-2">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={summary}
        data-testid="equity-curve"
        data-points={balances.join(',')}
        className="h-auto w-full"
      >
        <line
          x1={left}
          x2={W - PAD.right}
          y1={y(start)}
          y2={y(start)}
          className="stroke-muted-foreground/50"
          strokeDasharray="4 4"
        />
        {[max, min].map((v) => (
          <text
            key={v}
            x={left - 8}
            y={y(v) + 4}
            textAnchor="end"
            className="fill-muted-foreground text-[11px]"
          >
            {formatUsd(v)}
          </text>
        ))}
        <text x={left} y={H - 8} className="fill-muted-foreground text-[11px]">
          Start
        </text>
        <text x={W - PAD.right} y={H - 8} textAnchor="end" className="fill-muted-foreground text-[11px]">
          Trade {points.length - 1}
        </text>
        <path
          d={path}
          fill="none"
          strokeWidth={2.5}
          strokeLinejoin="round"
          className={up ? 'stroke-bullish' : 'stroke-bearish'}
        />
        {/* One dot per trade while they can be told apart; past that the line says it all. */}
        {(points.length <= MAX_DOTS ? points : []).map((p, i) => (
          <circle
            key={p.index}
            cx={x(i)}
            cy={y(p.balance)}
            r={3.5}
            className={p.pnlUsd < 0 ? 'fill-bearish' : 'fill-bullish'}
          >
            <title>
              {p.symbol ? `${p.symbol}: ${p.pnlUsd >= 0 ? '+' : ''}${formatUsd(p.pnlUsd)} → ` : 'Start: '}
              {formatUsd(p.balance)}
            </title>
          </circle>
        ))}
      </svg>
      <figcaption className="text-xs text-muted-foreground">{summary}</figcaption>
    </figure>
  );
}
