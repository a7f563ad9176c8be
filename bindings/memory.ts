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
    const cls = Math.max(MIN_CLASS, 32 - Math.clz32(Math.max(1, size) - 1));
    const list = this.free[cls];
    if (list && list.length > 0) {
      const p = list.pop()!;
      this.sizes.set(p, cls);
      return p;
    }
    const bytes = 2 ** cls;
    const p = this.top;
    const end = p + bytes;
    const have = this.memory.buffer.byteLength;
    if (end > have) this.grow(end - have);
    this.top = end;
    this.sizes.set(p, cls);
    this.views();
    return p;
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
    (this.free[cls] ??= []).push(p);
  }

  capacity(p: number): number {
    return 2 ** (this.sizes.get(p) ?? 0);
  }

  /** Grow block p to at least `size` bytes, keeping its first `keep` bytes. */
  realloc(p: number, size: number, keep: number): number {
    if (size <= this.capacity(p)) return p;
    const q = this.alloc(size);
    this.u8.copyWithin(q, p, p + keep);
    this.release(p);
    return q;
  }
}
