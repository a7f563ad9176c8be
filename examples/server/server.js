// A small Node HTTP server validating request bodies with checker: the spec's HTTP pattern.
//
//   POST /users  body: a User as JSON
//     201  the stored user, as marshal writes it (JSON names, validated)
//     400  httpErrorBody: { "error": "validation_failed", "details": [{ field, code, message, value }] }
//          (malformed JSON is INVALID_JSON, a value of the wrong type INVALID_TYPE, an unknown
//          key EXTRA_FIELD)
//     413  a body over 1 MiB (declared or sent, in any number of chunks)
//     415  a content type other than application/json (any case; a charset, if any, utf-8), or none
//   GET|HEAD /users/schema  the User model's JSON Schema
//   404 another path, 405 (with Allow) another method; the query string plays no part
//   Requests Node's parser refuses get a JSON body too, and their connection closed: 400 malformed
//   HTTP or a body cut short, 408 a request not sent whole within REQUEST_TIMEOUT_MS (30 s), 431
//   headers over 16 KiB. Every answer is JSON: { "error": "<snake_case reason>", ... }.
//
// Run it: npm run build && node examples/server/server.js   (PORT=3000 by default; PORT=0 picks one)
//   curl -i -H 'content-type: application/json' -d '{"name":"Ada","email_address":"ada@example.com","age":36}' localhost:3000/users
//
// "checker" resolves to this package itself (package.json "exports"); elsewhere it is the
// installed package.

import { createServer, STATUS_CODES } from "node:http";
import { pathToFileURL } from "node:url";
import { httpErrorBody, model, t, Validator } from "checker";

export const User = model("User", {
  name: t.string("required,min=2,max=50"),
  email: t.string('json:"email_address" checker:"required,email"'),
  age: t.int("required,gte=0,lte=150"),
  tags: t.slice(t.string(), "max=5,unique"),
});

// One validator, created once: unknown keys are errors (EXTRA_FIELD), a missing field that is not
// required takes its zero value (tags: null).
export const users = new Validator(User, { extraFields: "forbid", strictMissingFields: false });

export const MAX_BODY_BYTES = 1 << 20;

class TooLarge extends Error {}
class ClientGone extends Error {}

/**
 * The request body as bytes; TooLarge past MAX_BODY_BYTES (declared or sent). The rest of a body
 * that is too large is read and dropped, so the client gets the 413 instead of a reset.
 */
function readBody(req) {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) {
      req.resume();
      return reject(new TooLarge());
    }
    const chunks = [];
    let size = 0;
    const onData = (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return chunks.push(chunk);
      req.off("data", onData).off("end", onEnd);
      req.resume();
      reject(new TooLarge());
    };
    const onEnd = () => resolve(new Uint8Array(Buffer.concat(chunks)));
    // the client went away before the body ended (its connection reset): nobody to answer
    req.on("data", onData).on("end", onEnd).on("error", () => reject(new ClientGone()));
  });
}

function send(res, status, body, headers = {}) {
  const bytes = body instanceof Uint8Array ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(bytes);
}

/** application/json, any case, with no parameter but an optional charset=utf-8 (JSON is UTF-8). */
function isJson(contentType = "") {
  const [type, ...params] = contentType.split(";").map((p) => p.trim().toLowerCase());
  return type === "application/json" && params.every((p) => /^charset="?utf-8"?$/.test(p));
}

async function createUser(req, res) {
  if (!isJson(req.headers["content-type"])) {
    return send(res, 415, { error: "unsupported_media_type", expected: "application/json" });
  }
  let body;
  try {
    body = await readBody(req);
  } catch (e) {
    if (e instanceof TooLarge) return send(res, 413, { error: "payload_too_large", limit: MAX_BODY_BYTES });
    if (e instanceof ClientGone) return res.destroy(); // not a server error: nothing to log
    throw e;
  }
  const r = users.safeUnmarshal(body); // unmarshal without throwing: { ok, value } or { ok, error }
  if (!r.ok) return send(res, 400, httpErrorBody(r.error));
  // a real service would store r.value (typed: r.value.email, r.value.age) here
  return send(res, 201, users.marshal(r.value), { location: `/users/${encodeURIComponent(r.value.email)}` });
}

const sendSchema = (req, res) => send(res, 200, users.schemaJSON());

/** path -> method -> handler; the query string plays no part in the route. */
const ROUTES = {
  "/users": { POST: createUser },
  "/users/schema": { GET: sendSchema, HEAD: sendSchema },
};

function route(req, res) {
  const methods = ROUTES[req.url.split("?")[0]];
  if (!methods) return send(res, 404, { error: "not_found" });
  const handler = methods[req.method];
  if (handler) return handler(req, res);
  const allowed = Object.keys(methods);
  return send(res, 405, { error: "method_not_allowed", allowed }, { allow: allowed.join(", ") });
}

/** What the client gets for a request Node's HTTP parser refuses before the handler can answer. */
const CLIENT_ERRORS = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, "request_timeout"],
  HPE_HEADER_OVERFLOW: [431, "headers_too_large"],
};

/**
 * The server (not listening yet). requestTimeoutMs: how long a client may take to send its whole
 * request, headers and body; a slower one gets a 408 and its connection closed.
 */
export function createApp({ requestTimeoutMs = 30_000 } = {}) {
  const answering = new WeakMap(); // socket -> the response being written on it
  const server = createServer({ requestTimeout: requestTimeoutMs, connectionsCheckingInterval: Math.min(1000, requestTimeoutMs) }, (req, res) => {
    answering.set(req.socket, res);
    Promise.resolve(route(req, res)).catch((e) => {
      // not the client's fault: a 500, and the error on the server's log
      console.error(e);
      if (!res.headersSent) send(res, 500, { error: "internal" });
      else res.destroy();
    });
  });
  // a malformed request, a body cut short, too slow a client: a JSON answer, then the connection closed
  server.on("clientError", (err, socket) => {
    if (err.code === "ECONNRESET" || !socket.writable || answering.get(socket)?.headersSent) return socket.destroy();
    const [status, error] = CLIENT_ERRORS[err.code] ?? [400, "bad_request"];
    const body = JSON.stringify({ error });
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\n`
      + `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  });
  return server;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = createApp({ requestTimeoutMs: Number(process.env.REQUEST_TIMEOUT_MS ?? 30_000) });
  server.listen(Number(process.env.PORT ?? 3000), "127.0.0.1", () => {
    console.log(`listening on http://127.0.0.1:${server.address().port}`);
  });
}
