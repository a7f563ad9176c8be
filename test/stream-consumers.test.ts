// parseStream end to end over the two sources users feed it: the AI SDK's `streamText(...).textStream`
// (ai v6 with a mock V3 model) and a real `fetch()` body from a local node:http server. A good
// answer: partials that grow as the deltas / bytes arrive, the last result done with the value
// JSON.parse gives. A bad answer (an early constraint error followed by much more text): under
// `abortOnError: controller`, with the controller's signal passed to the producer, reading stops
// at the error, the producer sees the abort and stops producing, and the error is exact.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { streamText } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ValidationError } from "../bindings/errors.js";
import { model, t, type Infer } from "../bindings/model.js";
import { parseStream } from "../bindings/sources.js";
import type { StreamFieldError, StreamResult } from "../bindings/stream.js";

const Step = model("Step", {
  text: t.string("required,min=3,max=80"),
  minutes: t.int("min=0,max=120"),
});
const Recipe = model("Recipe", {
  title: t.string("required,max=40"),
  cuisine: t.string("required,oneof=french italian japanese mexican"),
  steps: t.slice(Step, "required,min=1,max=6"),
});
type Recipe = Infer<typeof Recipe>;

// An answer as an LLM writes it: pretty-printed, with escapes (\" and \n) and non-ASCII text
// (2-byte é, 3-byte ° and ✨, a 4-byte emoji that is a surrogate pair in a JS string).
const GOOD_STEPS: Infer<typeof Step>[] = [
  { text: "Heat the cream with a split vanilla pod.", minutes: 5 },
  { text: "Whisk 4 yolks with sugar; don't let it foam.\nTemper with the hot cream.", minutes: 4 },
  { text: "Bake in a water bath at 150 °C until just set.", minutes: 40 },
  { text: "Chill, sprinkle sugar, torch until amber ✨", minutes: 0 },
];
const GOOD_VALUE: Recipe = { title: 'Crème brûlée, the "classic" way 🍮', cuisine: "french", steps: GOOD_STEPS };
const GOOD = JSON.stringify(GOOD_VALUE, null, 2);

const utf8 = (s: string) => new TextEncoder().encode(s);

/**
 * Cut a text into LLM-like deltas: pieces of 1 to 7 UTF-16 units in a fixed pattern (so some cut
 * escapes and surrogate pairs), plus a cut right after the first occurrence of each marker, so that
 * a test can name the result that ends there.
 */
function deltasOf(text: string, cutAfter: readonly string[] = []): string[] {
  const cuts = new Set<number>();
  const sizes = [3, 1, 4, 1, 5, 7, 2, 6];
  for (let at = 0, i = 0; at < text.length; i++) cuts.add((at += sizes[i % sizes.length]));
  for (const m of cutAfter) {
    const at = text.indexOf(m);
    if (at < 0) throw new Error(`marker not in the text: ${m}`);
    cuts.add(at + m.length);
  }
  const ends = [...cuts].filter((c) => c > 0 && c < text.length).sort((a, b) => a - b);
  return [0, ...ends].map((from, i) => text.slice(from, ends[i] ?? text.length));
}

/** The index of the delta that ends right after `marker` (one of deltasOf's cuts). */
function deltaEndingAt(deltas: readonly string[], marker: string): number {
  const want = deltas.join("").indexOf(marker) + marker.length;
  let at = 0;
  const i = deltas.findIndex((d) => (at += d.length) === want);
  if (i < 0) throw new Error(`no delta ends after ${marker}`);
  return i;
}

/** A UTF-16 surrogate without its pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Each case's time limit. Their pace is set by 1-2 ms timers, which a loaded machine stretches:
 * on 2 cores with 6 busy loops and a second run of this file, a case took up to 1.7 s (0.35 s
 * in the whole suite), a third of the 5 s they had.
 */
const TIMEOUT_MS = 30_000;

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

/** The only error of a result, as a field error of the stream. */
function onlyFieldError(r: StreamResult<unknown>): StreamFieldError {
  expect(r.errors).toHaveLength(1);
  expect(r.errors[0]).not.toBeInstanceOf(Error);
  return r.errors[0] as StreamFieldError;
}

// ---------------------------------------------------------------------------------------------
// AI SDK

const FINISH: LanguageModelV3StreamPart = {
  type: "finish",
  finishReason: { unified: "stop", raw: "stop" },
  usage: {
    inputTokens: { total: 12, noCache: 12, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 90, text: 90, reasoning: 0 },
  },
};

/**
 * A V3 model whose one text part is the given deltas, produced one per pull (delayMs apart, as a
 * real model streams). Like a real provider (which passes the call's abortSignal to fetch, whose
 * body then errors with the signal's reason), it stops producing when the call's signal aborts.
 * It counts the deltas it produced: the AI SDK pulls the model's stream without backpressure from
 * textStream, so this count, not the reads of textStream, tells whether the generation went on.
 */
function mockModel(deltas: readonly string[], delayMs: number) {
  const parts: LanguageModelV3StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "t0" },
    ...deltas.map((delta): LanguageModelV3StreamPart => ({ type: "text-delta", id: "t0", delta })),
    { type: "text-end", id: "t0" },
    FINISH,
  ];
  const run = {
    produced: 0,
    /** The last part was produced and the stream closed. */
    ended: false,
    /** The reason of the call's abortSignal, when it aborted. */
    abortReason: undefined as unknown,
    model: undefined as unknown as MockLanguageModelV3,
  };
  run.model = new MockLanguageModelV3({
    doStream: async ({ abortSignal }) => {
      let next = 0;
      let controller!: ReadableStreamDefaultController<LanguageModelV3StreamPart>;
      abortSignal?.addEventListener("abort", () => {
        run.abortReason = abortSignal.reason;
        controller.error(abortSignal.reason);
      }, { once: true });
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        start(c) { controller = c; },
        async pull(c) {
          if (delayMs > 0) await sleep(delayMs);
          if (abortSignal?.aborted) return;
          const part = parts[next++];
          if (part === undefined) {
            run.ended = true;
            c.close();
            return;
          }
          if (part.type === "text-delta") run.produced++;
          c.enqueue(part);
        },
      }, { highWaterMark: 0 });
      return { stream };
    },
  });
  return run;
}

describe("parseStream over the AI SDK's streamText().textStream", () => {
  it("a good answer in 100+ small deltas: partials grow (open strings, an open array), the last result is done with JSON.parse's value", { timeout: TIMEOUT_MS }, async () => {
    const markers = ['"title": "Crème br', "the \\", "way \uD83C", '"text": "Whisk 4 yolks', "foam.\\"];
    const deltas = deltasOf(GOOD, markers);
    expect(deltas.length).toBeGreaterThan(100);
    expect(deltas.join("")).toBe(GOOD);
    const llm = mockModel(deltas, 0);
    const result = streamText({ model: llm.model, prompt: "A crème brûlée recipe as JSON." });

    const textStream = result.textStream;
    const rs = await collect(parseStream(Recipe, textStream));

    // one result per delta (textStream yields each delta as it is; end() after the complete
    // document adds nothing), only the last one done, no error anywhere
    expect(rs).toHaveLength(deltas.length);
    expect(rs.map((r) => r.done)).toEqual(deltas.map((_, i) => i === deltas.length - 1));
    expect(rs.flatMap((r) => r.errors)).toEqual([]);
    // bytes received: the UTF-8 of the text so far (a high surrogate waiting for its pair is not
    // text yet)
    const textSoFar = (i: number) => deltas.slice(0, i + 1).join("").replace(/[\uD800-\uDBFF]$/, "");
    expect(rs.map((r) => r.state.bytesReceived)).toEqual(deltas.map((_, i) => utf8(textSoFar(i)).length));
    const last = rs[rs.length - 1];
    expect(last.value).toEqual(JSON.parse(GOOD));
    expect(last.value).toEqual(GOOD_VALUE);
    expect(llm).toMatchObject({ produced: deltas.length, ended: true, abortReason: undefined });
    expect(textStream.locked).toBe(false);

    // the open title grows, each partial title a prefix of the next, and never shows half an
    // escape or half a surrogate pair
    const titles = rs.filter((r) => r.state.openPath[0] === "title").map((r) => r.partial!.title!);
    expect(new Set(titles).size).toBeGreaterThan(5);
    [...titles, GOOD_VALUE.title].forEach((next, i) => i > 0 && expect(next.startsWith(titles[i - 1]), `${titles[i - 1]} | ${next}`).toBe(true));
    expect(titles.filter((s) => LONE_SURROGATE.test(s) || s.includes("\\"))).toEqual([]);
    expect(rs[deltaEndingAt(deltas, markers[0])].partial).toEqual({ title: "Crème br" });
    expect(rs[deltaEndingAt(deltas, markers[1])].partial).toEqual({ title: "Crème brûlée, the " });
    expect(rs[deltaEndingAt(deltas, markers[2])].partial).toEqual({ title: 'Crème brûlée, the "classic" way ' });
    expect(rs[deltaEndingAt(deltas, markers[2]) + 1].partial?.title?.startsWith('Crème brûlée, the "classic" way 🍮')).toBe(true);

    // an incomplete array: the first step complete, the second one open in its text
    const open = rs[deltaEndingAt(deltas, markers[3])];
    expect(open.partial).toEqual({
      title: GOOD_VALUE.title,
      cuisine: "french",
      steps: [GOOD_STEPS[0], { text: "Whisk 4 yolks" }],
    });
    expect(open.state.openPath).toEqual(["steps", 1, "text"]);
    expect([open.state.complete("steps[0]"), open.state.complete("steps[1]"), open.state.complete("steps")]).toEqual([true, false, false]);
    expect(open.done).toBe(false);
    expect(rs[deltaEndingAt(deltas, markers[4])].partial?.steps?.[1]).toEqual({ text: "Whisk 4 yolks with sugar; don't let it foam." });
    expect(rs[deltaEndingAt(deltas, markers[4]) + 1].partial?.steps?.[1]?.text?.startsWith("Whisk 4 yolks with sugar; don't let it foam.\n")).toBe(true);
  });

  it("a bad answer (an enum value that can no longer match) with abortOnError: controller: stops at the exact early error, the model stops producing", { timeout: TIMEOUT_MS }, async () => {
    // the cuisine goes wrong at its first letter ("P"), then the answer goes on for 150+ deltas
    const head = ['{\n  "title": "Rata', "touille niçoise", '",\n  "cuisine": "', "Pro", 'vençal",\n  "steps": [\n'];
    const steps = Array.from({ length: 6 }, (_, i) => `    { "text": "Step ${i + 1}: slice, salt and slowly stew the vegetables in olive oil.", "minutes": ${10 + i} }`);
    const deltas = [...head, ...deltasOf(`${steps.join(",\n")}\n  ]\n}`)];
    expect(deltas.length).toBeGreaterThan(150);
    const llm = mockModel(deltas, 1);
    const controller = new AbortController();
    const result = streamText({ model: llm.model, prompt: "A ratatouille recipe as JSON.", abortSignal: controller.signal });

    // checker stops reading by itself (it cancels its reader of textStream), so the loop ends
    // normally; what textStream would do after the abort (end quietly or throw) does not reach it
    const textStream = result.textStream;
    const rs = await collect(parseStream(Recipe, textStream, { abortOnError: controller }));

    // four results: the title, ... up to the delta "Pro", where no cuisine can match any more
    expect(rs).toHaveLength(4);
    expect(rs.slice(0, 3).flatMap((r) => r.errors)).toEqual([]);
    const last = rs[3];
    expect(last.done).toBe(false);
    expect(last.value).toBeUndefined();
    expect(last.partial).toEqual({ title: "Ratatouille niçoise", cuisine: "Pro" });
    const error = onlyFieldError(last);
    const received = '{\n  "title": "Ratatouille niçoise",\n  "cuisine": "Pro';
    expect([received.length, utf8(received).length]).toEqual([53, 54]); // "ç" is 2 bytes
    expect(error).toEqual({
      field: "cuisine",
      code: "INVALID_ENUM",
      message: "must be one of: french, italian, japanese, mexican",
      value: "Pro",
      offset: 54, // the end of the delta at which it became certain
      early: true,
    });
    expect(last.state.bytesReceived).toBe(54);

    // the controller is aborted with a ValidationError holding that error, and the model saw it
    expect(controller.signal.aborted).toBe(true);
    expect(controller.signal.reason).toBeInstanceOf(ValidationError);
    expect((controller.signal.reason as ValidationError).message).toBe("cuisine: must be one of: french, italian, japanese, mexican");
    expect((controller.signal.reason as ValidationError).errors).toEqual([error]);
    expect(llm.abortReason).toBe(controller.signal.reason);

    // the model produced the four deltas read (the SDK may have pulled one more ahead) of 150+,
    // and nothing more a while later: the generation was cancelled, not just left unread
    const producedAtStop = llm.produced;
    expect(producedAtStop).toBeGreaterThanOrEqual(4);
    expect(producedAtStop).toBeLessThanOrEqual(5);
    await sleep(30);
    expect(llm).toMatchObject({ produced: producedAtStop, ended: false });
    expect(textStream.locked).toBe(false);
  });

  it("a loop that breaks at the error (and takes its time there) still cancels the generation: the controller is aborted before the result is yielded", { timeout: TIMEOUT_MS }, async () => {
    const deltas = ['{"title": "Rata', 'touille", "cuisine": "', "Pro", ...deltasOf(`vençal", "steps": [${'{"text": "Stew the vegetables slowly.", "minutes": 30},'.repeat(30)}]}`)];
    const llm = mockModel(deltas, 1);
    const controller = new AbortController();
    const result = streamText({ model: llm.model, prompt: "A ratatouille recipe as JSON.", abortSignal: controller.signal });
    let seen: { at: number; aborted: boolean; producedThen: number } | undefined;
    let i = 0;
    for await (const r of parseStream(Recipe, result.textStream, { abortOnError: controller })) {
      if (r.errors.length > 0) {
        seen = { at: i, aborted: controller.signal.aborted, producedThen: llm.produced };
        await sleep(30); // a slow render of the error
        break;
      }
      i++;
    }
    expect(seen).toMatchObject({ at: 2, aborted: true });
    expect(llm.produced).toBe(seen!.producedThen);
    expect(llm.produced).toBeLessThanOrEqual(4);
    expect(llm.ended).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// fetch() from a local HTTP server

/** The server writes a document in chunks this far apart, as a model streaming its answer would. */
const WRITE_DELAY_MS = 2;

/**
 * The UTF-8 of a text cut into chunks of 3 to 17 bytes in a fixed pattern, plus a cut inside the
 * first occurrence of each of the multi-byte characters given (after its first byte).
 */
function byteChunks(text: string, cutInside: readonly string[] = []): Uint8Array[] {
  const bytes = utf8(text);
  const cuts = new Set<number>();
  const sizes = [7, 13, 5, 11, 3, 17, 9];
  for (let at = 0, i = 0; at < bytes.length; i++) cuts.add((at += sizes[i % sizes.length]));
  for (const c of cutInside) cuts.add(utf8(text.slice(0, text.indexOf(c))).length + 1);
  const ends = [...cuts].filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b);
  return [0, ...ends].map((from, i) => bytes.subarray(from, ends[i] ?? bytes.length));
}

// A bad answer: the second step's text passes max=80 early, then goes on for hundreds of bytes,
// and more steps follow.
const BAD = JSON.stringify({
  title: "Crème brûlée",
  cuisine: "french",
  steps: [
    GOOD_STEPS[0],
    { text: `Whisk the yolks with the sugar ${"and keep whisking ".repeat(30)}until pale.`, minutes: 4 },
    ...GOOD_STEPS.slice(2),
  ],
}, null, 2);
const BAD_TEXT_AT = BAD.indexOf('"text": "Whisk the yolks') + '"text": "'.length;

const DOCUMENTS: Record<string, Uint8Array[]> = { "/good": byteChunks(GOOD, ["è", "🍮", "°", "✨"]), "/bad": byteChunks(BAD) };

/** What the server did for one request. */
interface Served {
  readonly total: number;
  /** Chunks written so far. */
  writes: number;
  /** Chunks written when the response closed (the client went away, or after the end). */
  closedAfterWrites: number | undefined;
  /** Whether the whole response had been written when it closed. */
  finishedAtClose: boolean | undefined;
  /** The handler's write loop, settled once it stopped writing. */
  handled: Promise<void>;
}

let server: Server;
let base = "";
const served: Served[] = [];

/** Write the chunks WRITE_DELAY_MS apart, stopping when the response closes. */
function serve(res: ServerResponse, chunks: readonly Uint8Array[]): Served {
  const run: Served = { total: chunks.length, writes: 0, closedAfterWrites: undefined, finishedAtClose: undefined, handled: Promise.resolve() };
  res.on("close", () => {
    run.closedAfterWrites = run.writes;
    run.finishedAtClose = res.writableFinished;
  });
  // Connection: close, so no keep-alive socket outlives the test
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", connection: "close" });
  run.handled = (async () => {
    for (const chunk of chunks) {
      if (res.destroyed) return;
      res.write(chunk);
      run.writes++;
      await sleep(WRITE_DELAY_MS);
    }
    res.end();
  })();
  return run;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks = DOCUMENTS[req.url ?? ""];
    if (chunks === undefined) {
      res.writeHead(404).end();
      return;
    }
    served.push(serve(res, chunks));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  // every write loop has stopped (no timer left), then no connection is left open
  await Promise.all(served.map((s) => s.handled));
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
});

/** parseStream over a fetch body, with the server's write count when each result was yielded. */
async function fetchAndParse(path: string, controller?: AbortController) {
  const before = served.length;
  const response = await fetch(`${base}${path}`, { signal: controller?.signal });
  expect(response.status).toBe(200);
  const run = served[before];
  const results: StreamResult<Recipe>[] = [];
  const writesAtResult: number[] = [];
  for await (const r of parseStream(Recipe, response.body!, { abortOnError: controller })) {
    results.push(r);
    writesAtResult.push(run.writes);
  }
  return { run, results, writesAtResult, body: response.body! };
}

describe("parseStream over a fetch() body from a local HTTP server", () => {
  it("a good document in small chunks with delays: results come while the server is still writing, the last one done with JSON.parse's value", { timeout: TIMEOUT_MS }, async () => {
    const chunks = DOCUMENTS["/good"];
    expect(chunks.length).toBeGreaterThan(40);
    expect(chunks.filter((c) => (c[0] & 0xc0) === 0x80).length).toBeGreaterThanOrEqual(4); // chunks that start inside a UTF-8 sequence

    const { run, results, writesAtResult, body } = await fetchAndParse("/good");

    // lazy: the first result came when the server had written a few chunks, not all of them
    expect(writesAtResult[0]).toBeLessThan(run.total);
    expect(results[0].done).toBe(false);
    const whileWriting = results.filter((_, i) => writesAtResult[i] < run.total);
    expect(whileWriting.length).toBeGreaterThan(1);
    expect(whileWriting.some((r) => r.partial?.steps !== undefined && !r.state.complete("steps"))).toBe(true);

    // the whole body read, every chunk's bytes counted, the value exact, no error, no U+FFFD from
    // a UTF-8 sequence cut between chunks
    await run.handled;
    expect(run).toMatchObject({ writes: run.total, finishedAtClose: true });
    const last = results[results.length - 1];
    expect(results.map((r) => r.done)).toEqual(results.map((r) => r === last));
    expect(results.flatMap((r) => r.errors)).toEqual([]);
    expect(last.state.bytesReceived).toBe(utf8(GOOD).length);
    expect(last.value).toEqual(JSON.parse(GOOD));
    expect(results.every((r) => !JSON.stringify(r.partial ?? null).includes("\uFFFD"))).toBe(true);
    expect(body.locked).toBe(false);
  });

  it("a bad document with abortOnError: controller and fetch's signal: stops at the exact early error, the server sees the response closed before it wrote it all", { timeout: TIMEOUT_MS }, async () => {
    const controller = new AbortController();

    const { run, results, body } = await fetchAndParse("/bad", controller);
    expect(body.locked).toBe(false);

    // The error is certain at the chunk in which the open text passes 80 characters. Which chunk
    // that is depends on how TCP delivered the writes, so the expected error is computed from the
    // bytes received: the open text so far (whole characters), the offset the bytes received.
    const openText = (r: StreamResult<Recipe>) => {
      const received = new TextDecoder().decode(utf8(BAD).subarray(0, r.state.bytesReceived), { stream: true });
      return received.length > BAD_TEXT_AT ? received.slice(BAD_TEXT_AT) : "";
    };
    const last = results[results.length - 1];
    expect(results.slice(0, -1).flatMap((r) => r.errors)).toEqual([]);
    expect(openText(last).length).toBeGreaterThan(80);
    expect(openText(last)).not.toContain('"');
    if (results.length > 1) expect(openText(results[results.length - 2]).length).toBeLessThanOrEqual(80);
    const error = onlyFieldError(last);
    expect(error).toEqual({
      field: "steps[1].text",
      code: "MAX_LENGTH",
      message: "must be at most 80 characters",
      value: openText(last),
      offset: last.state.bytesReceived,
      early: true,
    });
    expect(last.done).toBe(false);
    expect(last.partial?.steps).toEqual([GOOD_STEPS[0], { text: openText(last) }]);
    expect(controller.signal.reason).toBeInstanceOf(ValidationError);
    expect((controller.signal.reason as ValidationError).message).toBe("steps[1].text: must be at most 80 characters");
    expect((controller.signal.reason as ValidationError).errors).toEqual([error]);

    // the generation was cancelled: the response closed before the server had written it all
    // (the text alone is 500+ bytes past the error), and it wrote nothing after that
    await run.handled;
    expect(run.finishedAtClose).toBe(false);
    expect(run.closedAfterWrites).toBeLessThan(run.total / 2);
    expect(run.writes).toBe(run.closedAfterWrites);
  });
});
