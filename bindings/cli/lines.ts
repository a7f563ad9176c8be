// The text of NDJSON records. parseLines yields each record's line number and result, not its
// text; the rejects file (and --out) need the text, so the CLI reads the input through a LineTap,
// which notes where the lines of the chunk parseLines is working on end. parseLines pulls the next
// chunk only once it has yielded every line that ends in this one, so when it yields line n, that
// line ends in the current chunk (or is the last line of the input). Only the current chunk and
// the start of a line spanning chunks are held.

const NL = 0x0a;

export class LineTap {
  /** Bytes read so far. */
  bytes = 0;
  private chunk: Buffer = Buffer.alloc(0);
  /** Offsets of "\n" in the current chunk. */
  private ends: number[] = [];
  /** The start of the line open at the end of the previous chunks. */
  private carry: Buffer[] = [];
  /** Number of the line the current chunk starts in. */
  private first = 1;

  constructor(private readonly source: AsyncIterable<Buffer>) {}

  /** The source, for parseLines. */
  async *chunks(): AsyncGenerator<Buffer> {
    for await (const c of this.source) {
      this.advance(c);
      yield c;
    }
  }

  private advance(c: Buffer): void {
    const n = this.ends.length;
    if (n === 0) {
      if (this.chunk.length > 0) this.carry.push(this.chunk);
    } else {
      const last = this.ends[n - 1];
      this.carry = last + 1 < this.chunk.length ? [this.chunk.subarray(last + 1)] : [];
      this.first += n;
    }
    this.chunk = c;
    this.bytes += c.length;
    const ends: number[] = [];
    for (let i = c.indexOf(NL); i >= 0; i = c.indexOf(NL, i + 1)) ends.push(i);
    this.ends = ends;
  }

  /** The text of line n, without its "\n": a line that ends in the current chunk, or the last one. */
  text(n: number): Buffer {
    const i = n - this.first;
    if (i < 0 || i > this.ends.length) throw new Error(`line ${n} is not held (lines ${this.first}..${this.first + this.ends.length})`);
    const end = i < this.ends.length ? this.ends[i] : this.chunk.length;
    if (i > 0) return this.chunk.subarray(this.ends[i - 1] + 1, end);
    return this.carry.length === 0 ? this.chunk.subarray(0, end) : Buffer.concat([...this.carry, this.chunk.subarray(0, end)]);
  }
}
