// The text of a stream received so far, kept as the pieces it arrived in (never re-joined, so
// slicing a value out of it costs the value's length, not the stream's). Offsets are UTF-16
// units, as the core's tape reports them.

export class TextStore {
  /**
   * `keeps` false: nothing is kept (a stream only checked, see StreamParser.validateOnly): append
   * still gives the core what it would, a split surrogate pair held back, but no text is decoded.
   */
  constructor(private readonly keeps = true) {}

  private readonly pieces: string[] = [];
  private readonly starts: number[] = [];
  private length = 0;
  private decoder = utf8Decoder();
  /** The decoder may hold the start of a UTF-8 sequence (the last byte chunk ended in a non-ASCII byte). */
  private decoderHolds = false;
  /** A high surrogate held back from the last string chunk (its pair may come next). */
  private held = "";
  /** Pieces pushed since the last block was joined. */
  private recent = 0;

  /**
   * Take a chunk: returns what to give the core (a trailing high surrogate of a string chunk waits
   * for the next chunk, so a split surrogate pair is encoded as one code point).
   */
  append(chunk: string | Uint8Array): string | Uint8Array {
    if (typeof chunk !== "string") {
      if (this.held === "") {
        if (this.keeps) this.push(this.decodeBytes(chunk));
        return chunk;
      }
      // a high surrogate held back from a string chunk, then bytes: it is a lone surrogate after
      // all, which UTF-8 encodes as U+FFFD (as TextEncoder and joinChunks do)
      this.held = "";
      this.push("\uFFFD");
      this.push(this.decodeBytes(chunk));
      const out = new Uint8Array(REPLACEMENT.length + chunk.length);
      out.set(REPLACEMENT);
      out.set(chunk, REPLACEMENT.length);
      return out;
    }
    let s = this.held + chunk;
    this.held = "";
    const last = s.charCodeAt(s.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.held = s.slice(-1);
      s = s.slice(0, -1);
    }
    this.push(s);
    return s;
  }

  /**
   * Text of a byte chunk. A short all-ASCII chunk while the decoder holds nothing is its bytes as
   * char codes (what the decoder would return, without a call into it per chunk); anything else
   * goes through the streaming decoder, which also keeps a sequence split across chunks.
   */
  private decodeBytes(chunk: Uint8Array): string {
    const n = chunk.length;
    if (!this.decoderHolds && n <= ASCII_RUN_MAX) {
      // (the codes go through a plain array of the chunk's length: apply() with a typed array
      // takes a slow path, about twice the time of the whole copy)
      const codes = (CODES[n] ??= new Array<number>(n).fill(0));
      let i = 0;
      for (; i < n; i++) {
        const b = chunk[i];
        if (b >= 0x80) break;
        codes[i] = b;
      }
      if (i === n) return String.fromCharCode.apply(null, codes);
    }
    // (a chunk ending in a non-ASCII byte may end inside a sequence: say so, to be safe)
    this.decoderHolds = n > 0 ? chunk[n - 1] >= 0x80 : this.decoderHolds;
    return this.decoder.decode(chunk, { stream: true });
  }

  /** The held-back surrogate, when the stream ends (it is a lone surrogate after all). */
  flush(): string {
    const s = this.held;
    this.held = "";
    const tail = this.decoder.decode();
    this.decoderHolds = false;
    this.push(s + tail);
    return s;
  }

  private push(s: string): void {
    if (s === "" || !this.keeps) return;
    this.pieces.push(s);
    this.starts.push(this.length);
    this.length += s.length;
    if (++this.recent === BLOCK_PIECES) this.joinRecent();
  }

  /**
   * The last BLOCK_PIECES pieces become one flat piece. Tens of thousands of small strings kept
   * alive made every young-generation GC copy each of them: a stream of fresh 16-byte chunks (as
   * byte chunks decode to) spent more time there than in reading them. A block of them is one
   * string, and the chunks die young.
   */
  private joinRecent(): void {
    const first = this.pieces.length - this.recent;
    const block = this.pieces.splice(first).join("");
    this.starts.length = first + 1;
    this.pieces.push(block);
    this.recent = 0;
  }

  /** Text of UTF-16 units [a, b). */
  slice(a: number, b: number): string {
    let i = this.find(a);
    const off = a - this.starts[i];
    const piece = this.pieces[i];
    if (b - this.starts[i] <= piece.length) return piece.slice(off, b - this.starts[i]);
    // (joined into one flat string: a chain of concatenations would keep every piece alive)
    const parts = [piece.slice(off)];
    while (++i < this.pieces.length && this.starts[i] < b) parts.push(this.pieces[i].slice(0, b - this.starts[i]));
    return parts.join("");
  }

  /** Index of the piece holding offset a (the last pieces are the likely ones). */
  private find(a: number): number {
    let i = this.pieces.length - 1;
    if (i < 0) return 0;
    if (this.starts[i] <= a) return i;
    let lo = 0;
    let hi = i;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= a) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  get size(): number {
    return this.length;
  }

  text(): string {
    return this.pieces.join("") + this.held;
  }

  reset(): void {
    this.pieces.length = 0;
    this.starts.length = 0;
    this.length = 0;
    this.recent = 0;
    this.held = "";
    this.decoder = utf8Decoder();
    this.decoderHolds = false;
  }
}

/**
 * A UTF-8 decoder for text inside a document. It keeps U+FEFF: by default a TextDecoder drops
 * EF BB BF at the start of what it decodes, taking it for a byte order mark, which would lose the
 * character from a key or a value, or from a stream chunk that happens to start with it.
 */
export function utf8Decoder(): TextDecoder {
  return new TextDecoder("utf-8", { ignoreBOM: true });
}

/**
 * JSON input is a string or a Uint8Array (a Node Buffer is one). Anything else is a programming
 * mistake, reported at the call: a TypeError, not a misleading syntax error from inside.
 *
 * Bytes of another class than Uint8Array or Buffer (a subclass, which may define its own length
 * or buffer getters) come back as a plain view of the same bytes, read through the built-in
 * getters: the calls read the input while a session is half set up, and a getter that called
 * the library there (or returned another length each time) reset the shared session under them.
 * An object that only poses as a Uint8Array (a Proxy of one) is a TypeError.
 */
export function jsonInput(data: unknown, what: string): string | Uint8Array {
  if (typeof data === "string") return data;
  if (typedArrayTag.call(data) === "Uint8Array") {
    if (typedArrayByteLength.call(data) === 0 && isDetached(typedArrayBuffer.call(data))) {
      throw new TypeError(`checker: ${what} takes JSON text as a string or a Uint8Array, not a Uint8Array whose buffer was detached (transferred to a worker or by structuredClone)`);
    }
    const proto: unknown = Object.getPrototypeOf(data);
    if (proto === Uint8Array.prototype || proto === NODE_BUFFER) return data as Uint8Array;
    return new Uint8Array(typedArrayBuffer.call(data), typedArrayByteOffset.call(data), typedArrayByteLength.call(data));
  }
  const got = data instanceof Uint8Array ? "an object posing as a Uint8Array (a Proxy?)" : kindOf(data);
  throw new TypeError(`checker: ${what} takes JSON text as a string or a Uint8Array, not ${got}` +
    (got === "object" ? " (for a parsed object, use newModel)" : ""));
}

/** Was this buffer transferred away (ArrayBuffer.prototype.detached is not in Node 20)? */
function isDetached(buffer: ArrayBufferLike): boolean {
  try {
    new Uint8Array(buffer);
    return false;
  } catch {
    return true;
  }
}

/** Node's Buffer.prototype (undefined in browsers): its instances are read as they are. */
const NODE_BUFFER: unknown = (globalThis as { Buffer?: { prototype: unknown } }).Buffer?.prototype ?? Uint8Array.prototype;

/** The built-in getters of typed arrays, which no subclass or instance can override. */
const TYPED_ARRAY = Object.getPrototypeOf(Uint8Array.prototype) as object;
const intrinsicGetter = (key: PropertyKey) => Object.getOwnPropertyDescriptor(TYPED_ARRAY, key)!.get! as (this: unknown) => never;
const typedArrayTag = intrinsicGetter(Symbol.toStringTag) as (this: unknown) => string | undefined;
const typedArrayBuffer = intrinsicGetter("buffer") as (this: unknown) => ArrayBufferLike;
const typedArrayByteOffset = intrinsicGetter("byteOffset") as (this: unknown) => number;
const typedArrayByteLength = intrinsicGetter("byteLength") as (this: unknown) => number;

/** What a value passed where it does not belong is, for a TypeError's message. */
export function kindOf(data: unknown): string {
  return data === null ? "null" : data instanceof String ? "a String object (pass its string)" : Array.isArray(data) ? "an array" : ArrayBuffer.isView(data) ? data.constructor.name : data instanceof ArrayBuffer ? "an ArrayBuffer" : typeof data;
}

/** Pieces joined into one (see joinRecent). */
const BLOCK_PIECES = 64;

const encoder = new TextEncoder();

/** U+FFFD in UTF-8. */
const REPLACEMENT = new Uint8Array([0xef, 0xbf, 0xbd]);

/** Longest byte chunk decoded as char codes (one argument per byte). */
const ASCII_RUN_MAX = 256;
/** Reused arrays of char codes, one per chunk length. */
const CODES: number[][] = [];

/**
 * Chunks as one: a string when all are strings, bytes when all are bytes (else UTF-8 bytes).
 * Strings next to each other are encoded as one: a surrogate pair split between them is one
 * character, as a StreamParser fed them one by one reads it (a lone surrogate is U+FFFD).
 */
export function joinChunks(chunks: readonly (string | Uint8Array)[]): string | Uint8Array {
  if (chunks.length === 1) return chunks[0];
  if (chunks.every((c) => typeof c === "string")) return chunks.join("");
  const bytes: Uint8Array[] = [];
  let text = "";
  for (const c of chunks) {
    if (typeof c === "string") { text += c; continue; }
    if (text !== "") bytes.push(encoder.encode(text));
    text = "";
    bytes.push(c);
  }
  if (text !== "") bytes.push(encoder.encode(text));
  const out = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of bytes) { out.set(b, at); at += b.length; }
  return out;
}

/**
 * Part [a, b) of a chunk, as a copy: a Buffer's own slice() is a view, which would keep the
 * source's memory (a pooled slab, or a buffer it refills for its next chunk) in what is kept of
 * the chunk.
 */
export function copyChunk(chunk: string | Uint8Array, a = 0, b = chunk.length): string | Uint8Array {
  const part = partOf(chunk, a, b);
  return typeof part === "string" ? part : part.slice();
}

/**
 * Part [a, b) of a chunk; bytes as a view, a plain Uint8Array (subarray() or slice() through the
 * chunk's own class would call its constructor, which a subclass may define with other arguments).
 */
export function partOf(chunk: string | Uint8Array, a = 0, b = chunk.length): string | Uint8Array {
  return typeof chunk === "string" ? chunk.slice(a, b) : new Uint8Array(chunk.buffer, chunk.byteOffset + a, b - a);
}
