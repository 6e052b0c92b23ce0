import { ScratchArray } from './scratch';

describe('ScratchArray', () => {
  it('hands out one array from call to call, sized to each request', () => {
    const pool = new ScratchArray((n) => new Uint32Array(n));
    const a = pool.take(100);
    a[0] = 7;
    const b = pool.take(50);
    expect(b.length).toBe(50);
    expect(b.buffer).toBe(a.buffer);
    expect(b[0]).toBe(7); // stale contents: callers write every element
  });

  it('does not keep arrays for images beyond 4K', () => {
    const pool = new ScratchArray((n) => new Int16Array(n));
    const big = 3840 * 2160 + 1;
    expect(pool.take(big).buffer).not.toBe(pool.take(big).buffer);
  });
});
