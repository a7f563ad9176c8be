// `url`: INVALID_URL `must be a valid URL`: any scheme with a host or a path (DESIGN.md).
import { describe, it } from "vitest";
import { t } from "../../bindings/index.js";
import { describeFormat } from "../support/directive-format.js";
import { expectTyped, expectUnmarshal, fe, one } from "../support/directive-harness.js";

describeFormat({
  name: "url", code: "INVALID_URL", message: "must be a valid URL",
  valid: [
    "http://example.com", "https://example.com:8080/path?q=1#f", "ftp://user:pass@host/", "file:///etc/passwd",
    "a+b-c.d://x", "http://[::1]:80/", "s:/p", "http://h%41st", "HTTP://EXAMPLE.COM", "http://例子.测试/ü",
    "custom-scheme://resource", "http://x?", "http://x#",
  ],
  invalid: [
    "example.com", "mailto:user@example.com", "http://", "http://?q", "http://#f", "http://user@", "1http://x",
    "ht tp://x", "http://exa mple.com", "http://x:8a/", "http://[::1", "http://[::1]x/", "http://x/%zz", "http://x/%4",
    "://x", "http:", "data:text/plain,hi", "http://x\u007f", "http://x\ty", "/relative/path", "//host/path",
  ],
});

const msg = "must be a valid URL";

describe("url: choices where the spec is silent", () => {
  it("an empty host with a path is accepted (file:///p, http:///)", () => {
    expectTyped(one(t.string("url")), { f: "http:///" }, []);
    expectTyped(one(t.string("url")), { f: "x:///a" }, []);
  });

  it("the port must be digits, of any size", () => {
    expectTyped(one(t.string("url")), { f: "http://x:99999" }, []);
    expectTyped(one(t.string("url")), { f: "http://x:" }, []);
    expectTyped(one(t.string("url")), { f: "http://x:-1" }, [fe("f", "INVALID_URL", msg, "http://x:-1")]);
  });

  it("a control character written as a JSON escape fails", () => {
    expectUnmarshal(one(t.string("url")), '{"f":"http://x/\\u0000"}', [fe("f", "INVALID_URL", msg, "http://x/\u0000")]);
    expectUnmarshal(one(t.string("url")), '{"f":"http://x/\\n"}', [fe("f", "INVALID_URL", msg, "http://x/\n")]);
  });
});
