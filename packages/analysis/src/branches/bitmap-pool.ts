/**
 * Fixed-width bitmaps (one bit per branch tip) in one growable Uint32Array. Only the walk's
 * frontier is alive at a time, so slots are recycled. Each slot remembers the span of words that
 * may be non-zero: a feature branch's bitmap holds a few bits among thousands, and every
 * operation here costs that span, not the full width.
 */
export class BitmapPool {
  words: Uint32Array;
  /** First and one-past-last word of each slot that may be non-zero. */
  lo: Int32Array;
  hi: Int32Array;
  /**
   * Per slot: visited commits whose reachability is exactly this bitmap and that are not counted
   * yet. Counting is deferred so a linear run of commits is added once, as "bitmap × rows".
   */
  rows: Float64Array;
  private capacity = 64;
  private used = 0;
  private readonly free: number[] = [];

  constructor(readonly width: number) {
    this.words = new Uint32Array(this.capacity * width);
    this.lo = new Int32Array(this.capacity);
    this.hi = new Int32Array(this.capacity);
    this.rows = new Float64Array(this.capacity);
  }

  allocate(): number {
    const slot = this.free.pop() ?? this.used++;
    if (slot >= this.capacity) this.grow();
    this.lo[slot] = this.width;
    this.hi[slot] = 0;
    this.rows[slot] = 0;
    return slot;
  }

  release(slot: number): void {
    const base = slot * this.width;
    this.words.fill(0, base + this.lo[slot]!, base + this.hi[slot]!);
    this.free.push(slot);
  }

  setBit(slot: number, bit: number): void {
    const word = bit >>> 5;
    const at = slot * this.width + word;
    this.words[at] = this.words[at]! | (1 << (bit & 31));
    this.widen(slot, word, word + 1);
  }

  hasBit(slot: number, bit: number): boolean {
    return (this.words[slot * this.width + (bit >>> 5)]! & (1 << (bit & 31))) !== 0;
  }

  span(slot: number): number {
    return Math.max(0, this.hi[slot]! - this.lo[slot]!);
  }

  /** into |= from. */
  or(from: number, into: number): void {
    const a = from * this.width;
    const b = into * this.width;
    const start = this.lo[from]!;
    const end = this.hi[from]!;
    for (let w = start; w < end; w += 1)
      this.words[b + w] = this.words[b + w]! | this.words[a + w]!;
    if (start < end) this.widen(into, start, end);
  }

  /**
   * scratch = from & ~into (the bits `into` would gain), over from's span. Returns the span of
   * non-zero words written, [lo, hi), or null when `into` already has every bit of `from`.
   */
  difference(from: number, into: number, scratch: Uint32Array): [number, number] | null {
    const a = from * this.width;
    const b = into * this.width;
    let first = -1;
    let last = -1;
    for (let w = this.lo[from]!; w < this.hi[from]!; w += 1) {
      const bits = this.words[a + w]! & ~this.words[b + w]!;
      scratch[w] = bits;
      if (bits !== 0) {
        if (first === -1) first = w;
        last = w;
      }
    }
    return first === -1 ? null : [first, last + 1];
  }

  private widen(slot: number, start: number, end: number): void {
    if (start < this.lo[slot]!) this.lo[slot] = start;
    if (end > this.hi[slot]!) this.hi[slot] = end;
  }

  private grow(): void {
    this.capacity *= 2;
    const words = new Uint32Array(this.capacity * this.width);
    words.set(this.words);
    this.words = words;
    const lo = new Int32Array(this.capacity);
    lo.set(this.lo);
    this.lo = lo;
    const hi = new Int32Array(this.capacity);
    hi.set(this.hi);
    this.hi = hi;
    const rows = new Float64Array(this.capacity);
    rows.set(this.rows);
    this.rows = rows;
  }
}
