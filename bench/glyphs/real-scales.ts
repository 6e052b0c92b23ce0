/**
 * How many annotated screenshots get a right price scale, whatever happens to their candles:
 * the reader's own layout, axis tokens and fit (as readChart does, the joint reading of the
 * labels included), checked against the hand-measured labels of annotations.json (every one
 * within 2 px of its row). A chart refused later for its candles still counts here: this
 * measures the axis reading alone. Negatives must get no scale.
 *
 *   npx tsx bench/glyphs/real-scales.ts ../shared/chart-corpus/real [--plain]
 *
 * --plain leaves the joint reading out (the glyph-by-glyph reading alone).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeImage } from '../../adapters/node/decode-image';
import { toRaster } from '../../engine/vision/pixels/raster';
import { findLayout } from '../../engine/vision/layout';
import { readStrip } from '../../engine/vision/layout/read-strip';
import { axisLabels } from '../../engine/vision/scale/axis-scale';
import { fitPriceScale } from '../../engine/vision/scale/scale-fit';
import { priceToY } from '../../engine/vision/scale/price-scale';
import { solveAxisLabels } from '../../engine/vision/text';
import { forgetGlyphGuesses } from '../../engine/vision/text/read-text';
import type { TextToken } from '../../engine/vision/text';

interface Annotation {
  file: string;
  kind: string;
  axis?: { value: number; y: number }[];
}
const dir = process.argv[2]!;
const plain = process.argv.includes('--plain');
const annotations = JSON.parse(readFileSync(join(dir, 'annotations.json'), 'utf8')) as Annotation[];
let right = 0;
let wrong = 0;
let none = 0;
let negativesWithScale = 0;
for (const a of annotations) {
  forgetGlyphGuesses();
  const image = await decodeImage(join(dir, a.file));
  const r = toRaster(image);
  const t0 = performance.now();
  const layout = findLayout(r, image);
  let verdict = 'no layout';
  if (layout) {
    const s = layout.axisStrip;
    const tokens: TextToken[] = layout.axisTokens
      ? layout.axisTokens.filter((t) => {
          const x = (t.box.left + t.box.right - 1) / 2;
          const y = (t.box.top + t.box.bottom - 1) / 2;
          return x >= s.left && x <= s.right && y >= s.top && y <= s.bottom;
        })
      : readStrip(image, r, s);
    let fit = fitPriceScale(axisLabels(r, layout, tokens).labels);
    if (!plain && (!fit || fit.labels.length < 3)) {
      const solved = solveAxisLabels(tokens);
      if (solved) fit = fitPriceScale(axisLabels(r, layout, solved).labels);
    }
    if (!fit || fit.labels.length < 3) verdict = 'no scale';
    else if (!a.axis?.length) verdict = `scale (${fit.labels.map((l) => l.text).join(' ')})`;
    else {
      const off = Math.max(...a.axis.map((p) => Math.abs(priceToY(fit!, p.value) - p.y)));
      verdict =
        off <= 2 ? 'right' : `wrong by ${off.toFixed(1)} px (${fit.labels.map((l) => l.text).join(' ')})`;
    }
  }
  const ms = performance.now() - t0;
  if (a.kind === 'negative') {
    if (verdict.startsWith('scale')) negativesWithScale++;
  } else if (verdict === 'right') right++;
  else if (verdict.startsWith('wrong')) wrong++;
  else none++;
  console.log(
    `${a.kind.padEnd(8)} ${verdict.slice(0, 90).padEnd(90)} ${ms.toFixed(0).padStart(5)} ms ${a.file}`,
  );
}
console.log(
  `scales right ${right}, wrong ${wrong}, none ${none}; negatives given a scale ${negativesWithScale}`,
);
