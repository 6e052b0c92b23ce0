/** The middle value (the upper one of an even count), NaN when there are none. */
export function median(values: readonly number[]): number {
  const s = [...values].sort((x, y) => x - y);
  return s.length ? s[s.length >> 1]! : NaN;
}
