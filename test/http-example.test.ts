// examples/server: started the way its header says (node examples/server/server.js, PORT=0 on
// 127.0.0.1) and sent real HTTP requests: 201 with the value, 400 with httpErrorBody, 413, 415, 404.

import { spawn, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { join } from "node:path";
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

let server: ChildProcess;
let base: string;
let serverLog = "";

beforeAll(async () => {
  assertBuilt();
  server = spawn(process.execPath, [join(ROOT, "examples/server/server.js")], { cwd: ROOT, env: { ...process.env, PORT: "0" }, stdio: ["ignore", "pipe", "pipe"] });
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
