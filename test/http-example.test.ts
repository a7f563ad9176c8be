// examples/server: started the way its header says (node examples/server/server.js, PORT=0 on
// 127.0.0.1) and sent real HTTP requests: 201 with the value, 400 with httpErrorBody, 413, 415, 404,
// 405; and raw bytes on a socket for what fetch cannot send (1-byte chunks, a body cut short, a
// stalled client, malformed HTTP).

import { spawn, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpErrorBody, model, t, Validator } from "../dist/index.js";
import { assertBuilt, ROOT } from "./support/cli-run.js";

// the example's model and validator, declared again here (the test checks the server against the library)
const User = model("User", {
  name: t.string("required,min=2,max=50"),
  email: t.string('json:"email_address" checker:"required,email"'),
  age: t.int("required,gte=0,lte=150"),
  tags: t.slice(t.string(), "max=5,unique"),
});
const users = new Validator(User, { extraFields: "forbid", strictMissingFields: false });

/** The example's request timeout, made short here (its default is 30 s). */
const REQUEST_TIMEOUT_MS = 1000;

let server: ChildProcess;
let base: string;
let serverLog = "";

beforeAll(async () => {
  assertBuilt();
  server = spawn(process.execPath, [join(ROOT, "examples/server/server.js")], { cwd: ROOT, env: { ...process.env, PORT: "0", REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) }, stdio: ["ignore", "pipe", "pipe"] });
  server.stderr!.on("data", (b: Buffer) => { serverLog += b.toString(); });
  base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${serverLog}`)), 20_000);
    server.stdout!.on("data", (b: Buffer) => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(b.toString());
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    server.on("exit", (code) => reject(new Error(`the server exited (${code}): ${serverLog}`)));
  });
});

afterAll(() => {
  server?.kill();
});

const post = (body: string | Uint8Array | ReadableStream<Uint8Array>, contentType = "application/json") =>
  fetch(`${base}/users`, { method: "POST", headers: { "content-type": contentType }, body, duplex: "half" } as RequestInit);

/**
 * Writes raw bytes to the server and returns everything it answers until it closes the
 * connection (`halfClose`: end our side after writing; else stay open, as a stalled client does).
 */
function rawRequest(bytes: string | Buffer, { halfClose = false } = {}): Promise<{ response: string; ms: number }> {
  const url = new URL(base);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let response = "";
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(bytes);
      if (halfClose) socket.end();
    });
    socket.on("data", (b: Buffer) => { response += b.toString(); });
    socket.on("close", () => resolve({ response, ms: Date.now() - started }));
    socket.on("error", reject);
    socket.setTimeout(10_000, () => { socket.destroy(); reject(new Error(`no close after 10 s; got ${JSON.stringify(response)}`)); });
  });
}

/** The response's status line and its body, parsed (the body of a chunked response is its one chunk). */
function statusAndBody(response: string): [string, unknown] {
  const [head, rest] = response.split("\r\n\r\n", 2);
  const body = /transfer-encoding: chunked/i.test(head) ? rest.split("\r\n")[1] : rest;
  return [head.split("\r\n")[0], JSON.parse(body)];
}

const POST_HEAD = "POST /users HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\nconnection: close\r\n";

/** The 400 body the library gives for this request body. */
function expectedBody(text: string): unknown {
  const r = users.safeUnmarshal(text);
  if (r.ok) throw new Error("expected a failure");
  return httpErrorBody(r.error);
}

describe("examples/server", () => {
  it("201 with the value as marshal writes it (JSON names), and a location", async () => {
    const res = await post('{"name":"Ada Lovelace","email_address":"ada@example.com","age":36,"tags":["math"]}');
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("location")).toBe("/users/ada%40example.com");
    expect(await res.text()).toBe('{"name":"Ada Lovelace","email_address":"ada@example.com","age":36,"tags":["math"]}');
  });

  it("a missing field that is not required takes its zero value (strictMissingFields off)", async () => {
    const res = await post('{"name":"Ada","email_address":"ada@example.com","age":36}');
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ name: "Ada", email_address: "ada@example.com", age: 36, tags: null });
  });

  it("400 with httpErrorBody: every failure, in document order", async () => {
    const text = '{"name":"A","email_address":"nope","age":200,"tags":["x","x"]}';
    const res = await post(text);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toEqual({
      error: "validation_failed",
      details: [
        { field: "name", code: "MIN_LENGTH", message: "must be at least 2 characters", value: "A" },
        { field: "email_address", code: "INVALID_EMAIL", message: "must be a valid email address", value: "nope" },
        { field: "age", code: "MAX_VALUE", message: "must be at most 150", value: 200 },
        { field: "tags", code: "NOT_UNIQUE", message: "items must be unique", value: ["x", "x"] },
      ],
    });
    expect(body).toEqual(expectedBody(text));
  });

  it("400 for a missing required field and for an unknown key (extraFields forbid)", async () => {
    const res = await post('{"email_address":"ada@example.com","age":36,"admin":true}');
    expect(res.status).toBe(400);
    expect((await res.json()).details).toEqual([
      { field: "admin", code: "EXTRA_FIELD", message: "unknown field in JSON", value: true },
      { field: "name", code: "REQUIRED", message: "field is required", value: null },
    ]);
  });

  it("400 INVALID_JSON for malformed JSON, INVALID_TYPE for a value of the wrong type or a body that is not an object", async () => {
    for (const [text, code, field] of [
      ['{"name":"Ada",', "INVALID_JSON", ""],
      ["", "INVALID_JSON", ""],
      ['{"name":"Ada","email_address":"a@b.co","age":"36"}', "INVALID_TYPE", "age"],
      ["[1,2]", "INVALID_TYPE", ""],
    ] as const) {
      const res = await post(text);
      expect(res.status, text).toBe(400);
      const body = await res.json();
      expect(body.details).toEqual([{ field, code, message: expect.any(String), value: null }]);
      expect(body).toEqual(expectedBody(text));
    }
  });

  it("413 for a body over 1 MiB, declared or streamed; 415 for another content type; 404 elsewhere", async () => {
    const big = new Uint8Array((1 << 20) + 1).fill(0x20);
    expect((await post(big)).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 20; i++) c.enqueue(new Uint8Array(100_000).fill(0x20));
        c.close();
      },
    });
    const streamed = await post(stream);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ error: "payload_too_large", limit: 1 << 20 });
    expect((await post('{"name":"Ada"}', "text/plain")).status).toBe(415);
    expect((await fetch(`${base}/nope`)).status).toBe(404);
  });

  it("a client that goes away in the middle of its body is no server error: nothing logged, the next request answered", async () => {
    const url = new URL(base);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write("POST /users HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{\"name\":");
        setTimeout(() => { socket.resetAndDestroy(); resolve(); }, 50);
      });
      socket.on("error", reject);
    });
    await new Promise((r) => setTimeout(r, 100));
    const res = await post('{"name":"Ada Lovelace","email_address":"ada@example.com","age":36}');
    expect(res.status).toBe(201);
    expect(serverLog).toBe("");
  });

  it("GET /users/schema serves the model's JSON Schema", async () => {
    const res = await fetch(`${base}/users/schema`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(new TextDecoder().decode(users.schemaJSON()));
  });

  it("answers 60 concurrent requests, valid and invalid, each correctly", async () => {
    const bodies = Array.from({ length: 60 }, (_, i) => JSON.stringify({ name: i % 3 === 0 ? "X" : `User ${i}`, email_address: `u${i}@example.com`, age: i }));
    const answers = await Promise.all(bodies.map(async (b) => { const r = await post(b); return [r.status, await r.json()] as const; }));
    answers.forEach(([status, body], i) => {
      if (i % 3 === 0) expect([status, body]).toEqual([400, expectedBody(bodies[i])]);
      else expect([status, body]).toEqual([201, { ...JSON.parse(bodies[i]), tags: null }]);
    });
    expect(serverLog).toBe("");
  });
});

describe("examples/server: the edges of HTTP", () => {
  it("a body sent in 1-byte chunks (chunked transfer), a multi-byte character split across two, is one body: 201", async () => {
    const bytes = Buffer.from('{"name":"Zoë Ünal","email_address":"zoe@example.com","age":36,"tags":["ü"]}');
    const chunks = [...bytes].map((b) => Buffer.concat([Buffer.from("1\r\n"), Buffer.from([b]), Buffer.from("\r\n")]));
    const { response } = await rawRequest(Buffer.concat([Buffer.from(`${POST_HEAD}transfer-encoding: chunked\r\n\r\n`), ...chunks, Buffer.from("0\r\n\r\n")]));
    expect(statusAndBody(response)).toEqual(["HTTP/1.1 201 Created", { name: "Zoë Ünal", email_address: "zoe@example.com", age: 36, tags: ["ü"] }]);
  });

  it("invalid UTF-8 in the body is 400 INVALID_JSON at its offset", async () => {
    const bytes = Buffer.from('{"name":"Ad\xff\xfe","email_address":"ada@example.com","age":36}', "latin1");
    const res = await post(new Uint8Array(bytes));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toEqual({ error: "validation_failed", details: [{ field: "", code: "INVALID_JSON", message: "invalid UTF-8 at offset 11 (line 1, column 12)", value: null }] });
    const r = users.safeUnmarshal(new Uint8Array(bytes));
    expect(r.ok ? null : httpErrorBody(r.error)).toEqual(body);
  });

  it("415 unless the content type is application/json (any case, charset utf-8 at most); a missing one is 415", async () => {
    const valid = '{"name":"Ada","email_address":"ada@example.com","age":36}';
    for (const type of ["application/json-patch+json", "application/jsonx", "application/json; charset=utf-16", "text/json", ""]) {
      const res = await post(valid, type);
      expect([type, res.status, await res.json()]).toEqual([type, 415, { error: "unsupported_media_type", expected: "application/json" }]);
    }
    const { response } = await rawRequest(`POST /users HTTP/1.1\r\nhost: x\r\nconnection: close\r\ncontent-length: ${valid.length}\r\n\r\n${valid}`);
    expect(statusAndBody(response)).toEqual(["HTTP/1.1 415 Unsupported Media Type", { error: "unsupported_media_type", expected: "application/json" }]);
    for (const type of ["Application/JSON", 'application/json; charset="UTF-8"', "application/json;charset=utf-8"]) {
      expect([type, (await post(valid, type)).status]).toEqual([type, 201]);
    }
  });

  it("405 with an Allow header for another method on a known path; a query string does not change the route", async () => {
    for (const method of ["GET", "PUT", "DELETE", "PATCH"]) {
      const res = await fetch(`${base}/users`, { method });
      expect([method, res.status, res.headers.get("allow"), await res.json()]).toEqual([method, 405, "POST", { error: "method_not_allowed", allowed: ["POST"] }]);
    }
    const res = await fetch(`${base}/users/schema`, { method: "POST", body: "{}" });
    expect([res.status, res.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
    expect((await fetch(`${base}/users/schema`, { method: "HEAD" })).status).toBe(200);
    expect((await fetch(`${base}/users/schema?pretty=1`)).status).toBe(200);
    const withQuery = await fetch(`${base}/users?source=test`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"name":"Ada","email_address":"ada@example.com","age":36}' });
    expect(withQuery.status).toBe(201);
  });

  it("a body cut short (the client closes its side) or malformed chunking is a JSON 400, not a hang", async () => {
    const short = await rawRequest(`${POST_HEAD}content-length: 100\r\n\r\n{"name":`, { halfClose: true });
    expect(statusAndBody(short.response)).toEqual(["HTTP/1.1 400 Bad Request", { error: "bad_request" }]);
    const badChunk = await rawRequest(`${POST_HEAD}transfer-encoding: chunked\r\n\r\nzz\r\n{"na\r\n`);
    expect(statusAndBody(badChunk.response)).toEqual(["HTTP/1.1 400 Bad Request", { error: "bad_request" }]);
    expect(serverLog).toBe("");
  });

  it("a client that stalls mid-body or mid-headers gets a JSON 408 after the request timeout, and its connection closed", async () => {
    for (const bytes of [`${POST_HEAD}content-length: 100\r\n\r\n{"name":`, "POST /users HTTP/1.1\r\nhost: x\r\ncontent-ty"]) {
      const { response, ms } = await rawRequest(bytes);
      expect(statusAndBody(response)).toEqual(["HTTP/1.1 408 Request Timeout", { error: "request_timeout" }]);
      expect(ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
      expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS + 3000);
    }
  });

  it("headers over Node's limit (16 KiB) are a JSON 431", async () => {
    const { response } = await rawRequest(`${POST_HEAD}x-padding: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(statusAndBody(response)).toEqual(["HTTP/1.1 431 Request Header Fields Too Large", { error: "headers_too_large" }]);
  });

  it("memory does not grow per request: 600 requests of 100 KB bodies, valid, invalid and too large, leave the heap within 8 MiB", async () => {
    // run in a child with --expose-gc, so the heap is measured after a full collection
    const script = `
      import { createApp } from ${JSON.stringify(pathToFileURL(join(ROOT, "examples/server/server.js")).href)};
      const server = createApp();
      await new Promise((r) => server.listen(0, "127.0.0.1", r));
      const url = "http://127.0.0.1:" + server.address().port + "/users";
      const long = "x".repeat(100_000);
      const bodies = [JSON.stringify({ name: "Ada", email_address: "ada@example.com", age: 36 }), JSON.stringify({ name: long, email_address: "ada@example.com", age: 36 }), '{"name":"' + long, "x".repeat((1 << 20) + 1)];
      const run = async (n) => { for (let i = 0; i < n; i++) { const r = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: bodies[i % 4] }); await r.arrayBuffer(); } };
      await run(100); gc(); const before = process.memoryUsage().heapUsed;
      await run(600); gc(); const after = process.memoryUsage().heapUsed;
      server.close(); server.closeAllConnections();
      console.log(after - before);`;
    const child = spawn(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout!.on("data", (b: Buffer) => { out += b.toString(); });
    const code = await new Promise((r) => child.on("exit", r));
    expect(code).toBe(0);
    // each invalid body's 100 KB name is echoed in its 400; keeping them would be 30 MB
    expect(Number(out)).toBeLessThan(8 << 20);
    // (5 s in the whole suite on 2 cores with 2 busy loops, 17 s with 4 and a second run of the file)
  }, 120_000);
});
