// Heavy cases of the hostile-input suite, one per process: hostile.test.js
// runs `node hostile-child.js <case>` with a time limit (hostile-lib.js,
// child), so that a case that stalls or kills the runtime fails instead of
// hanging the suite. Each case checks its own results, then that the
// runtime still answers (D29), and prints a one-line JSON report last.

import assert from "node:assert/strict";
import * as mod from "endpoint-wasm";
import { alive, checkError, growth } from "./hostile-lib.js";

const { endpoint } = mod;

function keys(n, prefix) {
  const o = {};
  for (let i = 0; i < n; i++) o[prefix + i] = i;
  return o;
}

function throwsCode(fn, code) {
  try {
    fn();
  } catch (e) {
    checkError(mod, e, code);
    alive(mod);
    return e;
  }
  assert.fail(`expected ${code}, nothing was thrown`);
}

/**
 * collidingKeys returns n keys of sixteen ASCII characters that the
 * engine's key hash (core/internal/engine/hash.go, hashString) gives one value, as
 * core/internal/engine/object_test.go makes them: the second eight bytes cancel what the
 * first made of the hash. 64-bit arithmetic in 16-bit limbs.
 */
function collidingKeys(n) {
  const M1 = [0x7c15, 0x7f4a, 0x79b9, 0x9e37]; // 0x9E3779B97F4A7C15
  const mul = (a, b) => { // the low 64 bits of a × b, both [4 limbs]
    const r = [0, 0, 0, 0];
    for (let i = 0; i < 4; i++) {
      let carry = 0;
      for (let j = 0; i + j < 4; j++) {
        const t = r[i + j] + a[i] * b[j] + carry;
        r[i + j] = t % 65536;
        carry = Math.floor(t / 65536);
      }
    }
    return r;
  };
  const start = mul([16, 0, 0, 0], M1); // len(s) * m1
  const a = [..."aaaaaaaa"].map((c) => c.charCodeAt(0));
  const keys = [];
  while (keys.length < n) {
    for (let i = 0; i < 8; i++) { // the next first half, an odometer over a-z
      if (++a[i] <= 122) break;
      a[i] = 97;
    }
    const w = [a[0] | a[1] << 8, a[2] | a[3] << 8, a[4] | a[5] << 8, a[6] | a[7] << 8];
    const h = mul(start.map((x, i) => x ^ w[i]), M1);
    h[0] ^= h[2], h[1] ^= h[3]; // h ^= h >> 32
    let b = "", ascii = true;
    for (let i = 0; i < 8 && ascii; i++) {
      const byte = ((h[i >> 1] >> (8 * (i & 1))) & 255) ^ 1; // h ^ 0x0101010101010101
      ascii = byte >= 1 && byte <= 127;
      b += String.fromCharCode(byte);
    }
    if (ascii) keys.push(String.fromCharCode(...a) + b);
  }
  return keys;
}

/**
 * longURL times GET of a url of n copies of piece, with a: "v", for 4,000
 * and 32,000 copies; the url must end with ending. Each run's url is its
 * own, as a url over 4 KiB is never kept compiled anyway.
 */
function longURL(piece, ending) {
  let run = 0;
  return growth((n) => {
    const r = endpoint(`GET /u${++run}` + piece.repeat(n), { a: "v" });
    assert.ok(r.url.endsWith(ending));
  }, 4000, 32000);
}

const cases = {
  // A POST body of n keys.
  "scale-body": () => growth((n) => {
    const r = endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", ...keys(n, "k") });
    assert.equal(Object.keys(r.body).length, n);
    assert.equal(r.body[`k${n - 1}`], n - 1);
  }, 10000, 80000),

  // A POST body of n integer-like keys: each goes before the route's
  // method and url in the merged options (JavaScript's key order), so an
  // engine that moved every key after it would cost quadratic time (D29).
  "scale-integer-keys": () => growth((n) => {
    const r = endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", ...keys(n, "") });
    const names = Object.keys(r.body);
    assert.equal(names.length, n);
    assert.equal(names[n - 1], String(n - 1));
  }, 10000, 80000),

  // A POST body of n keys that the engine's key hash gives one value
  // (core/internal/engine/object.go; D29): a lookup that walked all the keys before it
  // would cost quadratic time.
  "scale-colliding-keys": () => {
    const names = collidingKeys(80000);
    const body = (n) => Object.fromEntries(names.slice(0, n).map((k, i) => [k, i]));
    return growth((n) => {
      const r = endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", ...body(n) });
      assert.equal(r.body[names[n - 1]], n - 1);
    }, 10000, 80000);
  },

  // A url of n ":name" placeholders (D9): finding each by walking the url
  // from its start again would cost quadratic time (D29).
  "scale-colon-placeholders": () => longURL("/:a", "/v/v"),

  // A url of n literal "." segments, each beside an expression whose
  // literal dot makes the engine look for dot segments a parameter made
  // (D32): it matches segments to expressions in one walk of each.
  "scale-dot-segments": () => longURL("/./.{a}", "/./.v"),

  // Octokit's calls (merge, merge of the result, a header set, merge and
  // parse) on options of n short arrays: merged options merged again cost
  // linear time in their members, whatever they hold (D29).
  "scale-merged-walk": () => growth((n) => {
    const o = {};
    for (let i = 0; i < n; i++) o[`a${i}`] = [i];
    let merged = endpoint.merge("POST /x", o);
    for (let i = 0; i < 4; i++) merged = endpoint.merge(merged);
    merged.headers.authorization = "token x";
    const r = endpoint.parse(endpoint.merge(merged));
    assert.deepEqual(r.body[`a${n - 1}`], [n - 1]);
  }, 2000, 16000),

  // n header names.
  "scale-headers": () => growth((n) => {
    const r = endpoint("GET /x", { headers: keys(n, "X-H") });
    assert.equal(Object.keys(r.headers).length, n + 2);
    assert.equal(r.headers[`x-h${n - 1}`], n - 1, "names lower-cased (D22)");
  }, 10000, 80000),

  // defaults() with n header values, then a call with n others: comparing
  // each of the call's with each of the layer's would cost quadratic time
  // (D29). Each run's layer is its own, as in scale-defaults.
  "scale-layer-headers": () => {
    let run = 0;
    const values = (n, tag) => {
      const o = {};
      for (let i = 0; i < n; i++) o[`x-h${i}`] = `${tag} value of header ${i}`;
      return o;
    };
    return growth((n) => {
      const ep = endpoint.defaults({ headers: { "x-run": String(++run), ...values(n, "layer") } });
      const r = ep("GET /x", { headers: values(n, "call") });
      assert.equal(r.headers[`x-h${n - 1}`], `call value of header ${n - 1}`);
    }, 5000, 40000);
  },

  // defaults() with n keys, then a call. Each run's first key is its own,
  // so that no two runs make the same layer.
  "scale-defaults": () => {
    let run = 0;
    return growth((n) => {
      const ep = endpoint.defaults({ run: ++run, ...keys(n, "d") });
      const r = ep("GET /x");
      assert.ok(r.url.startsWith(`https://api.github.com/x?run=${run}&d0=0&d1=1&`));
      assert.ok(r.url.endsWith(`&d${n - 1}=${n - 1}`));
    }, 5000, 40000);
  },

  // n chained defaults() levels, each setting the same keys. Each level's
  // work is the same, so the whole chain must cost linear time (spec rule 1).
  "scale-chain": () => growth((n) => {
    let ep = endpoint;
    for (let i = 0; i < n; i++) ep = ep.defaults({ per_page: i, headers: { "X-Level": i } });
    const r = ep("GET /x");
    assert.equal(r.url, `https://api.github.com/x?per_page=${n - 1}`);
    assert.equal(r.headers["x-level"], n - 1);
  }, 625, 5000),

  // Ordinary calls after calls of thousands of header names. Such calls
  // allocate, and a collection of Go's that begins in one would stay open,
  // since the exports never let Go's scheduler run its workers, and leave
  // the write barrier on for every later call (wasm/collector.go ends it).
  // Each round makes one large call, then times 2,000 small ones (best of
  // three) against the same before any large call.
  "after-large": () => {
    const small = () => {
      const t = performance.now();
      for (let i = 0; i < 2000; i++) endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: 100, page: i });
      return performance.now() - t;
    };
    const best = () => Math.min(small(), small(), small());
    for (let i = 0; i < 20; i++) small(); // warm up
    const before = Math.min(best(), best());
    const ratios = [];
    for (const n of [5000, 10000, 20000, 40000, 5000, 10000, 20000, 40000]) {
      assert.equal(Object.keys(endpoint("GET /x", { headers: keys(n, "X-H") }).headers).length, n + 2);
      ratios.push(Math.round((10 * best()) / before) / 10);
    }
    const median = [...ratios].sort((a, b) => a - b)[ratios.length / 2];
    return { beforeMs: Math.round(before * 10) / 10, ratios, median };
  },

  // Clients made and used in a loop that never yields, a .defaults() with
  // its own token each, as programs that make a client per request do: five
  // blocks of 10,000, each timed. A layer is data its client holds, let go
  // of with it; Go holds none.
  "clients": () => {
    const block = (b) => {
      const t = performance.now();
      for (let i = 0; i < 10000; i++) {
        const client = endpoint.defaults({ headers: { authorization: `token ${b}.${i}` } });
        assert.equal(client("GET /x").headers.authorization, `token ${b}.${i}`);
      }
      return performance.now() - t;
    };
    block(-1); // warm up
    const ms = [0, 1, 2, 3, 4].map(block);
    return { ms: ms.map(Math.round), ratio: Math.round((10 * ms[4]) / Math.min(ms[0], ms[1])) / 10 };
  },

  // Errors whose message quotes a megabyte of "@", through every field the
  // engine quotes: the search for a url's userinfo in it once walked back
  // over the input for every "@" (minutes for one call).
  "messages": () => {
    const ats = "@".repeat(1e6);
    const t = performance.now();
    throwsCode(() => endpoint("GET /x", { headers: { [ats]: "1" } }), "ERR_INVALID_HEADER");
    throwsCode(() => endpoint("GET /x", { url: `https://h.example/${ats}` }), "ERR_INVALID_ARGUMENT");
    throwsCode(() => endpoint(`GET /${ats} x`), "ERR_INVALID_ROUTE");
    throwsCode(() => endpoint("GET /x", { baseUrl: `https://${ats} ` }), "ERR_INVALID_ARGUMENT");
    throwsCode(() => endpoint(`GET /x/{${ats}`), "ERR_INVALID_TEMPLATE");
    return { ms: Math.round(performance.now() - t) };
  },

  // A 500-million-character string: the calls after it must still work.
  // Where the engine must read it, it is refused before it crosses (the
  // shim's 16 MiB limit); as a body value it is not read at all (D15, D19).
  "huge-string": () => {
    const huge = "x".repeat(500e6);
    const seen = [];
    const expect = (what, fn, code) => {
      throwsCode(fn, code);
      seen.push(what);
    };
    expect("url value", () => endpoint("GET /x/{a}", { a: huge }), "ERR_INVALID_ARGUMENT");
    expect("query value", () => endpoint("GET /x", { a: huge }), "ERR_INVALID_ARGUMENT");
    expect("header value", () => endpoint("GET /x", { headers: { "x-a": huge } }), "ERR_INVALID_ARGUMENT");
    expect("route", () => endpoint(`GET /${huge}`), "ERR_INVALID_ARGUMENT");
    const client = endpoint.defaults({ a: huge }); // held, as a body value: read only where a call must
    expect("defaults value in a query", () => client("GET /x"), "ERR_INVALID_ARGUMENT");
    assert.ok(client("POST /x").body.a === huge, "a defaults value comes back by reference");
    expect("prefix of it in the url", () => endpoint("GET /x/{a:3}", { a: huge }), "ERR_INVALID_ARGUMENT");
    assert.ok(endpoint("POST /x", { a: huge }).body.a === huge, "a body value comes back by reference");
    assert.ok(endpoint("POST /x", { data: huge }).body === huge, "data comes back by reference");
    assert.ok(endpoint.merge("POST /x", { a: huge }).a === huge, "merge keeps it by reference");
    alive(mod);
    seen.push("body", "data", "merge");
    return { seen };
  },

  // A thousand expressions of a megabyte each: built whole, the url would
  // take gigabytes. The url limit (1 MiB) stops it while it is built.
  "huge-expansion": () => {
    const mb = "y".repeat(1e6);
    const before = process.resourceUsage().maxRSS;
    throwsCode(() => endpoint("GET /x/" + "{a}".repeat(1000), { a: mb }), "ERR_INVALID_PARAMETER");
    throwsCode(() => endpoint("GET /x{?a*}", { a: Array(1000).fill(mb.slice(0, 2000)) }), "ERR_INVALID_PARAMETER");
    throwsCode(() => endpoint("GET /x/" + "{a}".repeat(300000), { a: "abcd" }), "ERR_INVALID_PARAMETER");
    // Members that expand to nothing count too: 8,000 expressions naming
    // one held array of 8,000 nulls, loaded once per call (D29).
    throwsCode(() => endpoint("GET /x" + "{a}".repeat(8000), { a: Array(8000).fill(null) }), "ERR_INVALID_PARAMETER");
    const grewKiB = process.resourceUsage().maxRSS - before;
    alive(mod);
    return { grewMiB: Math.round(grewKiB / 1024) };
  },
};

const name = process.argv[2];
if (!cases[name]) {
  console.error(`no case ${name}; cases: ${Object.keys(cases).join(", ")}`);
  process.exit(2);
}
const report = cases[name]();
alive(mod);
console.log(JSON.stringify({ case: name, ...report }));
