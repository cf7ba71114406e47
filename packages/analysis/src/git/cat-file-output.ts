export interface GitObject {
  oid: string;
  type: 'blob' | 'tree' | 'commit' | 'tag';
  size: number;
  content: Buffer;
}

/**
 * Reads the output of `git cat-file --batch` as it arrives, in chunks cut anywhere: per object a
 * header line `<oid> <type> <size>` (or `<oid> missing`), the content, and a newline. Each object
 * (or null for a missing one) is handed to `onObject` in order.
 *
 * Built for throughput, since a structure analysis streams every blob of a tree through here: a
 * content that lies within one chunk is handed out as a view of it (no copy), one that spans
 * chunks is copied once into a buffer of its exact size, and nothing is re-concatenated.
 */
export class CatFileOutput {
  /** A header line that has begun to arrive but not ended yet. */
  private partialHeader: Buffer[] = [];
  private header: { oid: string; type: GitObject['type']; size: number } | null = null;
  /** The content of an object spanning chunks, and how much of it (with its newline) arrived. */
  private spanning: Buffer | null = null;
  private received = 0;
  private broken = false;

  constructor(
    private readonly onObject: (object: GitObject | null) => void,
    private readonly onError: (message: string) => void,
  ) {}

  push(chunk: Buffer): void {
    if (this.broken) return;
    let at = 0;
    while (at < chunk.length) {
      if (this.header === null) {
        const newline = chunk.indexOf(10, at);
        if (newline === -1) {
          this.partialHeader.push(chunk.subarray(at));
          return;
        }
        if (!this.partialHeader.length && this.readBlobHeader(chunk, at, newline)) {
          at = newline + 1;
          continue;
        }
        let line = chunk.toString('latin1', at, newline);
        if (this.partialHeader.length) {
          line = Buffer.concat(this.partialHeader).toString('latin1') + line;
          this.partialHeader = [];
        }
        at = newline + 1;
        if (!this.readHeader(line)) return;
        continue;
      }
      const { size } = this.header;
      const available = chunk.length - at;
      if (this.spanning === null && available > size) {
        // The whole content and its newline are here: a view, no copy.
        const content = chunk.subarray(at, at + size);
        at += size + 1;
        this.emit(content);
        continue;
      }
      // The content (or its final newline) continues in a later chunk.
      this.spanning ??= Buffer.allocUnsafe(size);
      const wanted = size + 1 - this.received;
      const taken = Math.min(wanted, available);
      const copied = Math.min(taken, size - this.received);
      if (copied > 0) chunk.copy(this.spanning, this.received, at, at + copied);
      this.received += taken;
      at += taken;
      if (this.received === size + 1) {
        const content = this.spanning;
        this.spanning = null;
        this.received = 0;
        this.emit(content);
      }
    }
  }

  /**
   * The common header, `<oid> blob <size>` whole in one chunk, read from its bytes without making
   * a string of the line (one per blob of a tree). False for anything else, which readHeader reads.
   */
  private readBlobHeader(chunk: Buffer, start: number, end: number): boolean {
    let size = 0;
    let scale = 1;
    let i = end - 1;
    for (; i >= start && chunk[i]! >= 48 && chunk[i]! <= 57 && end - i <= 15; i -= 1) {
      size += (chunk[i]! - 48) * scale;
      scale *= 10;
    }
    const last = i;
    // " blob " before the digits, and an object id before that.
    if (last === end - 1 || last - 5 <= start || chunk[last] !== 32 || chunk[last - 5] !== 32)
      return false;
    if (chunk[last - 4] !== 98 || chunk[last - 3] !== 108 || chunk[last - 2] !== 111) return false;
    if (chunk[last - 1] !== 98 || chunk.indexOf(32, start) !== last - 5) return false;
    this.header = { oid: chunk.toString('latin1', start, last - 5), type: 'blob', size };
    return true;
  }

  /** False when the line is not a header: the stream cannot be read any further. */
  private readHeader(line: string): boolean {
    const last = line.lastIndexOf(' ');
    if (line.endsWith(' missing')) {
      this.onObject(null);
      return true;
    }
    const first = line.indexOf(' ');
    const oid = line.slice(0, first);
    const type = line.slice(first + 1, last);
    const sizeText = line.slice(last + 1);
    const size = Number(sizeText);
    if (first <= 0 || last <= first || !/^\d{1,15}$/.test(sizeText)) {
      this.broken = true;
      this.onError(`unexpected cat-file header: ${line.slice(0, 100)}`);
      return false;
    }
    this.header = { oid, type: type as GitObject['type'], size };
    return true;
  }

  private emit(content: Buffer): void {
    const { oid, type, size } = this.header!;
    this.header = null;
    this.onObject({ oid, type, size, content });
  }
}
