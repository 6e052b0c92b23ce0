import { MAX_POOLED } from './tuning';

/**
 * One per-pixel working array reused from read to read: a 2560x1440 image needs 15 MB for its
 * raster and 7 MB for its quantised colours, and allocating them afresh each read cost garbage
 * collections. Only for arrays that never outlive the read and whose every element the caller
 * writes: `take` hands back stale contents.
 */
export class ScratchArray<A extends Uint8Array | Int16Array | Uint32Array> {
  private array: A;

  constructor(private readonly make: (n: number) => A) {
    this.array = make(0);
  }

  /** An array of n elements: the kept one when n is within 4K, else a fresh one. */
  take(n: number): A {
    if (n > MAX_POOLED) return this.make(n);
    if (this.array.length < n) this.array = this.make(n);
    return this.array.subarray(0, n) as A;
  }
}
