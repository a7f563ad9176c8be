// The text of NDJSON records. parseLines yields each record's line number and result, not its
// text; the rejects file (and --out) need the text, so the CLI hands parseLines its chunks through
// a LineTap, which notes where the lines of the current chunk end. Every chunk ends at a line end
// (Input.lines), and parseLines reads the next chunk only once it has yielded every line of this
// one, so the line it reports is always in the current chunk.

const NL = 0x0a;

export class LineTap {
  private chunk: Buffer = Buffer.alloc(0);
  /** Offsets of "\n" in the current chunk. */
  private ends: number[] = [];
  /** Number of the first line of the current chunk. */
  private first = 1;

  constructor(private readonly source: AsyncIterable<Buffer>) {}

  /** The chunks, for parseLines. Each must end with "\n", except the last one. */
  async *chunks(): AsyncGenerator<Buffer> {
    for await (const c of this.source) {
      this.first += this.ends.length;
      this.chunk = c;
      const ends: number[] = [];
      for (let i = c.indexOf(NL); i >= 0; i = c.indexOf(NL, i + 1)) ends.push(i);
      this.ends = ends;
      yield c;
    }
  }

  /** The text of line n without its "\n" (a view, valid until the next chunk). */
  text(n: number): Buffer {
    const i = n - this.first;
    if (i < 0 || i > this.ends.length) throw new Error(`line ${n} is not in the current chunk (lines ${this.first}..${this.first + this.ends.length})`);
    const start = i === 0 ? 0 : this.ends[i - 1] + 1;
    return this.chunk.subarray(start, i < this.ends.length ? this.ends[i] : this.chunk.length);
  }
}
