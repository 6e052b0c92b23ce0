export interface Span {
  start: number;
  end: number; // inclusive
}

/** Longest run of indices whose value passes `ok`, bridging gaps of up to maxGap failing indices. */
export function longestRun(n: number, ok: (i: number) => boolean, maxGap: number): Span | null {
  let best: Span | null = null;
  let start = -1;
  let lastOk = -1;
  for (let i = 0; i <= n; i++) {
    const good = i < n && ok(i);
    if (good) {
      if (start < 0 || i - lastOk - 1 > maxGap) {
        if (start >= 0 && (!best || lastOk - start > best.end - best.start)) best = { start, end: lastOk };
        start = i;
      }
      lastOk = i;
    }
  }
  if (start >= 0 && (!best || lastOk - start > best.end - best.start)) best = { start, end: lastOk };
  return best;
}
