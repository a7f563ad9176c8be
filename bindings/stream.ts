// Streaming: validate JSON while it arrives (LLM output). A StreamParser owns a session of the
// core: each feed() appends the chunk, runs the tokenizer + evaluator from where it stopped (so a
// stream costs O(total bytes)), updates the typed partial value from the new tape entries, and
// reports the errors that became certain with this chunk.

import { bindMethods } from "./bind-methods.js";
import type { Program } from "./compile.js";
import { JsonSyntaxError, UnmarshalTypeError, ValidationError, type FieldError } from "./errors.js";
import * as L from "./layout.js";
import { isModel, wrongArgument, type Infer, type Model } from "./model.js";
import { lastOf, PartialBuilder, type Snapshot } from "./partial.js";
import { cutAtMaxErrors, documentTooLarge, renderErrors, syntaxError, typeError } from "./render.js";
import type { ValidatorOptions } from "./resolve.js";
import { Session } from "./session.js";
import { jsonInput, kindOf, partOf, TextStore } from "./text-store.js";
import { Validator } from "./validator.js";
import { EarlyChecks } from "./early.js";
import { SyntaxStream } from "./syntax.js";

/**
 * A field error of a stream, with `offset`: the bytes received when it became certain (the end of
 * the chunk that made it so, not the position of its value).
 */
export interface StreamFieldError extends FieldError {
  offset: number;
  /** Reported before its value completed (an open string already too long, ...); the final record replaces it. */
  early?: boolean;
}

export type StreamError = StreamFieldError | JsonSyntaxError | UnmarshalTypeError;

/**
 * The type of a stream's partial value: every member may be absent, at every level, and nothing
 * can be written. Read-only because a partial is shared: containers that did not change are the
 * same objects in the next partials and in the final `value` (a write to one, sorting an array in
 * place say, would show there, in a value the stream then calls validated).
 */
export type DeepPartial<T> = T extends Date ? T : T extends (infer U)[] ? readonly DeepPartial<U>[] : T extends object ? { readonly [K in keyof T]?: DeepPartial<T[K]> } : T;

export interface StreamState {
  /** Bytes fed so far (UTF-8). */
  readonly bytesReceived: number;
  readonly chunks: number;
  /** Containers open now (0 before the document starts and once it is complete). */
  readonly depth: number;
  /** The document is complete (or ended by a syntax or type error). */
  readonly done: boolean;
  /** The last error reported, if any. */
  readonly lastError: StreamError | undefined;
  /** Path (TS keys and indexes) of the value being written now; [] when none (also after a type error). */
  readonly openPath: readonly (string | number)[];
  /** Is the value at this path complete? (present, not being written, not cut off by an error). */
  complete(path: readonly (string | number)[] | string): boolean;
}

export interface StreamResult<T> {
  readonly done: boolean;
  /**
   * Everything received up to this result's chunk, typed: open strings hold their text so far.
   * A getter: built when first read (then the same value on every read), also after later chunks;
   * containers that did not change since the last value built keep their identity. Spreading or
   * structuredClone of a result does not copy it; JSON.stringify does.
   */
  readonly partial: DeepPartial<T> | undefined;
  /** The validated value, once the document is complete and valid. */
  readonly value?: T;
  /**
   * Every error certain so far: the final records in the order one-shot unmarshal reports them,
   * then the early reports (`early: true`) still waiting for their value. A final record comes
   * before the early ones and replaces its own early report, so to handle each error once, key
   * it by field and code.
   */
  readonly errors: readonly StreamError[];
  readonly state: StreamState;
}

export class StreamParser<M extends Model = Model> {
  private readonly validator: Validator<M>;
  private readonly program: Program;
  private readonly session = new Session();
  private text = new TextStore();
  /** Values are built (the partial, `value`, early reports): not in a stream only checked (validateOnly). */
  private buildsValues = true;
  private readonly builder: PartialBuilder;
  private readonly early: EarlyChecks;
  private errors: StreamError[] = [];
  private errorsView: readonly StreamError[] | undefined;
  /** The array errorsView was copied from. */
  private errorsViewOf: StreamError[] | undefined;
  /** Early errors in `errors` (reported before their value completed). */
  private earlyCount = 0;
  private errorRecords = 0;
  private chunks = 0;
  private ended = false;
  /**
   * The input's bytes and the open depth when the document was over (end(), or an error that
   * ended it): then the session's memory went back to the heap (see over()), and a result or the
   * state is made from these until reset() takes memory again.
   */
  private bytesAtEnd = 0;
  private depthAtEnd = 0;
  private done = false;
  /** After a type error: the syntax check of the rest of the text. */
  private syntax: SyntaxStream | undefined;
  /** After a repeated key took records back: the offsets of the early reports made before, by earlyKey. */
  private earlyOffsets: Map<string, number> | undefined;
  /** The core's count of error records taken back (S_ERR_RETRACTED) when the list was last rendered. */
  private retracted = 0;
  private value: Infer<M> | undefined;
  /**
   * Set when an error stopped the typed value (a syntax or type error): the path that was being
   * written then, whose values stay unfinished in the partial ([] when nothing was).
   */
  private cut: readonly (string | number)[] | undefined;
  /** Open `any` values show what they hold so far (not in a union's probe: see completeAnyOnly). */
  private showsOpenAny = true;
  /**
   * The last result made, kept until reset (all it holds, the parser holds too). V8 keeps the
   * shape (hidden class) of a class's instances only while an instance is alive: a full GC
   * between two documents that found no result discarded the shapes of Result and State, and
   * with them the optimized code of feed(), so the next document ran unoptimized for its first
   * ~20,000 chunks (1 MB in 16-byte chunks after a GC took 1.5-2x as long).
   */
  private lastResult: StreamResult<Infer<M>> | undefined;

  /** A parser for documents of a model, under these options. */
  constructor(model: M, options?: ValidatorOptions);
  /** A parser with an existing validator's model and options. */
  constructor(validator: Validator<M>);
  constructor(model: M | Validator<M>, options?: ValidatorOptions) {
    checkStreamModel(model, "new StreamParser", "use UnionStreamParser");
    if (model instanceof Validator) ownOptionsOnly(options, "new StreamParser", VALIDATOR_HAS_OPTIONS);
    this.validator = model instanceof Validator ? model : new Validator(model, options);
    this.program = this.validator.program;
    this.builder = new PartialBuilder({ kind: "model", model: this.program.resolved.root });
    this.early = new EarlyChecks(this.program);
    this.reset();
    bindMethods<StreamParser<M>>(this, ["reset", "buffer", "feed", "end", "currentState"]);
  }

  /** A stream parser with an existing validator's model and options. */
  static fromValidator<M extends Model>(v: Validator<M>): StreamParser<M> {
    return new StreamParser(v);
  }

  /**
   * @internal Show `any` values only once complete: a union's probe reads its discriminator as an
   * `any` value, and only a complete value (the last complete occurrence) may name a variant.
   */
  completeAnyOnly(): this {
    this.showsOpenAny = false;
    return this;
  }

  /**
   * @internal Only check the document, building no value: no partial, no `value` (a valid
   * document is done with no errors), no early reports (they are the partial's paths and values),
   * no text kept (`buffer()` is empty). The final errors are the same, rendered from the core's
   * records and the input's bytes, but for a field error's `offset`: the end of the chunk its
   * record came with (no early report dated it before). A 100 MB document of records then needs
   * its bytes in WASM memory, not its text and its value in the JS heap as well (the CLI's
   * --document without --marshal: 0.19 GB, where building the value took 0.62 GB).
   */
  validateOnly(): this {
    this.buildsValues = false;
    this.text = new TextStore(false);
    return this;
  }

  /** Start over for a new document. */
  reset(): void {
    // (the partial value reads an `any` value from its text: open, with the reader; closed, from T_RAW)
    this.session.begin(this.validator.loaded.address, this.validator.options, true);
    this.syntax?.free(); // (a type error's syntax check, when the document before was not ended)
    this.text.reset();
    this.builder.reset();
    this.early.reset();
    this.errors = [];
    this.earlyCount = 0;
    this.errorRecords = 0;
    this.chunks = 0;
    this.ended = false;
    this.done = false;
    this.syntax = undefined;
    this.retracted = 0;
    this.earlyOffsets = undefined;
    this.value = undefined;
    this.cut = undefined;
    this.lastResult = undefined;
  }

  /**
   * @internal Give the parser's WASM memory back now (parseStream's parser, once its generator
   * is over, whether or not the document was: no code can reach the parser then, and its results
   * never read the session). A parser whose document is over has given it back already.
   */
  free(): void {
    this.session.free();
    this.syntax?.free();
  }

  /** The text received so far. */
  buffer(): string {
    return this.text.text();
  }

  feed(given: string | Uint8Array): StreamResult<Infer<M>> {
    let chunk = jsonInput(given, "feed");
    this.chunks++;
    // after a syntax or type error nothing more is read; after a complete document only
    // whitespace may follow (anything else is a syntax error, as in one-shot unmarshal)
    if (this.ended) return this.result();
    const max = this.validator.options.maxDocumentBytes;
    // a chunk that surely takes the document past the limit (UTF-8 bytes >= UTF-16 units) is cut
    // first, so the memory it would take is never reserved; the part kept still passes the limit
    // (by 2: a high surrogate at the cut is held back), which gives one-shot's error for it
    const input = this.input;
    const room = max - input.get(L.S_INPUT_LEN);
    if (chunk.length > room + 2) chunk = partOf(chunk, 0, room + 2); // (bytes: a plain view, whatever the chunk's class)
    input.append(this.text.append(chunk));
    if (input.get(L.S_INPUT_LEN) > max) return this.fail(documentTooLarge(input.inputBytes(), max));
    return this.syntax ? this.checkSyntax(false) : this.step(false);
  }

  /**
   * The session that holds the document's bytes: the parser's own, or after a type error the
   * syntax check's, which took them over (see mistyped).
   */
  private get input(): Session {
    return this.syntax ? this.syntax.session : this.session;
  }

  /** The input is over: a document still open is a syntax error (unexpected end). Later chunks are not read. */
  end(): StreamResult<Infer<M>> {
    if (this.ended) return this.result();
    const held = this.text.flush();
    if (held !== "") this.input.append(held);
    const r = this.syntax ? this.checkSyntax(true) : this.step(true);
    this.over();
    return r;
  }

  private step(final: boolean): StreamResult<Infer<M>> {
    const s = this.session;
    const status = s.run(final);
    const heap = s.engine.heap;
    if (this.buildsValues) this.builder.consume(heap.u32, heap.f64, s.get(L.S_TAPE) >>> 2, s.get(L.S_TAPE_LEN), this.text);
    // the entries are built, and the core never reads one back (a stream's `any` value is one
    // T_RAW entry, never its content): the next chunk writes from the start of the tape. Kept
    // whole, a 100 MB document of records held a 234 MB tape (and the 256 MB its growth left).
    s.set(L.S_TAPE_LEN, 0);
    this.takeRecords();
    if (status === L.ST_SYNTAX) return this.fail(syntaxError(s));
    if (status === L.ST_TYPE) return this.mistyped(typeError(this.program, s), final);
    if (status === L.ST_DONE) {
      if (!this.done) {
        this.done = true;
        this.early.reset();
        this.errors = this.errors.filter((e) => !isEarly(e));
        this.earlyCount = 0;
        if (s.errorsLost()) this.errors = this.exactErrors();
        if (this.errors.length === 0) this.value = this.builder.root as Infer<M>;
      }
      return this.result();
    }
    if (!this.buildsValues) return this.result();
    // still open: show the string or `any` value being read, and report what is already certain
    if (s.get(L.S_STATE) === L.TS_STRING && this.readsString(s.get(L.S_CUR_FR))) {
      this.builder.placeOpenString(this.openStringText());
    } else if (this.showsOpenAny) this.showOpenAny();
    // (the errors rendered, not the core's records: one record can render as several)
    const room = this.validator.options.maxErrors - this.errors.length;
    for (const e of this.early.check(s, this.builder, this.text, room)) {
      this.errors.push({ ...e, offset: this.earlyOffsets?.get(earlyKey(e)) ?? e.offset });
      this.earlyCount++;
    }
    this.earlyOffsets = undefined;
    return this.result();
  }

  /** Render the error records the core added, replacing the early reports they confirm. */
  private takeRecords(): void {
    const count = this.session.get(L.S_ERR_COUNT);
    const retracted = this.session.get(L.S_ERR_RETRACTED);
    if (count === this.errorRecords && retracted === this.retracted) return;
    let known = new Map<string, number>();
    if (retracted !== this.retracted) {
      // a repeated key took back the errors of the value it replaced (and more may have come
      // since): render the records again, keeping the offset at which each one was first reported
      known = this.reportedOffsets();
      // the early reports are made again from what is still open: one about a value the key
      // replaced goes (it would never be confirmed), the others come back with their offsets
      this.earlyOffsets = new Map(this.errors.filter(isEarly).map((e) => [earlyKey(e), e.offset]));
      this.early.forget();
      this.errors = [];
      this.errorRecords = 0;
      this.retracted = retracted;
    }
    const offset = this.session.get(L.S_POS);
    // final records in one-shot's order, then the early reports still waiting for their value
    const finals = this.errors.filter((x) => !isEarly(x));
    const early = this.errors.filter(isEarly);
    for (const e of renderErrors(this.program, this.session, this.errorRecords)) {
      const i = early.findIndex((x) => x.field === e.field && x.code === e.code);
      // a record that confirms an early report keeps its offset: the error was certain then
      const reported = i >= 0 ? early.splice(i, 1)[0].offset : undefined;
      finals.push({ ...e, offset: known.get(errorKey(e)) ?? reported ?? offset });
    }
    if (!finals.some((e) => e instanceof Error)) cutAtMaxErrors(finals as StreamFieldError[], this.validator.options.maxErrors, (e) => ({ ...e, offset }));
    // an early report whose final record cannot fit within maxErrors leaves the list: that record
    // comes after the records of its value's own content, the ones that came since it was reported
    // (once the list is cut, TOO_MANY_ERRORS stands for it)
    const fit = this.validator.options.maxErrors - finals.length;
    if (early.length > fit) early.length = Math.max(0, fit);
    this.errors = finals.concat(early);
    this.earlyCount = early.length;
    this.errorRecords = count;
  }

  /**
   * The final list when records were dropped at the maxErrors cut and a repeated key then took
   * records back (see Session.errorsLost): one-shot reads the whole text again with room for them.
   * Errors already reported keep their offsets; the others are dated at the document's end.
   */
  private exactErrors(): StreamError[] {
    const offsets = this.reportedOffsets();
    const r = this.validator.safeUnmarshal(this.session.inputBytes().slice());
    if (r.ok || !(r.error instanceof ValidationError)) return [];
    const at = this.session.get(L.S_POS);
    return r.error.errors.map((e) => ({ ...e, offset: offsets.get(errorKey(e)) ?? at }));
  }

  /** The offset at which each field error in the list (not an early one) was reported, by errorKey. */
  private reportedOffsets(): Map<string, number> {
    const offsets = new Map<string, number>();
    for (const e of this.errors) if (!(e instanceof Error) && !e.early) offsets.set(errorKey(e), e.offset);
    return offsets;
  }

  /** Is field record fr a string slot the partial value shows while it is open? */
  private readsString(fr: number): boolean {
    return fr !== L.NONE && this.kindOf(fr) === L.K_STRING;
  }

  /**
   * An `any` member being read (a container, or a string on its own) shows what it holds so far;
   * a container's text is read incrementally (only what came since the last chunk).
   */
  private showOpenAny(): void {
    const s = this.session;
    const shown = this.builder.typedDepth;
    if (s.get(L.S_DEPTH) === shown) {
      // a string as the whole value
      const fr = s.get(L.S_CUR_FR);
      if (this.builder.showsMember && s.get(L.S_STATE) === L.TS_STRING && fr !== L.NONE && fr !== L.FR_ANY && this.kindOf(fr) === L.K_ANY) this.builder.placeOpenString(this.openStringText());
      return;
    }
    const frame = (s.get(L.S_STACK) >>> 2) + shown * L.FM_WORDS;
    const type = s.engine.heap.u32[frame + L.FM_TYPE];
    if (type === L.FT_RAW_OBJECT || type === L.FT_RAW_ARRAY) this.builder.readOpenJson(this.text, s.engine.heap.u32[frame + L.FM_START_U16], this.text.size);
  }

  private kindOf(fr: number): number {
    const w = this.program.words;
    return w[w[L.H_FR_OFF] + fr * L.FR_WORDS + L.FR_KIND] & 0xff;
  }

  private openStringText(): string {
    return this.early.openString(this.session, this.text); // decodes only what is new since the last call
  }

  /** The typed value stops being written (an error ended it): what was being written stays unfinished. */
  private cutAt(): void {
    // (nothing is cut when no container is open: before the document, or after it completed)
    // (the member being written when the error came shows only if it is an open string shown before)
    if (this.cut === undefined && !this.done && this.builder.depth > 0) this.cut = this.builder.openPath(this.builder.showsOpenString);
  }

  /**
   * The stream is over: nothing more is read, so the session's buffers (about 15 KB, more for a
   * large document) go back to the heap now rather than when the parser is garbage collected, and
   * a parser made per document in a loop keeps WASM memory flat. reset() takes memory again.
   */
  private over(): void {
    if (this.ended) return;
    this.ended = true;
    this.bytesAtEnd = this.input.get(L.S_INPUT_LEN);
    this.depthAtEnd = this.done ? 0 : this.syntax ? this.syntax.depth : this.session.get(L.S_DEPTH);
    this.free();
  }

  /** A syntax error (or a document too large): the stream ends with it alone, as one-shot's result. */
  private fail(e: JsonSyntaxError): StreamResult<Infer<M>> {
    this.cutAt();
    this.errors = [e];
    this.earlyCount = 0;
    this.done = true;
    this.over();
    this.value = undefined; // e.g. bytes after a complete document
    return this.result();
  }

  /**
   * A value of the wrong JSON type: the document can no longer be valid, and one-shot's result is
   * this error alone, unless the text turns out not to be JSON (a syntax error anywhere wins, as
   * in Go). So the rest is only checked for syntax, from the start of the text (once), chunk by
   * chunk; the partial value stays as it was. The syntax check's session takes the bytes over, and
   * the parser's own gives its memory back at once: nothing reads it again (before, both grew with
   * the rest of the document: a 100 MB array where a model was expected was in WASM memory twice).
   */
  private mistyped(e: UnmarshalTypeError, final: boolean): StreamResult<Infer<M>> {
    this.cutAt();
    this.errors = [e];
    this.earlyCount = 0;
    this.syntax = new SyntaxStream(this.validator.options.maxDepth);
    this.syntax.session.append(this.session.inputBytes().slice()); // (a copy: the view moves if memory grows)
    this.session.free();
    return this.checkSyntax(final);
  }

  /** After a type error: the text appended is checked for syntax (the type error stands unless it is malformed). */
  private checkSyntax(final: boolean): StreamResult<Infer<M>> {
    const status = this.syntax!.run(final);
    if (status === L.ST_SYNTAX) return this.fail(this.syntax!.error());
    this.done = status === L.ST_DONE;
    return this.result();
  }

  private result(): StreamResult<Infer<M>> {
    // the errors array is shared between results until it changes (no copy per chunk): errors
    // are only appended to the same array; any other change (a final record in place of an early
    // report, a retraction, a syntax error) makes a new array
    let view = this.errorsView;
    const n = this.errors.length;
    if (view === undefined || this.errorsViewOf !== this.errors || view.length !== n) {
      view = this.errorsView = Object.freeze(this.errors.slice());
      this.errorsViewOf = this.errors;
    }
    const snap = this.builder.snapshot();
    return (this.lastResult = new Result(this.done, this.builder, snap, view, this.stateAt(snap), this.value));
  }

  /** The state now. */
  currentState(): StreamState {
    return this.stateAt(this.builder.snapshot());
  }

  private stateAt(snap: Snapshot): StreamState {
    const s = this.session;
    if (this.ended) return new State(this.bytesAtEnd, this.chunks, this.depthAtEnd, this.done, lastOf(this.errors), this.builder, snap, NO_PATH, this.cut);
    // after a type error the typed value is no longer written (openPath is empty, the containers
    // open then stay unfinished), while the text is still read for syntax (depth is that reading's;
    // the parser's own session gave its memory back, see mistyped)
    const depth = this.done ? 0 : this.syntax ? this.syntax.depth : s.get(L.S_DEPTH);
    const writing = this.done || this.syntax ? NO_PATH : this.builder.openPath(this.writingMember());
    return new State(
      this.input.get(L.S_INPUT_LEN), this.chunks, depth, this.done, lastOf(this.errors), this.builder, snap, writing,
      this.cut ?? (this.done ? undefined : writing),
    );
  }

  /**
   * Is a member of the innermost container the partial shows being written: a scalar under way,
   * or containers open inside it (an `any` value)? Not when it is the value of an unknown key
   * (ignored or forbidden: no part of the typed value; captured under allow: shown in the extras
   * field once its object closes), nor an item past a fixed-size array's length (dropped); then
   * the open path ends at the container.
   */
  private writingMember(): boolean {
    const s = this.session;
    const state = s.get(L.S_STATE);
    const inScalar = state === L.TS_STRING || state === L.TS_NUMBER || state === L.TS_LITERAL;
    const shown = this.builder.depth;
    if (shown === 0 || !(inScalar || s.get(L.S_DEPTH) > shown) || this.builder.dropsNext) return false;
    const frame = (s.get(L.S_STACK) >>> 2) + (shown - 1) * L.FM_WORDS;
    const u32 = s.engine.heap.u32;
    if (u32[frame + L.FM_TYPE] !== L.FT_OBJECT) return true;
    const child = u32[frame + L.FM_CHILD];
    return child !== L.NONE && child !== L.IGNORED && child !== L.FR_ANY;
  }
}

/** @internal A model or a Validator for a stream of one model (`hint` for a UnionValidator), else a TypeError naming `call`. */
export function checkStreamModel(model: unknown, call: string, unionHint: string): void {
  if (model instanceof Validator || isModel(model)) return;
  const union = typeof (model as { discriminator?: unknown } | null)?.discriminator === "string";
  throw wrongArgument(call, "a model or a Validator", model, union ? unionHint : undefined);
}

/** @internal Why validator options given with a Validator would be ignored. */
export const VALIDATOR_HAS_OPTIONS = "a Validator has its own (new Validator(model, options)), or pass the model";

/**
 * @internal Validator options where they would be ignored (with a Validator, which has its own;
 * with a union, whose validators have theirs) are a TypeError naming the call and the options.
 */
export function ownOptionsOnly(options: ValidatorOptions | undefined, call: string, why: string): void {
  const given = options === undefined || options === null ? [] : Object.keys(options).filter((k) => (options as Record<string, unknown>)[k] !== undefined);
  if (given.length > 0) throw new TypeError(`checker: ${call} would ignore the validator options given (${given.join(", ")}): ${why}`);
}

/**
 * A feed() result. `partial` is built from the chunk's snapshot when first read (a getter), so a
 * stream whose partials are not read every chunk does not pay for building them; `toJSON`
 * includes it. (An own accessor per result, which spreading would copy, costs ~10x more.)
 */
class Result<T> implements StreamResult<T> {
  readonly #builder: PartialBuilder;
  readonly #snap: Snapshot;
  #built: DeepPartial<T> | undefined | typeof UNBUILT = UNBUILT;
  /** Present only once the document is complete and valid (no own property before). */
  declare readonly value?: T;

  constructor(
    readonly done: boolean, builder: PartialBuilder, snap: Snapshot, readonly errors: readonly StreamError[], readonly state: StreamState, value: T | undefined,
  ) {
    this.#builder = builder;
    this.#snap = snap;
    if (value !== undefined) this.value = value;
  }

  get partial(): DeepPartial<T> | undefined {
    if (this.#built === UNBUILT) this.#built = this.#builder.value(this.#snap) as DeepPartial<T> | undefined;
    return this.#built;
  }

  toJSON(): object {
    const { done, partial, value, errors, state } = this;
    return value !== undefined ? { done, partial, value, errors, state } : { done, partial, errors, state };
  }
}

const UNBUILT: unique symbol = Symbol("unbuilt");

const NO_PATH: readonly (string | number)[] = Object.freeze([]);

function isEarly(e: StreamError): e is StreamFieldError {
  return !(e instanceof Error) && e.early === true;
}

/** An early report's identity: its field, code and message (its value is the value so far). */
function earlyKey(e: FieldError): string {
  return `${e.field}\u0000${e.code}\u0000${e.message}`;
}

function errorKey(e: FieldError): string {
  return `${e.field}\u0000${e.code}\u0000${e.message}\u0000${JSON.stringify(e.value)}`;
}

class State implements StreamState {
  readonly #builder: PartialBuilder;
  readonly #snap: Snapshot;

  constructor(
    readonly bytesReceived: number,
    readonly chunks: number,
    readonly depth: number,
    readonly done: boolean,
    readonly lastError: StreamError | undefined,
    builder: PartialBuilder,
    snap: Snapshot,
    readonly openPath: readonly (string | number)[],
    unfinished: readonly (string | number)[] | undefined,
  ) {
    this.#builder = builder;
    this.#snap = snap;
    this.#unfinished = unfinished;
  }

  /** The path whose values are not complete (the value being written, or cut off by an error); undefined: none. */
  readonly #unfinished: readonly (string | number)[] | undefined;

  complete(path: readonly (string | number)[] | string): boolean {
    checkPath(path);
    const partial = this.#builder.value(this.#snap);
    return isComplete(partial, this.#unfinished, typeof path === "string" ? splitPath(path) : path);
  }
}

/** A path for complete(): a string, or an array of keys and indexes; else a TypeError. */
export function checkPath(path: unknown): void {
  const isSegment = (seg: unknown) => typeof seg === "string" || typeof seg === "number";
  if (typeof path === "string" || (Array.isArray(path) && path.every(isSegment))) return;
  const got = Array.isArray(path) ? `an array holding ${kindOf(path.find((seg) => !isSegment(seg)))}` : kindOf(path);
  throw new TypeError(`checker: state.complete takes a path, "sections[2].body" or ["sections", 2, "body"], not ${got}`);
}

/** "sections[2].body" -> ["sections", 2, "body"] (an index in brackets; a key after a dot stays a string, "01" too). */
function splitPath(path: string): (string | number)[] {
  if (path === "") return [];
  const out: (string | number)[] = [];
  for (const m of path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)) out.push(m[1] !== undefined ? Number(m[1]) : m[2]);
  return out;
}

function isComplete(root: unknown, open: readonly (string | number)[] | undefined, path: readonly (string | number)[]): boolean {
  let v = root;
  for (const seg of path) v = memberAt(v, seg);
  if (v === undefined) return false;
  if (open === undefined) return true;
  // the value being written (or cut off) and its containers are not complete
  if (path.length > open.length) return true;
  // (a key written as digits may come as a number or a string: compare as strings)
  return !path.every((seg, i) => String(open[i]) === String(seg));
}

/**
 * The member of a partial value at one path segment, or undefined: an array's item (an index,
 * as a number or digits), an object's or map's own member. Never an inherited one: a map's key
 * "constructor" or "toString" not received yet is absent, not Object.prototype's method, and an
 * array's "length" is no member.
 */
function memberAt(v: unknown, seg: string | number): unknown {
  if (v === null || typeof v !== "object") return undefined;
  if (Array.isArray(v)) {
    const i = typeof seg === "number" ? seg : /^(0|[1-9]\d*)$/.test(seg) ? Number(seg) : -1;
    return Number.isInteger(i) && i >= 0 && i < v.length ? v[i] : undefined;
  }
  return Object.hasOwn(v, seg) ? (v as Record<string | number, unknown>)[seg] : undefined;
}
