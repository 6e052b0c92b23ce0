import { describe, expect, it } from 'vitest';
import { lineThinPixels, removeHorizontalLines } from './lines';

/** A 200x60 ink mask: two doji crosses (arms of 20 px about a stem) and a body on row 30. */
function crosses(): Uint8Array {
  const pw = 200;
  const ink = new Uint8Array(pw * 60);
  for (const cx of [40, 100]) {
    for (let y = 15; y < 45; y++) ink[y * pw + cx] = 1;
    for (let x = cx - 20; x <= cx + 20; x++) ink[30 * pw + x] = 1;
  }
  for (let y = 25; y < 40; y++) for (let x = 150; x < 190; x++) ink[y * pw + x] = 1;
  return ink;
}

describe('doji crosses are no horizontal line', () => {
  it("leaves the arms of crosses out of a row's line pixels", () => {
    const ink = crosses();
    const thin = (x: number, y: number) =>
      !!ink[y * 200 + x] && !ink[(y - 1) * 200 + x] && !ink[(y + 1) * 200 + x];
    expect(lineThinPixels(ink, 200, 30, thin)).toBe(0);
  });

  it("keeps the crosses' bodies", () => {
    const ink = crosses();
    removeHorizontalLines(ink, 200, 60);
    expect(ink[30 * 200 + 25]).toBe(1);
    expect(ink[30 * 200 + 115]).toBe(1);
  });

  it('still clears a dotted line crossing a wick', () => {
    const ink = crosses();
    for (let x = 0; x < 200; x += 2) if (!ink[10 * 200 + x]) ink[10 * 200 + x] = 1;
    for (let y = 5; y < 15; y++) ink[y * 200 + 60] = 1;
    removeHorizontalLines(ink, 200, 60);
    expect(ink[10 * 200 + 4]).toBe(0);
  });
});
