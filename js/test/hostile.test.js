// The hostile-input suite: input written to break the package,
// by category. Every failure must be an EndpointError with a code (D28),
// and after every case the next valid call must give the known answer
// (D29, hostile-lib.js: fails, works). Heavy cases run in a child process
// with a time limit (hostile-child.js).

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import * as mod from "endpoint-wasm";
import { alive, checkError, child, cyclic, fails, nest, readsOf, revoked, safeJSON, works } from "./hostile-lib.js";

const { endpoint } = mod;
const UA = endpoint.DEFAULTS.headers["user-agent"];
const STD = { accept: "application/vnd.github.v3+json", "user-agent": UA };
const JSON_TYPE = "application/json; charset=utf-8";

/** outcome runs fn and returns { value } or { code }; any other throw fails the test (D28). */
function outcome(fn) {
  try {
    return { value: fn() };
  } catch (e) {
    checkError(mod, e);
    return { code: e.code };
  }
}

/** noCRLF asserts that no header name or value of a result holds CR, LF or NUL (D22). */
function noCRLF(result) {
  for (const [k, v] of Object.entries(result.headers ?? {})) {
    assert.doesNotMatch(k, /[\r\n\0]/, `header name ${JSON.stringify(k)}`);
    assert.doesNotMatch(String(v), /[\r\n\0]/, `header ${k}: ${JSON.stringify(String(v))}`);
  }
}

describe("url and host: a value never chooses the host (D8, D9, D11, spec rule 7)", () => {
  const hostile = [
    "//evil.example/x", "@evil.example", "https://evil.example", "\\\\evil.example", "../../../x", "..%2F..%2Fx",
    "evil.example:443", "%2F%2Fevil.example", "a?b#c", "\u3000evil", "x\r\nHost: evil.example", ["//evil.example", "@evil.example"],
    { "//evil.example": "@evil.example" },
  ];
  const ops = ["", "+", "#", ".", "/", ";", "?", "&"];

  test("a value in any expression of a path keeps the url on the caller's baseUrl, and the url has no space or control character", () => {
    for (const base of ["https://api.github.com", "https://ghe.example/api/v3"]) {
      for (const op of ops) {
        for (const v of hostile) {
          for (const route of [`GET /repos/{${op}v}`, `GET /a{${op}v}/b`, `GET /a/{${op}v*}`, "GET /a/:v/b"]) {
            const r = outcome(() => endpoint(route, { baseUrl: base, v }));
            if (r.code) {
              assert.ok(["ERR_INVALID_PARAMETER"].includes(r.code), `${route} ${safeJSON(v)}: ${r.code}`);
              continue;
            }
            assert.ok(r.value.url.startsWith(`${base}/`), `${route} with ${safeJSON(v)} gave ${r.value.url}`);
            assert.equal(new URL(r.value.url).origin, new URL(base).origin, `${route} with ${safeJSON(v)}`);
            assert.match(r.value.url, /^[\x21-\x7e]*$/, `${route} with ${safeJSON(v)}: ${JSON.stringify(r.value.url)}`);
          }
        }
      }
    }
    alive(mod);
  });

  test("an expression at the very start of a url is joined to baseUrl unless it is {+x}, which the caller chose (D8)", () => {
    for (const op of ["", "#", ".", "/", ";", "?", "&"]) {
      const { url } = works(mod, () => endpoint(`GET {${op}x}/y`, { x: "https://evil.example" }));
      assert.ok(url.startsWith("https://api.github.com/"), `{${op}x}: ${url}`);
    }
    // The reference does the same: a url that starts with http(s):// once
    // expanded is used as it is.
    assert.equal(endpoint("GET {+x}/y", { x: "https://h.example" }).url, "https://h.example/y");
  });

  test("a path that looks like a network path stays on baseUrl; a scheme in any case makes a full url (D8)", () => {
    assert.equal(endpoint("GET //evil.example/x").url, "https://api.github.com/evil.example/x", "joined with exactly one /");
    assert.equal(endpoint("GET HTTPS://h.example/x").url, "HTTPS://h.example/x");
    assert.equal(endpoint("GET hTTp://h.example:8080/:a", { a: "b" }).url, "hTTp://h.example:8080/b", "a port is not a placeholder (D9)");
    assert.equal(endpoint("GET :x/y", { x: "https://evil.example" }).url, "https://api.github.com/:x/y?x=https%3A%2F%2Fevil.example", ":x not after a / is text (D9)");
  });

  test("a baseUrl that is not an absolute http(s) url, or holds white space or a control character, is ERR_INVALID_ARGUMENT (D8)", () => {
    const bad = ["", "javascript:alert(1)", "https://a.example /c", "https://a.example\t", "https://a.example\n", "https://a.example\0",
      "//evil.example", "ftp://h.example", "evil.example", "https:/x", 42, true, {}, ["https://a.example"],
      // no host: the path's first segment would become it
      "https://", "https:///", "https:\\\\", "https://@", "https://u@:443", "https://:443", "https://?x", "https://#x", "https://h:x",
      // Unicode white space and control characters, a lone surrogate (D12)
      "https://a.example/\u0085", "https://a.example/\u00a0", "https://a.example/\u2028", "https://a.example/\ud800"];
    for (const baseUrl of bad) {
      fails(mod, () => endpoint("GET /x", { baseUrl }), "ERR_INVALID_ARGUMENT");
      // defaults() may refuse it at once or when a path would be joined to it.
      const d = outcome(() => endpoint.defaults({ baseUrl }));
      if (d.code) assert.equal(d.code, "ERR_INVALID_ARGUMENT");
      else {
        fails(mod, () => d.value("GET /x"), "ERR_INVALID_ARGUMENT");
        fails(mod, () => d.value.parse(d.value.merge("GET /x")), "ERR_INVALID_ARGUMENT");
      }
    }
    fails(mod, () => endpoint.parse({ method: "GET", url: "/x", headers: {} }), "ERR_INVALID_ARGUMENT");
    for (const baseUrl of ["https://h.example:8080/api/", "https://[::1]:8080", "https://u@h.example", "https://bücher.example", "HTTP://H.EXAMPLE"]) {
      assert.equal(works(mod, () => endpoint("GET /x", { baseUrl })).url, `${baseUrl.replace(/\/$/, "")}/x`);
    }
  });

  test("baseUrl is never expanded: its braces stay and the parameter goes to the query (D8)", () => {
    assert.equal(works(mod, () => endpoint("GET /x", { baseUrl: "https://{h}.example", h: "evil.example" })).url, "https://{h}.example/x?h=evil.example");
  });
});

describe("credentials are never echoed in error messages (D23, D28)", () => {
  // GitHub's documentation's example token: a run of letters and digits.
  const TOKEN = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
  const cases = [
    ["in a route's third word", () => endpoint(`GET /x ${TOKEN}`), "ERR_INVALID_ROUTE"],
    ["as a route's method", () => endpoint(`${TOKEN} /x`), "ERR_INVALID_ROUTE"],
    ["as options.method", () => endpoint({ method: TOKEN, url: "/x" }), "ERR_UNSUPPORTED_METHOD"],
    ["as a baseUrl", () => endpoint("GET /x", { baseUrl: TOKEN }), "ERR_INVALID_ARGUMENT"],
    ["in a baseUrl's user info", () => endpoint("GET /x", { baseUrl: `ftp://x-access-token:${TOKEN}@h.example` }), "ERR_INVALID_ARGUMENT"],
    ["in a url that is not a valid template", () => endpoint(`GET /x/${TOKEN}/{`), "ERR_INVALID_TEMPLATE"],
    ["in a url with a bad prefix", () => endpoint({ url: `/x/${TOKEN}/{a:99999}`, a: "x" }), "ERR_INVALID_TEMPLATE"],
    ["in an invalid header name", () => endpoint("GET /x", { headers: { [`${TOKEN} x`]: "1" } }), "ERR_INVALID_HEADER"],
    ["in a header name with CR/LF", () => endpoint("GET /x", { headers: { [`x-${TOKEN}\r\n`]: "1" } }), "ERR_INVALID_HEADER"],
    ["in a valid header name whose value holds LF", () => endpoint("GET /x", { headers: { [`x-${TOKEN}`]: "a\n" } }), "ERR_INVALID_HEADER"],
    ["in a valid header name whose value is an object", () => endpoint("GET /x", { headers: { [`x-${TOKEN}`]: {} } }), "ERR_INVALID_HEADER"],
    ["in a valid header name given to defaults()", () => endpoint.defaults({ headers: { [`x-${TOKEN}`]: "a\r" } }), "ERR_INVALID_HEADER"],
    ["in a valid header name given to parse()", () => endpoint.parse({ method: "GET", baseUrl: "https://a.example", url: "/x", headers: { [`x-${TOKEN}`]: "\0" } }), "ERR_INVALID_HEADER"],
    ["in the authorization header's value", () => endpoint("GET /x", { headers: { authorization: `token ${TOKEN}\r\nx: y` } }), "ERR_INVALID_HEADER"],
    ["in a route past the url limit", () => endpoint(`GET /${TOKEN}/${"y".repeat(1 << 20)}`), "ERR_INVALID_PARAMETER"],
  ];
  for (const [where, fn, code] of cases) {
    test(`a token ${where} is not in the message (${code})`, () => {
      const e = fails(mod, fn, code);
      // Header names are quoted lower-cased: compare without case.
      const message = e.message.toLowerCase();
      assert.ok(!message.includes(TOKEN.slice(4).toLowerCase()), `message: ${e.message}`);
      assert.ok(!message.includes(TOKEN.slice(12, 28).toLowerCase()), `message: ${e.message}`);
      assert.ok(e.message.length < 1024, `a bounded message, not ${e.message.length} characters`);
    });
  }
});

describe("prototype safety: __proto__, constructor and prototype are data (D30)", () => {
  const P = (s) => JSON.parse(s);
  const protoNames = () => [Object.getOwnPropertyNames(Object.prototype).sort().join(), Object.getOwnPropertyNames(Array.prototype).sort().join()];

  /** plainDeep asserts every object reachable in v has Object.prototype (arrays: Array.prototype). */
  function plainDeep(v, path = "result") {
    if (v === null || typeof v !== "object") return;
    // The JSON body has no prototype, as the reference's (D18).
    const want = Array.isArray(v) ? Array.prototype : path === "result.body" ? null : Object.prototype;
    assert.equal(Object.getPrototypeOf(v), want, `${path} has the ordinary prototype`);
    for (const k of Object.keys(v)) plainDeep(v[k], `${path}.${k}`);
  }

  test("no call changes Object.prototype or Array.prototype, and every result object is ordinary", () => {
    const before = protoNames();
    const calls = [
      () => endpoint("POST /x", P('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}},"prototype":{"polluted":3}}')),
      () => endpoint("GET /x", P('{"__proto__":"a","constructor":"b","prototype":"c"}')),
      () => endpoint("GET /x", P('{"headers":{"__proto__":"a","constructor":"b","prototype":"c"}}')),
      () => endpoint("GET /x", P('{"mediaType":{"__proto__":{"format":"raw"},"previews":["__proto__"]}}')),
      () => endpoint.merge("GET /x", P('{"__proto__":{"polluted":1},"headers":{"__proto__":"x"}}')),
      () => endpoint.defaults(P('{"__proto__":{"polluted":1},"k":{"__proto__":{"polluted":1}}}'))("POST /x", P('{"k":{"__proto__":{"w":2},"constructor":{"prototype":1}}}')),
      () => endpoint.defaults(P('{"k":{"__proto__":{"polluted":1}}}')).DEFAULTS,
      () => endpoint.parse(P('{"method":"POST","baseUrl":"https://a.example","url":"/x","headers":{"__proto__":"h"},"__proto__":{"polluted":1}}')),
      () => endpoint("GET /x{?__proto__,constructor}{&o*}", P('{"__proto__":"a","constructor":"b","o":{"__proto__":"c","prototype":"d"}}')),
    ];
    for (const call of calls) {
      const r = works(mod, call);
      plainDeep(r);
    }
    assert.deepEqual(protoNames(), before);
    assert.equal({}.polluted, undefined);
    assert.equal([].polluted, undefined);
  });

  test("a __proto__ key comes back as an own key with its value, in a body, a merged body, headers and DEFAULTS", () => {
    const r = endpoint.defaults(P('{"k":{"__proto__":{"z":1}},"headers":{"__proto__":"h"}}'))("POST /x", P('{"k":{"__proto__":{"w":2}},"__proto__":"top"}'));
    assert.equal(JSON.stringify(r), JSON.stringify({
      method: "post", url: "https://api.github.com/x",
      headers: P(`{"accept":"application/vnd.github.v3+json","user-agent":${JSON.stringify(UA)},"__proto__":"h","content-type":"${JSON_TYPE}"}`),
      body: P('{"k":{"__proto__":{"z":1,"w":2}},"__proto__":"top"}'),
    }));
    assert.ok(Object.hasOwn(r.body.k, "__proto__") && Object.hasOwn(r.headers, "__proto__"));
    const d = endpoint.defaults(P('{"__proto__":{"x":1}}')).DEFAULTS;
    assert.ok(Object.hasOwn(d, "__proto__"));
    assert.deepEqual(Object.getPrototypeOf(d), Object.prototype);
  });

  test("inherited properties of a polluted Object.prototype are not options", () => {
    const keys = { url: "https://evil.example/", baseUrl: "https://evil.example", method: "DELETE", data: "x", headers: { "x-evil": "1" }, evil: 1 };
    try {
      for (const [k, v] of Object.entries(keys)) Object.prototype[k] = v;
      assert.deepEqual(endpoint("GET /x", {}), { method: "get", url: "https://api.github.com/x", headers: { ...STD } });
      assert.deepEqual(endpoint("POST /x", { a: 1 }).body, { __proto__: null, a: 1 }); // no prototype (D18)
    } finally {
      for (const k of Object.keys(keys)) delete Object.prototype[k];
    }
    alive(mod);
  });
});

describe("headers never carry CR, LF or NUL, however they are reached (D22, D24, D25)", () => {
  const bad = ["a\r\nx-evil: 1", "a\r", "a\n", "a\0", "\r\n", "raw\nx"];

  test("a header value or name holding CR, LF or NUL is ERR_INVALID_HEADER in endpoint, merge, defaults and parse", () => {
    for (const v of bad) {
      for (const headers of [{ "x-a": v }, { accept: v }, { Accept: v }, { "user-agent": v }, { authorization: v }, { "content-type": v }, { [`x-${v}`]: "1" }]) {
        fails(mod, () => endpoint("GET /x", { headers }), "ERR_INVALID_HEADER");
        fails(mod, () => endpoint.merge("GET /x", { headers }), "ERR_INVALID_HEADER");
        fails(mod, () => endpoint.defaults({ headers }), "ERR_INVALID_HEADER");
        fails(mod, () => endpoint.parse({ method: "POST", baseUrl: "https://a.example", url: "/x", headers, data: "d" }), "ERR_INVALID_HEADER");
      }
    }
  });

  test("mediaType.format and mediaType.previews holding CR, LF or NUL never reach accept, also through defaults() and merge/parse", () => {
    for (const v of bad) {
      for (const mediaType of [{ format: v }, { previews: [v] }, { previews: ["ok", v] }, { format: "raw", previews: [`${v}-preview`] }]) {
        fails(mod, () => endpoint("GET /x", { mediaType }), "ERR_INVALID_HEADER");
        fails(mod, () => endpoint.defaults({ mediaType }), "ERR_INVALID_HEADER");
        fails(mod, () => endpoint.merge("GET /x", { mediaType }), "ERR_INVALID_HEADER");
        fails(mod, () => endpoint.parse({ method: "GET", baseUrl: "https://a.example", url: "/x", headers: { accept: "application/vnd.github.v3+json" }, mediaType }), "ERR_INVALID_HEADER");
        fails(mod, () => endpoint.defaults({ mediaType: { previews: ["a"] } })("GET /x", { mediaType }), "ERR_INVALID_HEADER");
      }
    }
  });

  test("of two accept headers differing in case the later wins, and endpoint and parse(merge) agree on { accept: '_\\0', Accept: '' } (D22, spec rule 6)", () => {
    const x = { url: "/x", headers: { accept: "_\0", Accept: "" } };
    const a = outcome(() => endpoint(x)), b = outcome(() => endpoint.parse(endpoint.merge(x)));
    assert.deepEqual(a, b);
    if (a.value) assert.equal(a.value.headers.accept, "");
    const y = { url: "/x", headers: { Accept: "", accept: "_\0" } };
    assert.deepEqual(outcome(() => endpoint(y)), outcome(() => endpoint.parse(endpoint.merge(y))));
    alive(mod);
  });

  test("characters whose low byte is CR or LF (U+010D, U+560A) stay whole: no header is cut into two", () => {
    for (const v of ["\u010d\u010ax-evil: 1", "\u560d\u560ax-evil: 1"]) {
      const r = works(mod, () => endpoint("GET /x", { headers: { "x-a": v }, mediaType: { format: "raw" } }));
      assert.equal(r.headers["x-a"], v);
      noCRLF(r);
      const m = outcome(() => endpoint("GET /x", { mediaType: { format: v, previews: [v] } }));
      if (m.value) {
        noCRLF(m.value);
        assert.ok(m.value.headers.accept.includes(v), m.value.headers.accept);
      }
    }
  });

  test("defaults built from merge() output and parse() of defaults give clean headers or ERR_INVALID_HEADER", () => {
    const merged = endpoint.merge("POST /x", { headers: { "X-A": "1" }, mediaType: { format: "raw", previews: ["p"] } });
    merged.headers["x-b"] = "2\r\n";
    fails(mod, () => endpoint.parse(merged), "ERR_INVALID_HEADER");
    fails(mod, () => endpoint.defaults(merged), "ERR_INVALID_HEADER");
    merged.headers["x-b"] = "2";
    merged.mediaType.previews.push("q\n");
    fails(mod, () => endpoint.parse(merged), "ERR_INVALID_HEADER");
    merged.mediaType.previews.pop();
    const r = works(mod, () => endpoint.defaults(merged)("GET /y"));
    noCRLF(r);
    assert.equal(r.headers.accept, "application/vnd.github.p-preview.raw");
  });
});

describe("huge and deep input: errors found early, the runtime survives (D29, README limits)", () => {
  test("input nested 256 levels is read and 257 levels is ERR_INVALID_ARGUMENT, wherever the engine reads it (D29)", () => {
    // In the options object (level 1), nest(k) reaches level k + 1.
    assert.equal(works(mod, () => endpoint("GET /x", { a: nest(255) })).url, "https://api.github.com/x?a=");
    fails(mod, () => endpoint("GET /x", { a: nest(256) }), "ERR_INVALID_ARGUMENT");
    assert.ok(works(mod, () => endpoint.defaults({ a: nest(255, "object") })));
    fails(mod, () => endpoint.defaults({ a: nest(256, "object") }), "ERR_INVALID_ARGUMENT");
    assert.ok(works(mod, () => endpoint.defaults({ a: {} })("POST /x", { a: nest(255, "object") })));
    fails(mod, () => endpoint.defaults({ a: {} })("POST /x", { a: nest(256, "object") }), "ERR_INVALID_ARGUMENT");
  });

  test("a cycle or 5,000 levels where the engine reads is ERR_INVALID_ARGUMENT, and where it does not (a body) comes back as it is (D15, D29)", () => {
    const { o, a } = cyclic();
    for (const v of [o, a, nest(5000), nest(5000, "object")]) {
      fails(mod, () => endpoint("GET /x/{v}", { v: [v] }), "ERR_INVALID_ARGUMENT");
      fails(mod, () => endpoint("GET /x", { headers: { v } }), "ERR_INVALID_ARGUMENT");
      fails(mod, () => endpoint("GET /x", { mediaType: { previews: [v] } }), "ERR_INVALID_ARGUMENT");
      fails(mod, () => endpoint.defaults({ v: { v } }), "ERR_INVALID_ARGUMENT");
      fails(mod, () => endpoint.defaults({ v: {} })("POST /x", { v: { v } }), "ERR_INVALID_ARGUMENT");
      fails(mod, () => endpoint.parse({ method: "GET", baseUrl: "https://a.example", url: "/x", headers: {}, v: [v] }), "ERR_INVALID_ARGUMENT");
      assert.ok(works(mod, () => endpoint("POST /x", { v })).body.v === v);
      assert.ok(works(mod, () => endpoint.merge("POST /x", { v })).v === v);
    }
    const arr = [];
    arr.push(arr);
    fails(mod, () => endpoint("GET /x{?arr*}", { arr }), "ERR_INVALID_ARGUMENT");
  });

  test("defaults() with a cyclic or 5,000-deep data or body value works, or is ERR_INVALID_ARGUMENT without V8's stack overflow in the message (D19, D29)", () => {
    for (const v of [cyclic().o, nest(5000, "object")]) {
      for (const opts of [{ data: v }, { payload: v }]) {
        const d = outcome(() => endpoint.defaults(opts));
        if (d.code) {
          let e;
          try {
            endpoint.defaults(opts);
          } catch (x) {
            e = x;
          }
          assert.equal(e.code, "ERR_INVALID_ARGUMENT");
          assert.doesNotMatch(e.message, /call stack|Maximum/, e.message);
        } else {
          const body = d.value("POST /x").body;
          assert.ok(opts.data ? body !== undefined : body.payload !== undefined);
        }
        alive(mod);
      }
    }
  });

  test("the url stops at 1 MiB: exactly 1 MiB is built, one byte more is ERR_INVALID_PARAMETER (README limits)", () => {
    const prefix = "https://api.github.com/x?a=".length;
    const r = works(mod, () => endpoint("GET /x", { a: "z".repeat((1 << 20) - prefix) }));
    assert.equal(r.url.length, 1 << 20);
    fails(mod, () => endpoint("GET /x", { a: "z".repeat((1 << 20) - prefix + 1) }), "ERR_INVALID_PARAMETER");
    fails(mod, () => endpoint("GET /x/{a}/{a}", { a: "z".repeat(600000) }), "ERR_INVALID_PARAMETER");
    fails(mod, () => endpoint("GET /x{?a*}", { a: Array(200000).fill("zzzzzz") }), "ERR_INVALID_PARAMETER");
  });

  test("the shim writes no more than 16 MiB of what the engine must read; bodies are not counted (README limits)", () => {
    const big = "h".repeat((16 << 20) + 1);
    fails(mod, () => endpoint("GET /x", { headers: { "x-a": big } }), "ERR_INVALID_ARGUMENT");
    const mib = "h".repeat(1 << 20);
    const headers = {};
    for (let i = 0; i < 17; i++) headers[`x-${i}`] = mib;
    fails(mod, () => endpoint("GET /x", { headers }), "ERR_INVALID_ARGUMENT");
    const client = works(mod, () => endpoint.defaults({ a: big })); // held: read only where a call must
    fails(mod, () => client("GET /x"), "ERR_INVALID_ARGUMENT");
    assert.ok(works(mod, () => client("POST /x")).body.a === big);
    fails(mod, () => endpoint("GET /x{?a*}", { a: Array(3e6).fill("abcdef") }), "ERR_INVALID_ARGUMENT"); // a held value, loaded
    assert.ok(works(mod, () => endpoint("POST /x", { big })).body.big === big);
    assert.ok(works(mod, () => endpoint("POST /x", { data: big })).body === big);
  });

  test("a 500-million-character string is refused wherever the engine reads it and travels by reference in a body (child process, D29)", () => {
    const r = child("huge-string", 90);
    assert.deepEqual(r.seen, ["url value", "query value", "header value", "route", "defaults value in a query", "prefix of it in the url", "body", "data", "merge"]);
  });

  test("a thousand expressions of a megabyte each are refused while the url is built, without gigabytes of memory (child process, D29)", () => {
    const r = child("huge-expansion", 90);
    assert.ok(r.grewMiB < 1024, `peak memory grew by ${r.grewMiB} MiB`);
  });
});

describe("inputs large in keys, headers, layers and messages are answered in one call (D29)", () => {
  // Each case runs in a child process (hostile-child.js), which checks its
  // answers and that the runtime still answers, within a time limit far
  // above what linear cost takes. How cost grows with size, and how fast
  // calls are after large ones, are timings: \`make bench\` prints them
  // (js/bench/scale.mjs), since a test that compares timings fails with the
  // machine's load.
  const cases = [
    ["a POST body of 80,000 keys", "scale-body"],
    ["a POST body of 80,000 integer-like keys", "scale-integer-keys"],
    ["a POST body of 80,000 keys that hash alike", "scale-colliding-keys"],
    ["80,000 header names", "scale-headers"],
    ["defaults() with 40,000 keys", "scale-defaults"],
    ["defaults() with 40,000 header values, then a call with as many", "scale-layer-headers"],
    ["a url of 32,000 :name placeholders (D9)", "scale-colon-placeholders"],
    ["a url of 32,000 literal dot segments beside as many expressions (D32)", "scale-dot-segments"],
    ["Octokit's calls on options of 16,000 arrays", "scale-merged-walk"],
    ["5,000 chained defaults() levels (spec rule 1)", "scale-chain"],
    ["calls of 5,000 to 40,000 header names, each followed by 2,000 small calls", "after-large"],
    ["50,000 clients, each made for one request", "clients"],
    ["errors quoting a megabyte of \"@\" (a header name, a url option, a route, a baseUrl, a template; D23)", "messages"],
  ];
  for (const [what, name] of cases) {
    test(`${what}: answered correctly within the time limit`, () => {
      const r = child(name, 120);
      assert.equal(r.case, name);
    });
  }
});

describe("getters are read once, and what they give is checked like any value (D16, D29)", () => {
  const cyc = () => cyclic().o;
  const seconds = [["a bigint", () => 1n], ["a cycle", cyc], ["a 5,000-deep object", () => nest(5000, "object")], ["a Date", () => new Date(0)]];

  for (const [what, second] of seconds) {
    test(`a getter giving a string, then ${what}, is read once and its string is used, in every operation`, () => {
      const calls = [
        ["GET query", (o) => endpoint("GET /x", o), (r) => assert.equal(r.url, "https://api.github.com/x?a=s")],
        ["url", (o) => endpoint("GET /x/{a}", o), (r) => assert.equal(r.url, "https://api.github.com/x/s")],
        ["POST body", (o) => endpoint("POST /x", o), (r) => assert.deepEqual(r.body, { __proto__: null, a: "s" })], // the body has no prototype (D18)
        ["merge", (o) => endpoint.merge("GET /x", o), (r) => assert.equal(r.a, "s")],
        ["defaults", (o) => endpoint.defaults(o)("GET /x"), (r) => assert.equal(r.url, "https://api.github.com/x?a=s")],
        ["nested in defaults", (o) => endpoint.defaults({ n: o })("POST /x"), (r) => assert.deepEqual(r.body, { __proto__: null, n: { a: "s" } })],
        ["nested, merged with defaults", (o) => endpoint.defaults({ n: { b: 1 } })("POST /x", { n: o }), (r) => assert.deepEqual(r.body, { __proto__: null, n: { b: 1, a: "s" } })],
        ["nested, expanded", (o) => endpoint("GET /x{?n*}", { n: o }), (r) => assert.equal(r.url, "https://api.github.com/x?a=s")],
        ["headers", (o) => endpoint("GET /x", { headers: o }), (r) => assert.equal(r.headers.a, "s")],
      ];
      for (const [where, call, check] of calls) {
        const o = {};
        const reads = readsOf(o, "a", ["s", second()]);
        let r;
        try {
          r = call(o);
        } catch (e) {
          assert.fail(`${where}: ${e && e.constructor.name} ${e && e.code}: ${e && e.message}`);
        }
        check(r);
        assert.equal(reads(), 1, `${where}: read ${reads()} times`);
        alive(mod);
      }
    });
  }

  test("a getter that throws, even an error whose message cannot be read, is ERR_INVALID_ARGUMENT (D28)", () => {
    const nasty = () => {
      const e = new Error("x");
      Object.defineProperty(e, "message", { get() { throw new Error("again"); } });
      return e;
    };
    for (const thrown of [() => new Error("boom"), () => "a string", () => null, nasty, revoked]) {
      for (const call of [(o) => endpoint("GET /x", o), (o) => endpoint("GET /x{?n*}", { n: o }), (o) => endpoint.defaults(o), (o) => endpoint("GET /x", { headers: o })]) {
        const o = {};
        Object.defineProperty(o, "a", { enumerable: true, get() { throw thrown(); } });
        fails(mod, () => call(o), "ERR_INVALID_ARGUMENT");
      }
    }
  });
});

describe("revoked proxies and unreadable objects are ERR_INVALID_ARGUMENT (D28)", () => {
  const proto = () => new Proxy({}, { getPrototypeOf() { throw new RangeError("no prototype"); } });
  for (const [what, make] of [["a revoked Proxy", revoked], ["a Proxy whose getPrototypeOf throws", proto]]) {
    test(`${what}, wherever it is given`, () => {
      const calls = [
        ["as the route", (p) => endpoint(p)],
        ["as the route, with options", (p) => endpoint(p, {})],
        ["as the options", (p) => endpoint("GET /x", p)],
        ["to merge", (p) => endpoint.merge(p)],
        ["to parse", (p) => endpoint.parse(p)],
        ["to defaults", (p) => endpoint.defaults(p)],
        ["as a query value", (p) => endpoint("GET /x", { a: p })],
        ["in a list", (p) => endpoint("GET /x{?a}", { a: [p] })],
        ["as the headers", (p) => endpoint("GET /x", { headers: p })],
        ["as a header value", (p) => endpoint("GET /x", { headers: { "x-a": p } })],
        ["as the mediaType", (p) => endpoint("GET /x", { mediaType: p })],
        ["as the previews", (p) => endpoint("GET /x", { mediaType: { previews: p } })],
        ["in defaults", (p) => endpoint.defaults({ a: { p } })],
      ];
      for (const [where, call] of calls) {
        let err = null;
        try {
          call(make());
        } catch (e) {
          err = e;
        }
        assert.ok(err instanceof mod.EndpointError && err.code === "ERR_INVALID_ARGUMENT", `${where}: ${err && err.constructor.name} ${err && err.code}: ${err && err.message}`);
        alive(mod);
      }
    });
  }

  test("a revoked Proxy as data, which the engine never reads, is the body or ERR_INVALID_ARGUMENT (D19)", () => {
    const p = revoked();
    const r = outcome(() => endpoint("POST /x", { data: p }));
    assert.ok(r.value ? r.value.body === p : r.code === "ERR_INVALID_ARGUMENT", safeJSON(r));
    alive(mod);
  });
});

describe("a Date has no query-string encoding (D16)", () => {
  test("a Date in a query, in a list in a query, in defaults or expanded in the url is ERR_INVALID_PARAMETER", () => {
    const d = new Date(0);
    fails(mod, () => endpoint("GET /x", { since: d }), "ERR_INVALID_PARAMETER");
    fails(mod, () => endpoint("GET /x", { since: [d] }), "ERR_INVALID_PARAMETER");
    fails(mod, () => endpoint.defaults({ since: d })("GET /x"), "ERR_INVALID_PARAMETER");
    fails(mod, () => endpoint("GET /x{?since}", { since: d }), "ERR_INVALID_PARAMETER");
    fails(mod, () => endpoint("HEAD /x", { since: new (class Day extends Date {})(0) }), "ERR_INVALID_PARAMETER");
    assert.ok(works(mod, () => endpoint("POST /x", { since: d })).body.since === d);
  });
});

describe("endpoint(x) equals parse(merge(x)) for tricky x (spec rule 6)", () => {
  const tricky = () => [
    ["integer-like keys", ["GET /x", { a: "", 1: "one", "01": "z", 4294967295: "max", "-1": "neg" }]],
    ["integer-like keys in a body", ["POST /x", { b: 1, 2: 2, a: 3, 0: 0 }]],
    ["integer-like header names", ["GET /x", { headers: { 2: "two", "x-a": "a", 1: "one" } }]],
    ["NaN, Infinity, -0, 1e21", ["GET /x/{n}", { n: NaN, i: Infinity, m: -Infinity, z: -0, e: 1e21 }]],
    ["NaN in a body", ["POST /x", { n: NaN, i: Infinity }]],
    ["bigints", ["GET /x{?b}", { b: 2n ** 80n, c: -1n }]],
    ["accept twice, one with NUL", [undefined, { url: "/x", headers: { accept: "_\0", Accept: "" } }]],
    ["accept twice, the NUL last", [undefined, { url: "/x", headers: { Accept: "", accept: "_\0" } }]],
    ["a null header", ["GET /x", { headers: { "user-agent": null, accept: null } }]],
    ["a lone surrogate in a body and a header", ["POST /x", { s: "\ud800", headers: { "x-s": "\udc00" } }]],
    ["a lone surrogate bound for the url", ["GET /x/{s}", { s: "\ud800" }]],
    ["a lone surrogate in the route itself", ["GET /a\udbff", undefined]],
    ["a lone surrogate in options.url", [undefined, { url: "/a\ud800" }]],
    ["previews with and without -preview", ["GET /x", { mediaType: { previews: ["a-preview", "a", "b"], format: "raw" } }]],
    ["octet-stream accept", ["GET /x", { headers: { accept: "application/octet-stream" }, mediaType: { format: "raw", previews: ["p"] } }]],
    ["data null and PUT", ["PUT /x", { data: null }]],
    ["empty PUT", ["PUT /x/{a}", { a: "" }]],
    ["__proto__ params", ["POST /x", JSON.parse('{"__proto__":{"a":1},"constructor":1}')]],
    ["method in options over the route", ["GET /x", { method: "DELETE", url: "/y/{z}", z: "1" }]],
    ["undefined everywhere", ["POST /x", { a: undefined, headers: { "X-A": undefined }, mediaType: { format: undefined } }]],
    ["a q with +", ["GET /search", { q: "a+b c+" }]],
    ["a Date", ["GET /x", { d: new Date(0) }]],
  ];

  test("the same result or the same error code, with the global defaults and with defaults()", () => {
    const ep2 = endpoint.defaults({ per_page: 1, 3: "three", headers: { "X-D": "d", accept: "application/vnd.github.v3+json,text/plain" }, mediaType: { previews: ["d"] } });
    for (const ep of [endpoint, ep2]) {
      for (const [name] of tricky()) {
        // fresh input for each call: nothing one call does reaches the other
        const args = () => tricky().find(([n]) => n === name)[1];
        const call = (fn) => outcome(() => {
          const [route, options] = args();
          return route === undefined ? fn(options) : fn(route, options);
        });
        const a = call(ep);
        const b = call((r, o) => ep.parse(ep.merge(r, o)));
        assert.deepEqual(a, b, `${name}: endpoint ${safeJSON(a)}\nparse(merge) ${safeJSON(b)}`);
        if (a.value) noCRLF(a.value);
      }
    }
    alive(mod);
  });
});
