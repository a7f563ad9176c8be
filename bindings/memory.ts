// The bindings own the core's linear memory above heapBase(): programs and session buffers are
// blocks from this allocator (power-of-two size classes with free lists, so memory is reused and
// does not grow with the number of calls).

const MIN_CLASS = 6; // 64 bytes

export class Heap {
  private top: number;
  private readonly free: number[][] = [];
  private readonly sizes = new Map<number, number>();
  private buffer: ArrayBuffer;
  u8: Uint8Array;
  u32: Uint32Array;
  f64: Float64Array;

  constructor(private readonly memory: WebAssembly.Memory, base: number) {
    this.top = (base + 15) & ~15;
    this.buffer = memory.buffer;
    this.u8 = new Uint8Array(this.buffer);
    this.u32 = new Uint32Array(this.buffer);
    this.f64 = new Float64Array(this.buffer);
  }

  /** Refresh the views after memory.grow (cheap when nothing changed). */
  views(): this {
    if (this.memory.buffer !== this.buffer) {
      this.buffer = this.memory.buffer;
      this.u8 = new Uint8Array(this.buffer);
      this.u32 = new Uint32Array(this.buffer);
      this.f64 = new Float64Array(this.buffer);
    }
    return this;
  }

  alloc(size: number): number {
    const cls = classOf(size);
    const list = this.free[cls];
    if (list && list.length > 0) {
      const p = list.pop()!;
      this.sizes.set(p, cls);
      return p;
    }
    return this.topBlock(this.top, cls);
  }

  /** Block p, of class cls, ends the heap (new at the top, or the top block grown in place). */
  private topBlock(p: number, cls: number): number {
    const end = p + 2 ** cls;
    this.reach(end);
    this.top = end;
    this.sizes.set(p, cls);
    return p;
  }

  /** Grow the memory to hold `end` bytes (a RangeError when it cannot: see grow). */
  reach(end: number): void {
    const have = this.memory.buffer.byteLength;
    if (end > have) this.grow(end - have);
    this.views();
  }

  /** Is block p the last one, at the top of the heap (where it can grow in place, see realloc)? */
  atTop(p: number): boolean {
    const cls = this.sizes.get(p);
    return cls !== undefined && p + 2 ** cls === this.top;
  }

  /** Is a block of `size` bytes in a free list (so alloc would take no new memory)? */
  hasFree(size: number): boolean {
    return (this.free[classOf(size)]?.length ?? 0) > 0;
  }

  /** The bytes a block of `size` bytes takes. */
  static blockBytes(size: number): number {
    return 2 ** classOf(size);
  }

  /**
   * Grow the memory by at least `bytes`: by an eighth of it (and 1 MiB) when it can, as growing
   * page by page, one grow per new stream parser, made creating parsers slow (each grow is a costly
   * call); else by what is needed; else (WebAssembly memory stops at 4 GiB, or the host refuses) a
   * RangeError that says so. Nothing is allocated then, and the heap stays usable.
   */
  private grow(bytes: number): void {
    const needed = Math.ceil(bytes / 65536);
    const have = this.memory.buffer.byteLength;
    for (const pages of [Math.max(needed, Math.ceil(have / 8 / 65536), 16), needed]) {
      try {
        this.memory.grow(pages);
        return;
      } catch (e) {
        if (pages === needed) {
          throw new RangeError(
            `checker: out of WebAssembly memory: ${bytes} more bytes were needed above ${have} ` +
              "(WebAssembly memory stops at 4 GiB); this document's values need more working memory than one call can have: " +
              "lower maxDocumentBytes, or read the input in parts (parseLines for NDJSON)",
            { cause: e },
          );
        }
      }
    }
  }

  release(p: number): void {
    const cls = this.sizes.get(p);
    if (cls === undefined) return;
    this.sizes.delete(p);
    // the block at the top gives its room back to the top, where a block below it may grow in place
    if (p + 2 ** cls === this.top) this.top = p;
    else (this.free[cls] ??= []).push(p);
  }

  capacity(p: number): number {
    return 2 ** (this.sizes.get(p) ?? 0);
  }

  /** Grow block p to at least `size` bytes, keeping its first `keep` bytes. */
  realloc(p: number, size: number, keep: number): number {
    if (size <= this.capacity(p)) return p;
    if (this.atTop(p) && !this.hasFree(size)) {
      // the block at the top grows in place: nothing copied, and no block of the old size left
      // in a free list (a stream's input growing to 100 MB left 128 MB of them, all written to).
      // (A free block of the size is taken rather than new memory: growing in place past one
      // left it unused, and a parser reused with reset() grew by a block per document.)
      return this.topBlock(p, classOf(size));
    }
    const q = this.alloc(size);
    this.u8.copyWithin(q, p, p + keep);
    this.release(p);
    return q;
  }
}

/** The size class of a block of `size` bytes: 2 ** class bytes. */
function classOf(size: number): number {
  return Math.max(MIN_CLASS, 32 - Math.clz32(Math.max(1, size) - 1));
}
