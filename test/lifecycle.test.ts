// Lifecycle and re-entrancy: every call shares one WebAssembly engine and memory (one-shot calls
// one session, each StreamParser its own), so user code that runs in the middle of a call (a
// getter, a Proxy trap, a consumer loop, a chunk's own class), memory growth while results are
// held, misuse of a parser's lifecycle and garbage collection must leave every result as one-shot
// unmarshal gives it.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { getEngine } from "../bindings/engine.js";
import {
  dict, getTagName, marshal, model, newModel, parseLines, parseStream, safeUnmarshal, setTagName, StreamParser, t, unmarshal, validate, Validator,
  type StreamResult,
} from "../bindings/index.js";

const Item = model("Item", {
  name: t.string("required,min=2,max=20"),
  qty: t.int("gte=0,lte=100"),
  tags: t.slice(t.string(), "maxItems=3"),
});
const Other = model("Other", { code: t.string("required,oneof=a b c"), n: t.int() });

const GOOD = '{"name":"bolt","qty":3,"tags":["x","y"]}';
const BAD = '{"name":"b","qty":300,"tags":["x","y","z","w"]}';
const OTHER_GOOD = '{"code":"b","n":7}';

/** A result's outcome as one-shot's: the value, or the error's class and field errors (without stream offsets). */
function outcome(r: StreamResult<unknown>): unknown {
  if (r.value !== undefined) return { ok: true, value: r.value };
  const e = r.errors[0];
  if (e instanceof Error) return { ok: false, kind: e.constructor.name, message: e.message };
  return { ok: false, kind: "ValidationError", errors: r.errors.map(({ field, code, message, value }) => ({ field, code, message, value })) };
}

function oneShot(m: typeof Item | typeof Other, data: string | Uint8Array): unknown {
  const r = safeUnmarshal(m, data);
  if (r.ok) return { ok: true, value: r.value };
  const e = r.error;
  if ("errors" in e) return { ok: false, kind: "ValidationError", errors: e.errors.map(({ field, code, message, value }) => ({ field, code, message, value })) };
  return { ok: false, kind: e.constructor.name, message: e.message };
}

/** Feed a whole document in chunks of n units, then end. */
function streamed(m: typeof Item | typeof Other, text: string, n: number): unknown {
  const p = new StreamParser(m);
  for (let i = 0; i < text.length; i += n) p.feed(text.slice(i, i + n));
  return outcome(p.end());
}

describe("re-entrancy: user code run inside a call that itself calls the library", () => {
  /** An Item value whose `name` getter runs one-shot calls and a stream of another model. */
  function reentrantItem(log: unknown[]): Record<string, unknown> {
    const item = { qty: 3, tags: ["x"] } as Record<string, unknown>;
    Object.defineProperty(item, "name", {
      enumerable: true,
      get() {
        log.push(oneShot(Item, BAD), oneShot(Other, OTHER_GOOD));
        const other = new StreamParser(Other);
        other.feed(OTHER_GOOD.slice(0, 7));
        log.push(outcome(other.feed(OTHER_GOOD.slice(7))));
        return "bolt";
      },
    });
    return item;
  }

  it("a getter in a value given to validate, newModel, marshal, dict, ~standard: the outer call and the inner ones all give their own results", async () => {
    const expectedInner = [oneShot(Item, BAD), oneShot(Other, OTHER_GOOD), oneShot(Other, OTHER_GOOD)];
    const log: unknown[] = [];
    expect(() => validate(Item, reentrantItem(log) as never)).not.toThrow();
    expect(newModel(Item, reentrantItem(log))).toEqual({ name: "bolt", qty: 3, tags: ["x"] });
    expect(new TextDecoder().decode(marshal(Item, reentrantItem(log) as never))).toBe('{"name":"bolt","qty":3,"tags":["x"]}');
    expect(dict(Item, reentrantItem(log) as never)).toEqual({ name: "bolt", qty: 3, tags: ["x"] });
    expect(await Item["~standard"].validate(reentrantItem(log))).toEqual({ value: { name: "bolt", qty: 3, tags: ["x"] } });
    expect(log.length).toBeGreaterThanOrEqual(15);
    for (let i = 0; i < log.length; i += 3) expect(log.slice(i, i + 3)).toEqual(expectedInner);
  });

  it("a Proxy trap (ownKeys, get) that calls unmarshal while newModel reads a dict by JSON names", () => {
    const inner: unknown[] = [];
    const target = { name: "bolt", qty: 3, tags: ["x"] };
    const input = new Proxy(target, {
      get(o, k, r) {
        inner.push(oneShot(Other, OTHER_GOOD));
        return Reflect.get(o, k, r);
      },
    });
    expect(newModel(Item, input)).toEqual(target);
    expect(inner.length).toBeGreaterThan(0);
    for (const x of inner) expect(x).toEqual(oneShot(Other, OTHER_GOOD));
  });

  it("a parseStream / parseLines consumer that calls one-shot unmarshal and feeds another stream between iterations", async () => {
    async function* chunks(text: string, n: number) {
      for (let i = 0; i < text.length; i += n) yield text.slice(i, i + n);
    }
    const other = new StreamParser(Other);
    let last: StreamResult<unknown> | undefined;
    let k = 0;
    for await (const r of parseStream(Item, chunks(BAD, 5))) {
      last = r;
      expect(oneShot(Item, GOOD)).toEqual({ ok: true, value: JSON.parse(GOOD) });
      if (k < OTHER_GOOD.length) other.feed(OTHER_GOOD.slice(k, k + 2));
      k += 2;
    }
    expect(outcome(last!)).toEqual(oneShot(Item, BAD));
    expect(outcome(other.end())).toEqual(oneShot(Other, OTHER_GOOD));

    const lines = [GOOD, BAD, "{", GOOD].join("\n");
    const got: unknown[] = [];
    for await (const r of parseLines(Item, chunks(lines, 7))) {
      unmarshal(Other, OTHER_GOOD);
      new StreamParser(Item).feed(BAD.slice(0, 20));
      got.push(r.ok ? r.value : r.error.constructor.name);
    }
    expect(got).toEqual([JSON.parse(GOOD), "ValidationError", "JsonSyntaxError", JSON.parse(GOOD)]);
  });

  it("a Uint8Array subclass whose length, buffer or byteOffset getter calls the library: not called in the middle of a call (was: the shared session reset by the inner call)", () => {
    const encode = (s: string) => new TextEncoder().encode(s);
    class Sneaky extends Uint8Array {
      static hook: () => void = () => undefined;
      override get length(): number { Sneaky.hook(); return super.length; }
      override get byteLength(): number { Sneaky.hook(); return super.byteLength; }
    }
    const sneaky = (s: string) => { const b = encode(s); const x = new Sneaky(b.length); x.set(b); return x; };
    const p = new StreamParser(Item);
    Sneaky.hook = () => { unmarshal(Other, OTHER_GOOD); p.feed(" "); };
    expect(oneShot(Item, sneaky(BAD))).toEqual(oneShot(Item, BAD));
    expect(oneShot(Item, sneaky(GOOD))).toEqual(oneShot(Item, GOOD));
    const q = new StreamParser(Item);
    q.feed(sneaky(BAD.slice(0, 10)));
    q.feed(sneaky(BAD.slice(10)));
    expect(outcome(q.end())).toEqual(oneShot(Item, BAD));
    expect(p.buffer().trim()).toBe("");
  });
});

describe("JSON input posing as a string or bytes: a TypeError naming the call", () => {
  it("a Proxy of a Uint8Array (its traps would run while the session is half set up), a String object", () => {
    const proxy = new Proxy(new TextEncoder().encode(GOOD), {});
    expect(() => unmarshal(Item, proxy)).toThrow(new TypeError("checker: unmarshal takes JSON text as a string or a Uint8Array, not an object posing as a Uint8Array (a Proxy?)"));
    expect(() => new StreamParser(Item).feed(proxy)).toThrow(new TypeError("checker: feed takes JSON text as a string or a Uint8Array, not an object posing as a Uint8Array (a Proxy?)"));
    // eslint-disable-next-line no-new-wrappers
    expect(() => unmarshal(Item, new String(GOOD) as never)).toThrow(new TypeError("checker: unmarshal takes JSON text as a string or a Uint8Array, not a String object (pass its string)"));
  });

  it("a Node Buffer and a Uint8Array inside a larger buffer are read as they are", () => {
    expect(unmarshal(Item, Buffer.from(GOOD))).toEqual(JSON.parse(GOOD));
    const big = new TextEncoder().encode(`xx${GOOD}yy`);
    expect(unmarshal(Item, big.subarray(2, 2 + GOOD.length))).toEqual(JSON.parse(GOOD));
  });
});
