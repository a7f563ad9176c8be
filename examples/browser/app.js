// The streaming demo: two canned LLM answers go chunk by chunk into checker's stream parser
// (parseStream over a ReadableStream), and the typed partial value is rendered after every chunk.
// What the page saw is also kept in `window.__demo` for test/browser.test.ts.
import { init, parseStream, Validator } from "../../dist/index.js";
import { Answer, answers, chunksOf, options } from "./answers.js";

const delay = Number(new URLSearchParams(location.search).get("delay") ?? 90);

// The core: fetched beside the library (build/checker.wasm) and compiled with
// WebAssembly.compileStreaming while it downloads.
const t0 = performance.now();
await init();
document.getElementById("core").textContent = `WebAssembly core compiled in ${(performance.now() - t0).toFixed(0)} ms`;

const validator = new Validator(Answer, options);

/**
 * A canned LLM: a ReadableStream that gives one chunk of `text` every `delay` ms, and only when it
 * is read (highWaterMark 0), so `sent` is the number of chunks the parser got. Cancelling the
 * stream or aborting `signal` stops it, as cancelling a real request would.
 */
function cannedLLM(text, signal) {
  const chunks = chunksOf(text);
  const llm = { chunks, sent: 0, cancelled: false, stream: undefined };
  let timer;
  const stop = () => {
    clearTimeout(timer);
    llm.cancelled = llm.sent < chunks.length;
  };
  signal.addEventListener("abort", stop);
  llm.stream = new ReadableStream({
    pull(controller) {
      return new Promise((resolve) => {
        timer = setTimeout(() => {
          if (llm.sent < chunks.length) controller.enqueue(chunks[llm.sent++]);
          else controller.close();
          resolve();
        }, delay);
      });
    },
    cancel: stop,
  }, { highWaterMark: 0 });
  return llm;
}

// ------------------------------------------------------------------ rendering

const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};

/** A path as errors name it: `citations[0].url`. (The demo's keys are their JSON names.) */
const fieldPath = (path) => path.map((s, i) => (typeof s === "number" ? `[${s}]` : i === 0 ? s : `.${s}`)).join("");

const errorInfo = (e) => (e instanceof Error
  ? { name: e.name, message: e.message }
  : { field: e.field, code: e.code, message: e.message, early: e.early === true, offset: e.offset });

function scalarText(v) {
  return typeof v === "string" ? JSON.stringify(v) : String(v);
}

/** Rows for the fields of a model value, recursively (slices of models nest). */
function renderModel(model, value, path, ctx) {
  const box = el("div", "model");
  for (const [key, type] of Object.entries(model.shape)) {
    box.append(renderField(key, type, value?.[key], [...path, key], ctx));
  }
  return box;
}

function renderField(label, type, value, path, ctx) {
  const { state, errors } = ctx;
  const err = errors.get(fieldPath(path));
  const status = err ? "error" : value === undefined ? "waiting" : state.complete(path) ? "complete" : "writing";
  const row = el("div", `row ${status}`);
  row.dataset.path = fieldPath(path);
  row.dataset.status = status;
  row.append(el("span", "key", label), el("span", `badge ${status}`, status));
  const cell = el("span", "value");
  const kind = type.kind === "ptr" ? type.elem.kind : type.kind;
  if (value === undefined || value === null) {
    cell.append(el("span", "missing", value === null ? "null" : "—"));
    row.append(cell);
  } else if (kind === "model") {
    row.append(cell);
    row.append(Object.assign(renderModel(type.target(), value, path, ctx), { className: "nested" }));
  } else if (kind === "slice" || kind === "array") {
    const elem = type.kind === "ptr" ? type.elem.elem : type.elem;
    if (elem.kind === "model") {
      cell.textContent = `${value.length} item${value.length === 1 ? "" : "s"}`;
      row.append(cell);
      const nested = el("div", "nested");
      value.forEach((item, i) => nested.append(renderField(`[${i}]`, elem, item, [...path, i], ctx)));
      row.append(nested);
    } else {
      cell.textContent = `[${value.map(scalarText).join(", ")}]`;
      row.append(cell);
    }
  } else {
    cell.textContent = scalarText(value);
    if (typeof value === "string" && !state.complete(path)) {
      cell.textContent = cell.textContent.slice(0, -1); // still open: no closing quote yet
      if (status === "writing") cell.append(el("span", "cursor"));
    }
    row.append(cell);
  }
  if (err) row.append(el("span", "message", `${err.message} (${err.code}${err.early ? ", before the value ended" : ""})`));
  return row;
}

function render(panel, llm, r, total) {
  const errors = new Map();
  for (const e of r.errors) if (!(e instanceof Error)) errors.set(e.field, e);
  const ctx = { state: r.state, errors };
  panel.querySelector(".fields").replaceChildren(renderModel(Answer, r.partial, [], ctx));
  panel.querySelector(".errors").replaceChildren(...r.errors.map((e) => {
    const i = errorInfo(e);
    return el("li", "", e instanceof Error ? `${i.name}: ${i.message}` : `${i.field}: ${i.message} (${i.code}) at byte ${i.offset}`);
  }));
  const raw = panel.querySelector(".raw");
  raw.replaceChildren(llm.chunks.slice(0, llm.sent).join(""));
  if (!r.done && r.errors.length === 0) raw.append(el("span", "cursor"));
  const open = r.state.openPath.length > 0 ? ` · writing ${fieldPath(r.state.openPath)}` : "";
  panel.querySelector(".stats").textContent =
    `chunk ${r.state.chunks} of ${total} · ${r.state.bytesReceived} bytes · depth ${r.state.depth}${open}`;
}

// ------------------------------------------------------------------ one stream

async function run(id, text) {
  const panel = document.getElementById(id);
  const controller = new AbortController(); // stands for the LLM request: aborted on the first certain error
  const llm = cannedLLM(text, controller.signal);
  const total = llm.chunks.length;
  const record = { chunksTotal: total, bytesTotal: text.length, snapshots: [] };
  panel.dataset.state = "streaming";
  panel.querySelector(".state").textContent = "streaming…";
  let last;
  for await (const r of parseStream(validator, llm.stream, { abortOnError: controller })) {
    last = r;
    render(panel, llm, r, total);
    record.snapshots.push({
      chunk: r.state.chunks,
      bytes: r.state.bytesReceived,
      done: r.done,
      openPath: [...r.state.openPath],
      status: Object.fromEntries([...panel.querySelectorAll(".row")].map((row) => [row.dataset.path, row.dataset.status])),
      partial: JSON.parse(JSON.stringify(r.partial ?? null)),
      errors: r.errors.map(errorInfo),
    });
  }
  const aborted = controller.signal.aborted;
  const state = aborted ? "aborted" : last?.value !== undefined ? "valid" : "invalid";
  panel.dataset.state = state;
  const first = last?.errors[0];
  panel.querySelector(".state").textContent = state === "valid"
    ? "complete: valid ✓"
    : aborted
      ? `stopped early at chunk ${llm.sent} of ${total} (${first instanceof Error ? first.name : first.field}: ${first.message})`
      : "invalid";
  if (aborted) panel.querySelector(".raw").append(el("span", "stop", "⟂ stream stopped"));
  Object.assign(record, {
    state,
    chunksSent: llm.sent,
    cancelled: llm.cancelled,
    value: last?.value === undefined ? undefined : JSON.parse(JSON.stringify(last.value)),
    errors: (last?.errors ?? []).map(errorInfo),
  });
  return record;
}

// for test/browser.test.ts: stream another answer into a panel
window.__run = run;
const [good, bad] = await Promise.all([run("good", answers.good), run("bad", answers.bad)]);
window.__demo = { good, bad };
document.body.dataset.demo = "done";
