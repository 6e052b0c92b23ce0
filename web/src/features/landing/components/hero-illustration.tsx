import type * as React from 'react';

// Candles drawn on the laptop screen: [open, high, low, close] in screen-relative units
// (0 = bottom of the plot, 100 = top). A made-up rising series; it is artwork, not data.
const CANDLES: ReadonlyArray<readonly [number, number, number, number]> = [
  [30, 36, 22, 26],
  [26, 31, 18, 22],
  [22, 34, 20, 32],
  [32, 40, 29, 37],
  [37, 39, 27, 30],
  [30, 35, 24, 33],
  [33, 48, 32, 46],
  [46, 52, 41, 43],
  [43, 50, 40, 49],
  [49, 60, 47, 58],
  [58, 61, 50, 53],
  [53, 66, 52, 64],
  [64, 74, 62, 71],
  [71, 76, 64, 67],
  [67, 82, 66, 80],
];

const PLOT = { x: 176, y: 128, width: 212, height: 128 };

// Values 15..95 span the plot's height, leaving a little headroom for the target line.
const PLAN_LINES = [
  { label: 'TP', value: 92, colour: '#34d399', labelBelow: false },
  { label: 'ENTRY', value: 70, colour: '#93c5fd', labelBelow: false },
  { label: 'SL', value: 56, colour: '#fb7185', labelBelow: true },
] as const;

function toY(value: number): number {
  return PLOT.y + PLOT.height - ((value - 15) / 80) * PLOT.height;
}

function Candles() {
  const step = PLOT.width / CANDLES.length;
  return (
    <g>
      {CANDLES.map(([open, high, low, close], i) => {
        const cx = PLOT.x + step * i + step / 2;
        const up = close >= open;
        const colour = up ? '#34d399' : '#fb7185';
        const top = toY(Math.max(open, close));
        const bodyHeight = Math.max(2, Math.abs(toY(open) - toY(close)));
        return (
          <g key={i}>
            <line x1={cx} x2={cx} y1={toY(high)} y2={toY(low)} stroke={colour} strokeWidth="1.5" />
            <rect x={cx - step * 0.3} y={top} width={step * 0.6} height={bodyHeight} fill={colour} rx="1" />
          </g>
        );
      })}
    </g>
  );
}

function movingAveragePath(): string {
  const step = PLOT.width / CANDLES.length;
  const points = CANDLES.map((_, i) => {
    const window = CANDLES.slice(Math.max(0, i - 3), i + 1);
    const mean = window.reduce((sum, c) => sum + c[3], 0) / window.length;
    return `${(PLOT.x + step * i + step / 2).toFixed(1)},${toY(mean).toFixed(1)}`;
  });
  return `M${points.join(' L')}`;
}

/**
 * Hero picture (SPEC 2): two traders at a laptop reviewing a candlestick chart with a plan's
 * entry, stop and target lines. Pure SVG so it is crisp at any size and costs no request.
 */
export function HeroIllustration(props: React.ComponentProps<'svg'>) {
  return (
    <svg
      viewBox="0 0 560 420"
      xmlns="http://www.w3.org/2000/svg"
      role="img"
      aria-labelledby="hero-illustration-title"
      {...props}
    >
      <title id="hero-illustration-title">
        Two traders at a laptop reviewing a candlestick chart with entry, stop loss and take profit lines
      </title>
      <defs>
        <linearGradient id="hero-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1e293b" />
          <stop offset="1" stopColor="#0b1324" />
        </linearGradient>
        <linearGradient id="hero-screen" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0f172a" />
          <stop offset="1" stopColor="#111c33" />
        </linearGradient>
        <radialGradient id="hero-glow" cx="0.5" cy="0.45" r="0.5">
          <stop offset="0" stopColor="#10b981" stopOpacity="0.35" />
          <stop offset="1" stopColor="#10b981" stopOpacity="0" />
        </radialGradient>
      </defs>

      <rect width="560" height="420" rx="28" fill="url(#hero-bg)" />
      <g stroke="#334155" strokeOpacity="0.35">
        {[60, 120, 180, 240, 300, 360].map((y) => (
          <line key={y} x1="20" x2="540" y1={y} y2={y} />
        ))}
      </g>
      <ellipse cx="282" cy="200" rx="230" ry="150" fill="url(#hero-glow)" />

      {/* Wall-mounted price board behind the traders */}
      <g opacity="0.55">
        <rect x="36" y="40" width="120" height="56" rx="8" fill="#0f172a" stroke="#334155" />
        <path
          d="M48 82 L68 70 L86 76 L106 58 L126 62 L144 50"
          fill="none"
          stroke="#34d399"
          strokeWidth="2.5"
        />
        <rect x="404" y="40" width="120" height="56" rx="8" fill="#0f172a" stroke="#334155" />
        <path
          d="M416 56 L436 66 L456 60 L476 74 L496 70 L512 80"
          fill="none"
          stroke="#fb7185"
          strokeWidth="2.5"
        />
      </g>

      {/* Left trader, pointing at the screen */}
      <g>
        <path d="M20 372 C20 300 54 262 100 262 C146 262 170 300 170 372 Z" fill="#334155" />
        <path d="M86 262 L100 290 L114 262 Z" fill="#e2e8f0" />
        <rect x="90" y="232" width="20" height="30" rx="8" fill="#c08457" />
        <circle cx="100" cy="206" r="34" fill="#c08457" />
        <path
          d="M66 204 C64 172 90 160 108 166 C128 170 138 186 134 204 C122 190 96 186 66 204 Z"
          fill="#1f2937"
        />
        <path
          d="M150 300 C170 286 190 274 214 264"
          stroke="#334155"
          strokeWidth="20"
          strokeLinecap="round"
          fill="none"
        />
        <circle cx="218" cy="262" r="9" fill="#c08457" />
      </g>

      {/* Right trader */}
      <g>
        <path d="M394 372 C394 296 424 258 470 258 C516 258 544 296 544 372 Z" fill="#1e3a5f" />
        <rect x="460" y="226" width="20" height="34" rx="8" fill="#8d5a3b" />
        <circle cx="470" cy="198" r="34" fill="#8d5a3b" />
        <path
          d="M436 196 C432 160 460 150 476 152 C500 154 512 172 506 196 C500 178 470 170 436 196 Z"
          fill="#111827"
        />
        <path
          d="M436 206 a34 34 0 0 0 20 24"
          stroke="#111827"
          strokeWidth="6"
          fill="none"
          strokeLinecap="round"
        />
        <path
          d="M420 318 C404 312 396 300 400 290"
          stroke="#1e3a5f"
          strokeWidth="20"
          strokeLinecap="round"
          fill="none"
        />
      </g>

      {/* Laptop */}
      <g>
        <rect
          x="160"
          y="112"
          width="244"
          height="164"
          rx="10"
          fill="#1f2937"
          stroke="#475569"
          strokeWidth="2"
        />
        <rect x="170" y="122" width="224" height="144" rx="4" fill="url(#hero-screen)" />
        <g stroke="#334155" strokeOpacity="0.7" strokeWidth="1">
          {[0.25, 0.5, 0.75].map((f) => (
            <line
              key={f}
              x1={PLOT.x}
              x2={PLOT.x + PLOT.width}
              y1={PLOT.y + PLOT.height * f}
              y2={PLOT.y + PLOT.height * f}
            />
          ))}
        </g>
        <Candles />
        <path d={movingAveragePath()} fill="none" stroke="#fbbf24" strokeWidth="1.5" strokeOpacity="0.9" />
        {/* Plan lines: take profit, entry, stop loss */}
        {PLAN_LINES.map(({ label, value, colour, labelBelow }) => (
          <g key={label}>
            <line
              x1={PLOT.x}
              x2={PLOT.x + PLOT.width}
              y1={toY(value)}
              y2={toY(value)}
              stroke={colour}
              strokeDasharray="4 3"
            />
            <text
              x={PLOT.x + 4}
              y={toY(value) + (labelBelow ? 10 : -3)}
              fill={colour}
              fontFamily="ui-sans-serif, system-ui, sans-serif"
              fontSize="8"
              fontWeight="700"
            >
              {label}
            </text>
          </g>
        ))}
        <path d="M140 276 H424 L446 300 H118 Z" fill="#475569" />
        <rect x="258" y="280" width="48" height="5" rx="2.5" fill="#64748b" />
      </g>

      {/* Mug in front of the right trader */}
      <g>
        <rect x="452" y="270" width="26" height="30" rx="4" fill="#f8fafc" />
        <path d="M478 278 a8 8 0 0 1 0 14" stroke="#f8fafc" strokeWidth="4" fill="none" />
        <path
          d="M458 262 q4 -6 0 -12 M470 262 q4 -6 0 -12"
          stroke="#94a3b8"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
        />
      </g>

      {/* Desk */}
      <rect x="20" y="300" width="520" height="20" rx="6" fill="#0f766e" />
      <rect x="20" y="320" width="520" height="72" rx="0" fill="#0b1324" opacity="0.6" />
      {/* Notebook with a checklist */}
      <g transform="translate(58 306) rotate(-6)">
        <rect width="70" height="12" rx="2" fill="#e2e8f0" />
        <line x1="8" x2="60" y1="6" y2="6" stroke="#94a3b8" strokeWidth="2" />
      </g>
    </svg>
  );
}
