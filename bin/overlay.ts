import sharp from 'sharp';
import type { ReadTrace } from '../engine/vision';

/**
 * Outline colours of the overlay: chosen to stand out on light and dark charts alike, and never
 * the usual candle colours (a green box on a green candle would not show).
 */
const COLOURS = {
  plot: '#00b7ff',
  axisStrip: '#ff00ff',
  label: '#ff9900',
  labelUnused: '#888888',
  badge: '#ff5500',
  bull: '#00e5ff',
  bear: '#ffd000',
  unknown: '#8080ff',
  dropped: '#ff00ff',
  junk: '#a0a0a0',
  drawing: '#00ffff',
} as const;

const rect = (r: { left: number; top: number; right: number; bottom: number }, colour: string, dash = '') =>
  `<rect x="${r.left - 0.5}" y="${r.top - 0.5}" width="${r.right - r.left + 1}" height="${r.bottom - r.top + 1}" fill="none" stroke="${colour}" stroke-width="1"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`;

const escapeXml = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Draws what the reader saw over the screenshot and writes it as a PNG: the plot rectangle
 * (blue), the axis strip (magenta, dashed), every axis label read at the row it was placed on
 * (orange when the fit used it, grey when it left it out; red-orange for price tags), every candle
 * read (its body box and its high-low line beside it: cyan bull, yellow bear, blue unknown; magenta when the
 * continuity check dropped it) and the shapes dropped as fragments (grey). `message` (a refusal)
 * is printed at the top.
 */
export async function writeOverlay(
  imagePath: string,
  trace: ReadTrace,
  out: string,
  message?: string,
): Promise<void> {
  const meta = await sharp(imagePath).rotate().metadata();
  // EXIF orientations 5-8 swap the sides.
  const swap = (meta.orientation ?? 1) >= 5;
  const width = (swap ? meta.height : meta.width) ?? 0;
  const height = (swap ? meta.width : meta.height) ?? 0;
  // Text and strokes grow with the capture (a 3420 px retina screenshot is shown scaled down).
  const scale = Math.max(1, width / 1400);
  const font = Math.round(10 * scale);
  const stroke = (0.6 * scale).toFixed(2);
  const parts: string[] = [];
  for (const d of trace.drawings ?? []) parts.push(rect(d, COLOURS.drawing, '2,2'));
  if (trace.plot) parts.push(rect(trace.plot, COLOURS.plot));
  if (trace.axisStrip) parts.push(rect(trace.axisStrip, COLOURS.axisStrip, '4,2'));
  const used = new Set((trace.priceScale?.labels ?? []).map((l) => `${l.text}@${Math.round(l.y)}`));
  const strip = trace.axisStrip;
  const labelTick = (y: number, colour: string, text: string) => {
    const x0 = strip ? strip.left - 8 : (trace.plot?.right ?? 0);
    const x1 = strip ? strip.right : x0 + 40;
    parts.push(`<line x1="${x0}" y1="${y}" x2="${x1}" y2="${y}" stroke="${colour}" stroke-width="1"/>`);
    parts.push(
      `<text x="${x0 - 2}" y="${y - 2}" fill="${colour}" font-size="${font}" font-family="sans-serif" text-anchor="end">${escapeXml(text)}</text>`,
    );
  };
  for (const l of trace.labels ?? []) {
    const isUsed = used.has(`${l.text}@${Math.round(l.y)}`) || used.size === 0;
    labelTick(l.y, isUsed ? COLOURS.label : COLOURS.labelUnused, `${l.text} y${l.y.toFixed(1)}`);
  }
  for (const b of trace.badges ?? []) labelTick(b.y, COLOURS.badge, `tag ${b.text}`);
  const kept = trace.kept ? new Set(trace.kept) : null;
  for (const c of trace.candles ?? []) {
    const colour =
      kept && !kept.has(c.x)
        ? COLOURS.dropped
        : c.direction > 0
          ? COLOURS.bull
          : c.direction < 0
            ? COLOURS.bear
            : COLOURS.unknown;
    // The high-low line beside the candle (on it, it would hide the wick it was read from).
    const side = c.right + 1.5 * scale;
    parts.push(
      `<line x1="${side}" y1="${c.highY}" x2="${side}" y2="${c.lowY}" stroke="${colour}" stroke-width="${stroke}"/>`,
    );
    parts.push(
      `<rect x="${c.left - 0.5}" y="${c.bodyTop}" width="${Math.max(1, c.right - c.left + 1)}" height="${Math.max(0.5, c.bodyBottom - c.bodyTop)}" fill="none" stroke="${colour}" stroke-width="${stroke}"/>`,
    );
  }
  for (const j of trace.junk ?? []) {
    parts.push(
      `<rect x="${j.left - 0.5}" y="${j.highY}" width="${Math.max(1, j.right - j.left + 1)}" height="${Math.max(1, j.lowY - j.highY)}" fill="none" stroke="${COLOURS.junk}" stroke-width="${stroke}" stroke-dasharray="1,1"/>`,
    );
  }
  if (message) {
    parts.push(
      `<rect x="0" y="0" width="${width}" height="${font + 6}" fill="#000" opacity="0.7"/><text x="4" y="${font + 2}" fill="#fff" font-size="${font + 1}" font-family="sans-serif">${escapeXml(message.slice(0, 220))}</text>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
  await sharp(imagePath)
    .rotate()
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .png()
    .toFile(out);
}
