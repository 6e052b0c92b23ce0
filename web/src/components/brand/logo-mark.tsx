import type * as React from 'react';

/**
 * The Chart-to-Plan mark: three candles rising into a plan arrow on a navy tile.
 * Kept in sync with web/public/favicon.svg (same drawing).
 */
export function LogoMark(props: React.ComponentProps<'svg'>) {
  return (
    <svg viewBox="0 0 64 64" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" {...props}>
      <defs>
        <linearGradient id="ctp-logo-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#10b981" />
          <stop offset="1" stopColor="#0f766e" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="url(#ctp-logo-bg)" />
      <g stroke="#052e2b" strokeWidth="2.5" strokeLinecap="round">
        <line x1="17" y1="30" x2="17" y2="50" />
        <line x1="30" y1="22" x2="30" y2="44" />
        <line x1="43" y1="14" x2="43" y2="38" />
      </g>
      <rect x="13" y="34" width="8" height="12" rx="1.5" fill="#ecfdf5" />
      <rect x="26" y="27" width="8" height="12" rx="1.5" fill="#ecfdf5" />
      <rect x="39" y="19" width="8" height="13" rx="1.5" fill="#ecfdf5" />
      <path
        d="M12 54 L52 14"
        stroke="#fbbf24"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray="0.1 6"
      />
      <path
        d="M44 12 H54 V22"
        fill="none"
        stroke="#fbbf24"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
