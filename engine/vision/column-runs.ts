import type { Raster } from './raster';

/** A pixel this far (largest channel difference) from its column's majority colour is ink. */
const INK = 40;

/**
 * Per column x, the number of short ink runs (2..maxGlyph rows) between rows top and bottom
 * (inclusive), or 0 when the column crosses more than one tall run (candles). Ink is any pixel
 * more than INK from the column's majority colour (a Boyer-Moore vote over every other row on
 * 4-bit-per-channel colours); a tall run that reaches the bottom row is not counted as tall.
 * Every column is counted on its own, but 4 neighbouring columns are walked down the rows
 * together: a walk down one column reads one cache line per pixel and is bound by memory.
 */
export function columnRuns(r: Raster, top: number, bottom: number, maxGlyph: number): Float32Array {
  const { width, rgb } = r;
  const runs = new Float32Array(width);
  let x = 0;
  for (; x + 4 <= width; x += 4) {
    let cand0 = -1,
      v0 = 0,
      lc0 = -1,
      q0 = 0;
    let cand1 = -1,
      v1 = 0,
      lc1 = -1,
      q1 = 0;
    let cand2 = -1,
      v2 = 0,
      lc2 = -1,
      q2 = 0;
    let cand3 = -1,
      v3 = 0,
      lc3 = -1,
      q3 = 0;
    for (let y = top, i = top * width + x; y <= bottom; y += 2, i += 2 * width) {
      {
        const c = rgb[i + 0]!;
        if (c !== lc0) {
          lc0 = c;
          q0 = ((c >> 12) & 0xf00) | ((c >> 8) & 0xf0) | ((c >> 4) & 0xf);
        }
        if (v0 === 0) {
          cand0 = q0;
          v0 = 1;
        } else if (q0 === cand0) v0++;
        else v0--;
      }
      {
        const c = rgb[i + 1]!;
        if (c !== lc1) {
          lc1 = c;
          q1 = ((c >> 12) & 0xf00) | ((c >> 8) & 0xf0) | ((c >> 4) & 0xf);
        }
        if (v1 === 0) {
          cand1 = q1;
          v1 = 1;
        } else if (q1 === cand1) v1++;
        else v1--;
      }
      {
        const c = rgb[i + 2]!;
        if (c !== lc2) {
          lc2 = c;
          q2 = ((c >> 12) & 0xf00) | ((c >> 8) & 0xf0) | ((c >> 4) & 0xf);
        }
        if (v2 === 0) {
          cand2 = q2;
          v2 = 1;
        } else if (q2 === cand2) v2++;
        else v2--;
      }
      {
        const c = rgb[i + 3]!;
        if (c !== lc3) {
          lc3 = c;
          q3 = ((c >> 12) & 0xf00) | ((c >> 8) & 0xf0) | ((c >> 4) & 0xf);
        }
        if (v3 === 0) {
          cand3 = q3;
          v3 = 1;
        } else if (q3 === cand3) v3++;
        else v3--;
      }
    }
    const mr0 = ((cand0 >> 8) & 0xf) * 16 + 8;
    const mg0 = ((cand0 >> 4) & 0xf) * 16 + 8;
    const mb0 = (cand0 & 0xf) * 16 + 8;
    let short0 = 0,
      long0 = 0,
      run0 = 0,
      ink0 = false;
    lc0 = -1;
    const mr1 = ((cand1 >> 8) & 0xf) * 16 + 8;
    const mg1 = ((cand1 >> 4) & 0xf) * 16 + 8;
    const mb1 = (cand1 & 0xf) * 16 + 8;
    let short1 = 0,
      long1 = 0,
      run1 = 0,
      ink1 = false;
    lc1 = -1;
    const mr2 = ((cand2 >> 8) & 0xf) * 16 + 8;
    const mg2 = ((cand2 >> 4) & 0xf) * 16 + 8;
    const mb2 = (cand2 & 0xf) * 16 + 8;
    let short2 = 0,
      long2 = 0,
      run2 = 0,
      ink2 = false;
    lc2 = -1;
    const mr3 = ((cand3 >> 8) & 0xf) * 16 + 8;
    const mg3 = ((cand3 >> 4) & 0xf) * 16 + 8;
    const mb3 = (cand3 & 0xf) * 16 + 8;
    let short3 = 0,
      long3 = 0,
      run3 = 0,
      ink3 = false;
    lc3 = -1;
    for (let y = top, i = top * width + x; y <= bottom; y++, i += width) {
      {
        const c = rgb[i + 0]!;
        if (c !== lc0) {
          lc0 = c;
          const dr = Math.abs(((c >> 16) & 255) - mr0);
          const dg = Math.abs(((c >> 8) & 255) - mg0);
          const db = Math.abs((c & 255) - mb0);
          ink0 = dr > INK || dg > INK || db > INK;
        }
        if (ink0) run0++;
        else if (run0 > 0) {
          if (run0 > maxGlyph) long0++;
          else if (run0 >= 2) short0++;
          run0 = 0;
        }
      }
      {
        const c = rgb[i + 1]!;
        if (c !== lc1) {
          lc1 = c;
          const dr = Math.abs(((c >> 16) & 255) - mr1);
          const dg = Math.abs(((c >> 8) & 255) - mg1);
          const db = Math.abs((c & 255) - mb1);
          ink1 = dr > INK || dg > INK || db > INK;
        }
        if (ink1) run1++;
        else if (run1 > 0) {
          if (run1 > maxGlyph) long1++;
          else if (run1 >= 2) short1++;
          run1 = 0;
        }
      }
      {
        const c = rgb[i + 2]!;
        if (c !== lc2) {
          lc2 = c;
          const dr = Math.abs(((c >> 16) & 255) - mr2);
          const dg = Math.abs(((c >> 8) & 255) - mg2);
          const db = Math.abs((c & 255) - mb2);
          ink2 = dr > INK || dg > INK || db > INK;
        }
        if (ink2) run2++;
        else if (run2 > 0) {
          if (run2 > maxGlyph) long2++;
          else if (run2 >= 2) short2++;
          run2 = 0;
        }
      }
      {
        const c = rgb[i + 3]!;
        if (c !== lc3) {
          lc3 = c;
          const dr = Math.abs(((c >> 16) & 255) - mr3);
          const dg = Math.abs(((c >> 8) & 255) - mg3);
          const db = Math.abs((c & 255) - mb3);
          ink3 = dr > INK || dg > INK || db > INK;
        }
        if (ink3) run3++;
        else if (run3 > 0) {
          if (run3 > maxGlyph) long3++;
          else if (run3 >= 2) short3++;
          run3 = 0;
        }
      }
    }
    // The row past the bottom ends every open run (a tall one there touches the image's edge).
    if (run0 > 0 && run0 <= maxGlyph && run0 >= 2) short0++;
    runs[x + 0] = long0 > 1 ? 0 : short0;
    if (run1 > 0 && run1 <= maxGlyph && run1 >= 2) short1++;
    runs[x + 1] = long1 > 1 ? 0 : short1;
    if (run2 > 0 && run2 <= maxGlyph && run2 >= 2) short2++;
    runs[x + 2] = long2 > 1 ? 0 : short2;
    if (run3 > 0 && run3 <= maxGlyph && run3 >= 2) short3++;
    runs[x + 3] = long3 > 1 ? 0 : short3;
  }
  for (; x < width; x++) runs[x] = oneColumn(r, x, top, bottom, maxGlyph);
  return runs;
}

/** The same count for one column. */
function oneColumn(r: Raster, x: number, top: number, bottom: number, maxGlyph: number): number {
  const { width, rgb } = r;
  let cand = -1;
  let votes = 0;
  let lastC = -1;
  let q = 0;
  for (let y = top, i = top * width + x; y <= bottom; y += 2, i += 2 * width) {
    const c = rgb[i]!;
    if (c !== lastC) {
      lastC = c;
      q = ((c >> 12) & 0xf00) | ((c >> 8) & 0xf0) | ((c >> 4) & 0xf);
    }
    if (votes === 0) {
      cand = q;
      votes = 1;
    } else if (q === cand) votes++;
    else votes--;
  }
  const mr = ((cand >> 8) & 0xf) * 16 + 8;
  const mg = ((cand >> 4) & 0xf) * 16 + 8;
  const mb = (cand & 0xf) * 16 + 8;
  let short = 0;
  let long = 0;
  let run = 0;
  lastC = -1;
  let lastInk = false;
  for (let y = top, i = top * width + x; y <= bottom + 1; y++, i += width) {
    let ink = false;
    if (y <= bottom) {
      const c = rgb[i]!;
      if (c !== lastC) {
        lastC = c;
        const dr = Math.abs(((c >> 16) & 255) - mr);
        const dg = Math.abs(((c >> 8) & 255) - mg);
        const db = Math.abs((c & 255) - mb);
        lastInk = dr > INK || dg > INK || db > INK;
      }
      ink = lastInk;
    }
    if (ink) run++;
    else if (run > 0) {
      if (run > maxGlyph) long += y > bottom ? 0 : 1;
      else if (run >= 2) short++;
      run = 0;
    }
  }
  return long > 1 ? 0 : short;
}
