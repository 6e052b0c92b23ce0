/**
 * Shows how the price axis of one screenshot is found and read: the text columns the locator
 * tries, the tokens read in each, and the scale they fit. With --crop DIR, writes each column
 * (3x, nearest) as PNG for a look.
 *
 *   npx tsx bench/glyphs/dump-axis.ts IMAGE [--crop DIR] [--columns N]
 */
import sharp from 'sharp';
import { basename, join } from 'node:path';
import { decodeImage } from '../../adapters/node/decode-image';
import { toRaster } from '../../engine/vision/pixels/raster';
import { findTextColumns, priceReadings } from '../../engine/vision/layout/axis-locate';
import { readStrip } from '../../engine/vision/layout/read-strip';
import { fitPriceScale } from '../../engine/vision/scale/scale-fit';
import { solveAxisLabels } from '../../engine/vision/text';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'))!;
const cropDir = args.includes('--crop') ? args[args.indexOf('--crop') + 1]! : null;
const nCols = args.includes('--columns') ? Number(args[args.indexOf('--columns') + 1]) : 5;
const image = await decodeImage(file);
const r = toRaster(image);
const cols = findTextColumns(r, 0, r.height - 1).slice(0, nCols);
let k = 0;
for (const col of cols) {
  const pad = 4 + Math.min(24, Math.round((col.right - col.left) / 4));
  const left = Math.max(0, col.left - pad);
  const right = Math.min(r.width - 1, col.right + pad);
  const tokens = readStrip(image, r, { left, top: 0, right, bottom: r.height - 1 });
  const labels = tokens
    .filter((t) => !t.badge)
    .flatMap((t) =>
      priceReadings(t.text).map((price) => ({ y: (t.box.top + t.box.bottom) / 2, price, text: t.text })),
    );
  const fit = fitPriceScale(labels);
  console.log(
    `column ${k} x ${left}..${right} score ${col.score}: ${tokens.length} tokens, fit ${fit ? `${fit.labels.length} labels ${fit.mode}` : 'none'}`,
  );
  for (const t of tokens)
    console.log(
      `  y ${t.box.top}-${t.box.bottom} x ${t.box.left}-${t.box.right} ${JSON.stringify(t.text)} conf ${t.confidence.toFixed(2)}${t.badge ? ' badge' : ''}`,
    );
  const t0 = performance.now();
  const solved = solveAxisLabels(tokens);
  console.log(
    `  solved (${(performance.now() - t0).toFixed(1)} ms): ${
      solved
        ? solved
            .filter((t) => !t.badge)
            .map((t) => t.text)
            .join(' ')
        : 'none'
    }`,
  );
  if (cropDir) {
    const out = join(cropDir, `${basename(file).replace(/\.\w+$/, '')}-col${k}.png`);
    await sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 4 } })
      .extract({ left, top: 0, width: right - left + 1, height: r.height })
      .resize({ width: (right - left + 1) * 3, kernel: 'nearest' })
      .png()
      .toFile(out);
  }
  k++;
}

// What the reader itself does: the layout's axis strip and the labels read in it.
const { findLayout } = await import('../../engine/vision/layout');
const { axisLabels } = await import('../../engine/vision/scale/axis-scale');
const layout = findLayout(r, image);
if (!layout) console.log('layout: none');
else {
  const s = layout.axisStrip;
  console.log(
    `layout: plot ${JSON.stringify(layout.plot)} axis ${layout.axisSide} strip ${JSON.stringify(s)} from labels ${layout.axisTokens ? 'yes' : 'no'}`,
  );
  const tokens =
    layout.axisTokens?.filter((t) => {
      const x = (t.box.left + t.box.right - 1) / 2;
      const y = (t.box.top + t.box.bottom - 1) / 2;
      return x >= s.left && x <= s.right && y >= s.top && y <= s.bottom;
    }) ?? readStrip(image, r, s);
  for (const t of tokens)
    console.log(
      `  y ${t.box.top}-${t.box.bottom} x ${t.box.left}-${t.box.right} ${JSON.stringify(t.text)} conf ${t.confidence.toFixed(2)}${t.badge ? ' badge' : ''}`,
    );
  const t1 = performance.now();
  const solvedStrip = solveAxisLabels(tokens);
  console.log(
    `  strip solved (${(performance.now() - t1).toFixed(1)} ms): ${
      solvedStrip
        ? solvedStrip
            .filter((t) => !t.badge)
            .map((t) => t.text)
            .join(' ')
        : 'none'
    }`,
  );
  const { labels } = axisLabels(r, layout, tokens);
  const fit = fitPriceScale(labels);
  console.log(
    `  labels ${labels.length}, fit ${fit ? `${fit.labels.length}: ${fit.labels.map((l) => `${l.text}@${l.y}`).join(' ')}` : 'none'}`,
  );
  if (cropDir)
    await sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 4 } })
      .extract({ left: s.left, top: s.top, width: s.right - s.left + 1, height: s.bottom - s.top + 1 })
      .resize({ width: (s.right - s.left + 1) * 3, kernel: 'nearest' })
      .png()
      .toFile(join(cropDir, `${basename(file).replace(/\.\w+$/, '')}-strip.png`));
}
