// The JS API suite. Each case is [behaviour sentence, fn(mod)], where mod is
// { endpoint, EndpointError, toFetch } as a user imports it. The same cases
// run in Node (node.test.js) and in Chromium (browser.test.js), so this
// file uses no Node or DOM API that the other runtime lacks.

const UA = (v) => `endpoint-wasm/${v}`;

export function same(got, want, what = "value") {
  const g = JSON.stringify(got, (k, v) => (typeof v === "bigint" ? `${v}n` : v));
  const w = JSON.stringify(want, (k, v) => (typeof v === "bigint" ? `${v}n` : v));
  if (g !== w) throw new Error(`${what}:\n  got  ${g}\n  want ${w}`);
}

export function ok(cond, what) {
  if (!cond) throw new Error(what);
}

export function throwsCode(fn, code, mod) {
  try {
    fn();
  } catch (e) {
    ok(e instanceof mod.EndpointError, `expected an EndpointError, got ${e && e.constructor && e.constructor.name}: ${e && e.message}`);
    ok(e instanceof TypeError, "EndpointError extends TypeError");
    same(e.code, code, "code");
    ok(e.message.startsWith("endpoint: "), `message ${JSON.stringify(e.message)} starts with "endpoint: "`);
    ok(!/goroutine|runtime\.|\.go:\d/.test(e.message), "no Go runtime noise in the message");
    return e;
  }
  throw new Error(`expected ${code}, nothing was thrown`);
}

const std = (version) => ({ accept: "application/vnd.github.v3+json", "user-agent": UA(version) });

function version(mod) {
  return mod.endpoint.DEFAULTS.headers["user-agent"].split("/")[1];
}

export const cases = [
  ["a route with placeholders gives the whole request options (spec rule 4)", (mod) => {
    same(mod.endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octocat", repo: "hello-world", state: "open", labels: ["bug", "help wanted"] }), {
      method: "get",
      url: "https://api.github.com/repos/octocat/hello-world/issues?state=open&labels=bug%2Chelp%20wanted",
      headers: std(version(mod)),
    });
  }],
  ["text of every length from 0 to 300 bytes comes back exactly, ASCII or not, on both sides of the length up to which the shim writes text by hand (protocol.js, ENCODE_BY_HAND)", (mod) => {
    const chars = "abcdefghijklmnopqrstuvwxyz0123456789-._~";
    for (let n = 0; n <= 300; n++) {
      let path = "";
      for (let i = 0; i < n; i++) path += chars[(i * 7 + n) % chars.length];
      same(mod.endpoint(`GET /${path}`).url, `https://api.github.com/${path}`, `url of ${n}`);
      same(mod.endpoint("GET /x{?q}", { q: `${path}é` }).url, `https://api.github.com/x?q=${path}%C3%A9`, `encoded q of ${n}`);
      same(mod.endpoint.merge(`GET /${path}é{/x}`).url, `/${path}é{/x}`, `template of ${n}, not ASCII`);
    }
  }],
  ["url values of any length come back whole, whether they grow or shrink from one call to the next (spec rule 4)", (mod) => {
    const text = (n, unit) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
    for (const n of [300, 5000, 50000, 1000, 20000]) {
      for (const unit of ["tetris language ", "Straße 日本 "]) {
        const repo = text(n, "rest.js-"), q = text(n, unit);
        const labels = Array.from({ length: 20 }, (_, i) => text(n / 20 + i, unit));
        const got = mod.endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo, q, labels });
        same(got.url, `https://api.github.com/repos/octokit/${repo}/issues?q=${encodeURIComponent(q)}&labels=${encodeURIComponent(String(labels))}`, `url of ${n} (${unit})`);
      }
    }
  }],
  ["each getter of a parameter the url reads is called once per call, however large the object holding it (spec rule 4)", (mod) => {
    for (const n of [10, 5000, 40000]) {
      let reads = 0;
      const a = {};
      for (let i = 0; i < n; i++) Object.defineProperty(a, `k${i}`, { enumerable: true, get: () => (reads++, "v") });
      const got = mod.endpoint("GET /x{?a*}", { a });
      same([reads, got.url.length], [n, "https://api.github.com/x?".length + Object.keys(a).join("=v&").length + 2], `an object of ${n} getters`);
    }
  }],
  ["a POST puts the rest in a JSON body with its content-type (D18, D20)", (mod) => {
    same(mod.endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Bug", labels: ["x"] }), {
      method: "post",
      url: "https://api.github.com/repos/o/r/issues",
      headers: { ...std(version(mod)), "content-type": "application/json; charset=utf-8" },
      body: { title: "Bug", labels: ["x"] },
    });
  }],
  ["endpoint(options) is parse(merge(options)) (spec rule 6)", (mod) => {
    const opts = { method: "PUT", url: "/user/starred/{owner}/{repo}", owner: "o", repo: "r" };
    same(mod.endpoint(opts), mod.endpoint.parse(mod.endpoint.merge(opts)));
    same(mod.endpoint(opts).body, "", "PUT without parameters has an empty body (D18)");
  }],
  ["DEFAULTS are D1's, with the package version in the user-agent (D1)", (mod) => {
    const d = mod.endpoint.DEFAULTS;
    same(d, { method: "GET", baseUrl: "https://api.github.com", headers: std(version(mod)), mediaType: { format: "", previews: [] } });
    ok(/^\d+\.\d+\.\d+/.test(version(mod)), "a semver version");
  }],
  ["changing a copy of DEFAULTS changes nothing (D2)", (mod) => {
    const d = mod.endpoint.DEFAULTS;
    d.headers.accept = "changed";
    d.mediaType.previews.push("changed");
    d.baseUrl = "https://evil.example";
    same(mod.endpoint.DEFAULTS, { method: "GET", baseUrl: "https://api.github.com", headers: std(version(mod)), mediaType: { format: "", previews: [] } }, "its nested objects and arrays are copies too");
    same(mod.endpoint("GET /x").url, "https://api.github.com/x");
  }],
  ["defaults cascade and DEFAULTS reflects each layer (spec rules 1, 2)", (mod) => {
    const one = mod.endpoint.defaults({ baseUrl: "https://ghe.example/api/v3", headers: { Authorization: "token x" }, per_page: 100 });
    const two = one.defaults({ headers: { "X-Extra": "1" }, mediaType: { previews: ["mercy"] } });
    same(two.DEFAULTS.headers, { ...std(version(mod)), authorization: "token x", "x-extra": "1" });
    same(two.DEFAULTS.mediaType, { format: "", previews: ["mercy"] });
    same(two("GET /orgs/{org}/repos", { org: "acme", mediaType: { previews: ["nebula-preview"] } }), {
      method: "get",
      url: "https://ghe.example/api/v3/orgs/acme/repos?per_page=100",
      headers: { accept: "application/vnd.github.mercy-preview+json,application/vnd.github.nebula-preview+json", "user-agent": UA(version(mod)), authorization: "token x", "x-extra": "1" },
    });
    same(one.DEFAULTS.mediaType.previews, [], "the first layer is unchanged");
    same(mod.endpoint.DEFAULTS.baseUrl, "https://api.github.com", "the global defaults are unchanged");
  }],
  ["a client made a thousand clients ago answers as it did, though Go forgot its layer meanwhile (spec rule 1)", (mod) => {
    const hook = () => {};
    const first = mod.endpoint.defaults({ headers: { authorization: "token first" }, request: { hook }, per_page: 5 });
    const want = first("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
    const merged = first.merge("GET /x");
    for (let i = 0; i < 1000; i++) {
      const client = mod.endpoint.defaults({ headers: { authorization: `token ${i}` } });
      same(client("GET /x").headers.authorization, `token ${i}`);
    }
    same(first("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" }), want);
    ok(first("GET /x").request.hook === hook, "the hook comes back by reference");
    same(first.merge({ ...merged, headers: { ...merged.headers, "x-b": "1" } }).headers, { ...std(version(mod)), authorization: "token first", "x-b": "1" });
    same(first.DEFAULTS.headers.authorization, "token first");
    same(first.defaults({ page: 2 })("GET /x").url, "https://api.github.com/x?per_page=5&page=2", "a layer over it");
  }],
  ["clients made alike each keep their own values by reference, also after 300 other clients (spec rule 1, D27)", (mod) => {
    const hooks = [], clients = [];
    for (let i = 0; i < 3; i++) {
      hooks.push(() => i);
      clients.push(mod.endpoint.defaults({ request: { hook: hooks[i] }, headers: { "user-agent": "x" }, mediaType: { previews: [] } }));
    }
    const check = () => clients.forEach((c, i) => {
      ok(c("GET /x").request.hook === hooks[i], `client ${i}: its own hook`);
      ok(c.DEFAULTS.request.hook === hooks[i], `client ${i}: DEFAULTS`);
      same(c.merge("GET /x", { a: i }).a, i);
    });
    check();
    for (let i = 0; i < 300; i++) mod.endpoint.defaults({ per_page: i })("GET /x");
    check();
    // DEFAULTS is asked of the engine: read by a getter while a call reads
    // its options, it is a nested call, refused as any other (D29).
    const made = mod.endpoint.defaults({ per_page: 3 });
    throwsCode(() => mod.endpoint("GET /z", { get q() { return made.DEFAULTS.per_page; } }), "ERR_INVALID_ARGUMENT", mod);
    same([made.DEFAULTS.per_page, made("GET /z").url], [3, "https://api.github.com/z?per_page=3"]);
  }],
  ["every endpoint reads DEFAULTS through one getter, which finds its own layer and refuses what is not an endpoint (D2)", (mod) => {
    // (mod.endpoint may be a module's forwarding endpoint, with a getter of its own.)
    const a = mod.endpoint.defaults({ per_page: 1 }), b = a.defaults({ per_page: 2 }), c = mod.endpoint.defaults({ per_page: 3 });
    const getter = Object.getOwnPropertyDescriptor(b, "DEFAULTS").get;
    ok(Object.getOwnPropertyDescriptor(a, "DEFAULTS").get === getter && Object.getOwnPropertyDescriptor(c, "DEFAULTS").get === getter, "one getter");
    ok(Object.getOwnPropertyDescriptor(b, "DEFAULTS").enumerable, "DEFAULTS is enumerable, as the reference's");
    ok(Object.getOwnPropertySymbols(b).every((k) => !Object.getOwnPropertyDescriptor(b, k).enumerable), "the layer is not enumerable: no console shows it, no spread copies it");
    same(Object.getOwnPropertySymbols({ ...b }), [], "a spread of the endpoint holds no layer");
    same([new Proxy(b, {}).DEFAULTS.per_page, Object.create(b).DEFAULTS.per_page], [2, 2], "read through a Proxy of the endpoint, or an object made over it");
    same([mod.endpoint.DEFAULTS.per_page, a.DEFAULTS.per_page, b.DEFAULTS.per_page, c.DEFAULTS.per_page], [undefined, 1, 2, 3]);
    same(getter.call(a).per_page, 1, "called on another endpoint, it reads that one's");
    for (const bad of [undefined, {}, () => {}]) {
      let threw = null;
      try {
        getter.call(bad);
      } catch (e) {
        threw = e;
      }
      ok(threw instanceof TypeError, `read from ${typeof bad}: a TypeError`);
    }
  }],
  ["merge keeps the method as written and the url unexpanded (D3)", (mod) => {
    const m = mod.endpoint.merge("post /x/{y}", { y: 1 });
    same([m.method, m.url, m.y], ["post", "/x/{y}", 1]);
  }],
  ["data is the body, the very same value, whatever it is (D19)", (mod) => {
    const values = [new Uint8Array([1, 2]), new ArrayBuffer(2), { a: 1 }, "text", null];
    if (typeof Blob !== "undefined") values.push(new Blob(["x"]));
    if (typeof FormData !== "undefined") values.push(new FormData());
    if (typeof URLSearchParams !== "undefined") values.push(new URLSearchParams("a=1"));
    for (const data of values) {
      const r = mod.endpoint("POST /markdown/raw", { data, ignored: 1 });
      ok(r.body === data, `body is the data itself for ${Object.prototype.toString.call(data)}`);
    }
  }],
  ["the HTTP client chooses the content-type of binary, Blob, FormData and URLSearchParams bodies (D20)", (mod) => {
    const ct = (data) => mod.endpoint("POST /x", { data }).headers["content-type"];
    same(ct(new Uint8Array(1)), undefined, "Uint8Array");
    same(ct(new ArrayBuffer(1)), undefined, "ArrayBuffer");
    if (typeof Blob !== "undefined") same(ct(new Blob([])), undefined, "Blob");
    if (typeof FormData !== "undefined") same(ct(new FormData()), undefined, "FormData");
    // Another library's classes, or another realm's (an iframe, node:vm, the
    // undici package), known by their tag, as this realm's own are.
    for (const tag of ["FormData", "Blob", "File", "URLSearchParams", "ArrayBuffer", "ReadableStream"]) {
      same(ct(new (class { get [Symbol.toStringTag]() { return tag; } })()), undefined, `a ${tag} of another realm`);
    }
    same(ct(new (class Issue {})()), "application/json; charset=utf-8", "a class instance");
    same(ct("x"), "application/json; charset=utf-8", "string");
    same(ct(null), "application/json; charset=utf-8", "null");
    same(mod.endpoint("POST /x", { data: "x", headers: { "content-type": null } }).headers["content-type"], undefined, "null suppresses it (D22)");
  }],
  ["request comes back as the very same object, merged with the defaults' when they have one (D27)", (mod) => {
    const request = { signal: typeof AbortController !== "undefined" ? new AbortController().signal : {}, timeout: 5 };
    ok(mod.endpoint("GET /x", { request }).request === request, "same object without defaults");
    const fetch = () => 1;
    const ep = mod.endpoint.defaults({ request: { fetch, retries: { n: 1, m: 2 } } });
    const r = ep("GET /x", { request: { retries: { n: 3 }, hook: fetch } }).request;
    ok(r.fetch === fetch && r.hook === fetch, "functions keep their identity");
    same(r.retries, { n: 3, m: 2 });
    same("request" in mod.endpoint("GET /x", { request: null }), false, "null request is not returned");
  }],
  ["bigints are written in decimal and come back as bigints (D12)", (mod) => {
    const big = 2n ** 70n;
    same(mod.endpoint("GET /x/{id}", { id: big, n: -5n }).url, `https://api.github.com/x/${big}?n=-5`);
    ok(mod.endpoint("POST /x", { id: big }).body.id === big, "bigint in the body");
    ok(mod.endpoint.merge("GET /x", { id: big }).id === big, "bigint in merge");
    same(mod.endpoint("GET /x", { headers: { "x-n": 5n } }).headers["x-n"], 5n, "a bigint header value is kept as given (D22)");
  }],
  ["numbers are written as String(n) (D12)", (mod) => {
    same(mod.endpoint("GET /x/{a}", { a: 1e21, b: 0.1, c: -0, d: NaN, e: Infinity }).url, "https://api.github.com/x/1e%2B21?b=0.1&c=0&d=NaN&e=Infinity");
  }],
  ["undefined values are dropped everywhere (D15)", (mod) => {
    same(mod.endpoint("POST /x", { a: undefined, b: 1, headers: { "X-A": undefined } }), {
      method: "post", url: "https://api.github.com/x",
      headers: { ...std(version(mod)), "content-type": "application/json; charset=utf-8" }, body: { b: 1 },
    });
  }],
  ["a Date in the query is ERR_INVALID_PARAMETER, in a body it is kept by reference (D16, D19)", (mod) => {
    const d = new Date(0);
    throwsCode(() => mod.endpoint("GET /x", { since: d }), "ERR_INVALID_PARAMETER", mod);
    ok(mod.endpoint("POST /x", { since: d }).body.since === d, "Date kept");
  }],
  ["__proto__, constructor and prototype are ordinary keys (D30)", (mod) => {
    const params = JSON.parse('{"__proto__":{"polluted":1},"constructor":"c"}');
    const r = mod.endpoint("POST /x", params);
    ok(Object.prototype.hasOwnProperty.call(r.body, "__proto__"), "own __proto__ key in the body");
    same(r.body.__proto__, { polluted: 1 });
    same({}.polluted, undefined, "Object.prototype is not polluted");
    same(r.body.constructor, "c");
    same(mod.endpoint("GET /x", JSON.parse('{"__proto__":"p","constructor":"c"}')).url, "https://api.github.com/x?__proto__=p&constructor=c");
  }],
  ["merge() with no arguments returns the defaults, endpoint() with none is ERR_MISSING_URL (D7)", (mod) => {
    same(mod.endpoint.merge(), mod.endpoint.DEFAULTS);
    throwsCode(() => mod.endpoint(), "ERR_MISSING_URL", mod);
  }],
  ["a method that is not a string, or null in parse(), is ERR_UNSUPPORTED_METHOD (D4)", (mod) => {
    const e = throwsCode(() => mod.endpoint({ method: 12, url: "/x" }), "ERR_UNSUPPORTED_METHOD", mod);
    ok(!/ a undefined| a null/.test(e.message), `the message reads well: ${e.message}`);
    throwsCode(() => mod.endpoint.parse({ method: null, url: "/x", baseUrl: "https://h.example" }), "ERR_UNSUPPORTED_METHOD", mod);
    const r = throwsCode(() => mod.endpoint(undefined, { url: "/x" }), "ERR_INVALID_ARGUMENT", mod);
    ok(r.message.includes("undefined") && !r.message.includes("a undefined"), r.message);
  }],
  ["merge() returns NaN and Infinity as given; endpoint() and parse(merge()) write them alike (D12, spec: endpoint is parse of merge)", (mod) => {
    const m = mod.endpoint.merge("GET /x", { a: NaN, b: Infinity, c: -Infinity });
    ok(Number.isNaN(m.a) && m.b === Infinity && m.c === -Infinity, "the values given");
    same(mod.endpoint.parse(m).url, mod.endpoint("GET /x", { a: NaN, b: Infinity, c: -Infinity }).url);
    same(mod.endpoint.parse(m).url, "https://api.github.com/x?a=NaN&b=Infinity&c=-Infinity");
  }],
  ["every error code is reached from JavaScript (D28)", (mod) => {
    const ep = mod.endpoint;
    throwsCode(() => ep(42), "ERR_INVALID_ARGUMENT", mod);
    throwsCode(() => ep({ url: "/x" }, {}), "ERR_INVALID_ARGUMENT", mod); // D7
    throwsCode(() => ep("GET /x", "options"), "ERR_INVALID_ARGUMENT", mod);
    throwsCode(() => ep("G3T /x"), "ERR_INVALID_ROUTE", mod);
    throwsCode(() => ep("TRACE /x"), "ERR_UNSUPPORTED_METHOD", mod);
    throwsCode(() => ep({ method: "GET" }), "ERR_MISSING_URL", mod);
    throwsCode(() => ep("GET /x/{y"), "ERR_INVALID_TEMPLATE", mod);
    throwsCode(() => ep("GET /x", { a: { b: 1 } }), "ERR_INVALID_PARAMETER", mod);
    throwsCode(() => ep("GET /x", { data: "x" }), "ERR_BODY_NOT_ALLOWED", mod);
    throwsCode(() => ep("GET /repos/{owner}/{repo}/issues"), "ERR_MISSING_PARAMETER", mod); // D34
    const e = throwsCode(() => ep("GET /x", { headers: { authorization: "token s3cret\r\nX: y" } }), "ERR_INVALID_HEADER", mod);
    ok(!e.message.includes("s3cret"), "the credential is not in the message (D23)");
    same(e.field, "headers.authorization");
  }],
  ["each error carries the rule of docs/behaviour.md the input broke, the same from endpoint, merge, parse and defaults (D28)", (mod) => {
    const ep = mod.endpoint;
    const rule = (fn, code) => throwsCode(fn, code, mod).rule;
    const cyclic = [1];
    cyclic.push(cyclic);
    same([
      rule(() => ep("TRACE /x"), "ERR_UNSUPPORTED_METHOD"),
      rule(() => ep("GET /x y"), "ERR_INVALID_ROUTE"),
      rule(() => ep({ method: "GET" }), "ERR_MISSING_URL"),
      rule(() => ep("GET /x", { baseUrl: "not a url" }), "ERR_INVALID_ARGUMENT"),
      rule(() => ep("GET /x/{y"), "ERR_INVALID_TEMPLATE"),
      rule(() => ep("GET /x/{l:1}", { l: ["a"] }), "ERR_INVALID_PARAMETER"),
      rule(() => ep("GET /x", { a: { b: 1 } }), "ERR_INVALID_PARAMETER"),
      rule(() => ep("GET /x", { data: "x" }), "ERR_BODY_NOT_ALLOWED"),
      rule(() => ep("GET /x", { headers: { x: "a\nb" } }), "ERR_INVALID_HEADER"),
      rule(() => ep("GET /x", { labels: cyclic }), "ERR_INVALID_ARGUMENT"),
      rule(() => ep("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", { owner: "o", repo: "r", hook_id: 1, url: "https://hooks.example.com/x" }), "ERR_INVALID_ARGUMENT"),
      rule(() => ep("DELETE /repos/{owner}/{repo}", { owner: "o", repo: ".." }), "ERR_INVALID_PARAMETER"),
      rule(() => ep("GET /x", { "fields[]": [[1]] }), "ERR_INVALID_PARAMETER"),
      rule(() => ep("GET /repos/{owner}/{repo}/issues", { owner: "o", reop: "r" }), "ERR_MISSING_PARAMETER"),
      rule(() => ep("GET /x", { headers: 1 }), "ERR_INVALID_ARGUMENT"),
      rule(() => ep(42), "ERR_INVALID_ARGUMENT"),
      rule(() => mod.toFetch(null), "ERR_INVALID_ARGUMENT"),
    ], ["D4", "D6", "D7", "D8", "D14", "D11", "D16", "D19", "D22", "D29", "D31", "D32", "D33", "D34", "D28", "D28", "D5"]);
    same(rule(() => ep.merge("GET /x", { headers: { x: "a\nb" } }), "ERR_INVALID_HEADER"), "D22", "merge");
    same(rule(() => ep.defaults({ method: "TRACE" }), "ERR_UNSUPPORTED_METHOD"), "D4", "defaults");
    same(rule(() => ep.parse({ method: "GET", url: "/x/{y", headers: {} }), "ERR_INVALID_TEMPLATE"), "D14", "parse");
    same(new mod.EndpointError("ERR_INVALID_ARGUMENT", "endpoint: x: y", "x").rule, "", "an EndpointError made without a rule");
  }],
  ["cyclic or too deep input is ERR_INVALID_ARGUMENT where the engine reads it, and the next call works (D29)", (mod) => {
    const cyclic = [1];
    cyclic.push(cyclic);
    throwsCode(() => mod.endpoint("GET /x", { labels: cyclic }), "ERR_INVALID_ARGUMENT", mod);
    let deep = [];
    for (let i = 0; i < 300; i++) deep = [deep];
    throwsCode(() => mod.endpoint("GET /x", { deep }), "ERR_INVALID_ARGUMENT", mod);
    let deepObject = {};
    for (let i = 0; i < 300; i++) deepObject = { a: deepObject };
    const ep = mod.endpoint.defaults({ x: { a: 1 } });
    throwsCode(() => ep("POST /y", { x: deepObject }), "ERR_INVALID_ARGUMENT", mod); // merged with the default's x (D21)
    let fine = [];
    for (let i = 0; i < 250; i++) fine = [fine];
    same(mod.endpoint("GET /x", { fine }).url, "https://api.github.com/x?fine=", "250 levels are read");
    same(mod.endpoint("GET /x").url, "https://api.github.com/x");
  }],
  ["a body value is the caller's own, not walked: a cyclic or deep one comes back as it is (D15, D29)", (mod) => {
    const cyclic = { a: 1 };
    cyclic.self = cyclic;
    const r = mod.endpoint("POST /x", { payload: cyclic });
    ok(r.body.payload === cyclic, "the very same object");
    let deep = [];
    for (let i = 0; i < 5000; i++) deep = [deep];
    ok(mod.endpoint("POST /x", { deep }).body.deep === deep, "a 5,000-deep body value by reference");
    const big = "x".repeat(1 << 20);
    ok(mod.endpoint("POST /x", { big }).body.big === big, "a 1 MB string by reference");
  }],
  ["input too large for the engine to read is an error, found early, and the next call works (D29, README: Limits)", (mod) => {
    const mb = "x".repeat(1e6);
    let t = Date.now();
    throwsCode(() => mod.endpoint("GET /x/" + "{a}".repeat(1000), { a: mb }), "ERR_INVALID_PARAMETER", mod);
    ok(Date.now() - t < 20000, `a thousand expressions of 1 MB: refused in ${Date.now() - t} ms`);
    throwsCode(() => mod.endpoint("GET /x", { headers: { "x-big": "x".repeat(17 << 20) } }), "ERR_INVALID_ARGUMENT", mod);
    throwsCode(() => mod.endpoint("GET /x/{a}", { a: "x".repeat(17 << 20) }), "ERR_INVALID_ARGUMENT", mod);
    // The limit is the call's: twenty values of 1 MB each read in part.
    const many = {};
    for (let i = 0; i < 20; i++) many[`v${i}`] = mb;
    throwsCode(() => mod.endpoint(`POST /x/${Object.keys(many).map((k) => `{${k}:1}`).join("")}`, many), "ERR_INVALID_ARGUMENT", mod);
    same(mod.endpoint("POST /x", { a: mb }).body.a === mb, true, "a large body value is not read");
    same(mod.endpoint("GET /x").url, "https://api.github.com/x");
  }],
  ["a getter that calls the endpoint while its options are read is ERR_INVALID_ARGUMENT, and nothing is corrupted (D29)", (mod) => {
    const inner = { get owner() { return mod.endpoint("GET /inner").url; } };
    throwsCode(() => mod.endpoint("GET /repos/{owner}", inner), "ERR_INVALID_ARGUMENT", mod);
    // A long array is read only when the engine loads it, in the middle of its call.
    const labels = new Array(20).fill("a");
    Object.defineProperty(labels, 0, { get() { mod.endpoint("GET /inner"); return "a"; }, enumerable: true });
    throwsCode(() => mod.endpoint("GET /x", { labels }), "ERR_INVALID_ARGUMENT", mod);
    same(mod.endpoint("GET /repos/{owner}", { owner: "o" }).url, "https://api.github.com/repos/o");
  }],
  ["a getter of merged options that calls the endpoint while merge() compares them with its last answer is refused, and merge() answers for them (D29)", (mod) => {
    for (const key of ["zz", "a"]) { // a new member, a member of the answer
      const m = mod.endpoint.merge("GET /x/{a}", { a: "1" });
      const threw = [];
      let inside = false;
      Object.defineProperty(m, key, {
        enumerable: true,
        configurable: true,
        get() {
          if (!inside) {
            inside = true;
            for (const f of [() => mod.endpoint.parse(m), () => mod.endpoint.merge("GET /other/{b}", { b: "2" })]) {
              try { f(); } catch (e) { threw.push(e.code); }
            }
            inside = false;
          }
          return "val";
        },
      });
      const r = mod.endpoint.merge(m);
      same(threw.join(), "ERR_INVALID_ARGUMENT,ERR_INVALID_ARGUMENT", `nested calls from the getter of ${key}`);
      same(r.url, "/x/{a}", `the url of merge() with a getter of ${key}`);
      same(r[key], "val");
    }
    same(mod.endpoint("GET /repos/{owner}", { owner: "o" }).url, "https://api.github.com/repos/o");
  }],
  ["after 100,000 calls mixing valid and invalid input the runtime still answers correctly (D29)", (mod) => {
    const want = JSON.stringify(mod.endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", page: 1 }));
    let errors = 0;
    for (let i = 0; i < 100000; i++) {
      if (i % 4 === 0) {
        try { mod.endpoint("GET /x/{", {}); } catch (e) { if (e.code === "ERR_INVALID_TEMPLATE") errors++; }
      } else if (i % 4 === 1) {
        try { mod.endpoint("POST /x", { h: "\ud800", headers: { "bad name": 1 } }); } catch (e) { if (e.code === "ERR_INVALID_HEADER") errors++; }
      } else {
        const got = JSON.stringify(mod.endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", page: 1 }));
        if (got !== want) throw new Error(`call ${i}: ${got}`);
      }
    }
    same(errors, 50000, "errors raised");
    same(JSON.stringify(mod.endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", page: 1 })), want);
  }],
  ["toFetch gives fetch arguments with the method upper-cased and a JSON body (D5)", (mod) => {
    const [url, init] = mod.toFetch(mod.endpoint("PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", name: "n" }));
    same(url, "https://api.github.com/repos/o/r");
    same(init.method, "PATCH");
    same(init.body, '{"name":"n"}');
    same(init.headers["content-type"], "application/json; charset=utf-8");
    const [, get] = mod.toFetch(mod.endpoint("GET /x"));
    same("body" in get, false);
  }],
  ["toFetch gives duplex \"half\" with a stream body, which fetch requires, and not with text or bytes (D5, D19)", (mod) => {
    const stream = new ReadableStream({ start(c) { c.enqueue(new Uint8Array([1])); c.close(); } });
    const [, init] = mod.toFetch(mod.endpoint("POST /x", { data: stream }));
    ok(init.body === stream, "the stream as it is");
    same(init.duplex, "half");
    const iterable = (async function* chunks() { yield new Uint8Array([1]); })();
    same(mod.toFetch(mod.endpoint("POST /x", { data: iterable }))[1].duplex, "half", "an async iterable, as a Node Readable is");
    for (const data of ["text", new Uint8Array([1]), { a: 1 }, [1]]) same("duplex" in mod.toFetch(mod.endpoint("POST /x", { data }))[1], false, `no duplex for ${JSON.stringify(data)}`);
  }],
  ["toFetch reads body and request.signal only where the result holds them, whatever other code put on Object.prototype (D30)", (mod) => {
    const r = mod.endpoint("DELETE /repos/{owner}/{repo}", { owner: "o", repo: "r", request: { retries: 1 } });
    const signal = new AbortController().signal;
    Object.prototype.body = "from Object.prototype";
    Object.prototype.signal = signal;
    let init;
    try {
      init = mod.toFetch(r)[1];
    } finally {
      delete Object.prototype.body;
      delete Object.prototype.signal;
    }
    same(Object.keys(init), ["method", "headers"], "a DELETE without a body or signal");
  }],
  ["toFetch leaves no caller data in RegExp.input, which V8 keeps after a match: a body with a bigint and a token (D12, D23)", (mod) => {
    const token = "ghp_0123456789abcdefghijklmnopqrstuvwxyz";
    const r = mod.endpoint("POST /x", { id: 12345678901234567890n, token });
    /clean/.test("clean");
    same(mod.toFetch(r)[1].body, `{"id":12345678901234567890,"token":"${token}"}`);
    same(RegExp.input, "clean", "RegExp.input");
  }],
  ["toFetch refuses a url holding a credential with an EndpointError that says to use headers.authorization and quotes no token (D5, D23)", (mod) => {
    const token = "ghp_0123456789abcdefghijklmnopqrstuvwxyz";
    const r = mod.endpoint("GET /user", { baseUrl: `https://x:${token}@ghe.example/api/v3` });
    const e = throwsCode(() => mod.toFetch(r), "ERR_INVALID_ARGUMENT", mod);
    same(e.field, "url");
    ok(!e.message.includes("ghp_") && !e.message.includes(":x"), `no credential in ${e.message}`);
    ok(e.message.includes("https://[redacted]@ghe.example") && e.message.includes("headers.authorization"), e.message);
    // An @ in the path or query is no userinfo.
    same(mod.toFetch(mod.endpoint("GET /users/{u}", { u: "a@b", q: "c@d" }))[0], "https://api.github.com/users/a%40b?q=c%40d");
    same(mod.toFetch({ method: "get", url: "https://h.example/a@b?c=@", headers: {} })[0], "https://h.example/a@b?c=@");
  }],
  ["results never share a headers object, and a __proto__ header stays a header (D2, D30)", (mod) => {
    const a = mod.endpoint("GET /x"), b = mod.endpoint("GET /x");
    ok(a.headers !== b.headers, "a fresh headers object per result");
    a.headers.accept = "changed";
    same(mod.endpoint("GET /x").headers.accept, "application/vnd.github.v3+json");
    const ep = mod.endpoint.defaults({ headers: JSON.parse('{"__proto__":"p","x-null":null}') });
    const h = ep("GET /x").headers;
    ok(Object.prototype.hasOwnProperty.call(h, "__proto__"), "own __proto__ header");
    same(h.__proto__, "p");
    same("x-null" in h, false, "a null default header is not sent");
    same(Object.keys(h), ["accept", "user-agent", "__proto__"]);
    // A JSON body's headers: the defaults' and then its content-type (D20).
    const p = ep("POST /x", { a: 1 }), q = ep("POST /x", { a: 2 });
    ok(p.headers !== q.headers, "a fresh headers object per POST result");
    same(Object.keys(p.headers), ["accept", "user-agent", "__proto__", "content-type"]);
    same(p.headers["content-type"], "application/json; charset=utf-8");
    same(p.headers.__proto__, "p");
    const parsed = ep.parse(ep.merge("POST /x", { a: 1 }));
    same(parsed.headers, p.headers, "parse(merge()) gives the same headers");
    ok(parsed.headers !== p.headers, "and its own object");
  }],
  ["parse() returns fresh headers: the given ones less nulls, or none (spec: parse)", (mod) => {
    const merged = mod.endpoint.merge("GET /x", { headers: { "x-a": "1", "x-null": null } });
    const r = mod.endpoint.parse(merged);
    same(r.headers, { accept: "application/vnd.github.v3+json", "user-agent": r.headers["user-agent"], "x-a": "1" });
    ok(r.headers !== merged.headers, "a copy");
    same(mod.endpoint.parse({ method: "GET", baseUrl: "https://h.example", url: "/x" }), { method: "get", url: "https://h.example/x", headers: {} });
  }],
  ["parse() of a merge() result sees every change made to it since, whatever ran before (spec rule 6)", (mod) => {
    const ep = mod.endpoint;
    class K {}
    const route = "POST /repos/{owner}/{repo}/issues";
    const params = () => ({ owner: "o", repo: "r", state: "open", labels: ["bug"], extra: { deep: { x: 1 } } });
    const changes = [
      ["nothing", () => {}],
      ["a parameter set", (m) => { m.state = "closed"; }],
      ["a parameter added", (m) => { m.page = 2; }],
      ["a parameter deleted", (m) => { delete m.state; }],
      ["keys reordered", (m) => { const s = m.state; delete m.state; m.state = s; }],
      ["an index key added", (m) => { m["0"] = "zero"; }],
      ["a value set to undefined", (m) => { m.state = undefined; }],
      ["the method set", (m) => { m.method = "PATCH"; }],
      ["a header set", (m) => { m.headers.accept = "text/plain"; }],
      ["a header added", (m) => { m.headers["x-a"] = "1"; }],
      ["headers replaced", (m) => { m.headers = { "x-only": "1" }; }],
      ["a preview pushed", (m) => { m.mediaType.previews.push("squirrel-girl"); }],
      ["mediaType.format set", (m) => { m.mediaType.format = "raw"; }],
      ["a nested array element set", (m) => { m.labels[0] = "changed"; }],
      ["a nested array grown", (m) => { m.labels.push("more"); }],
      ["a nested object edited", (m) => { m.extra.deep.x = 2; }],
      ["a nested object replaced by an equal one", (m) => { m.extra = { deep: { x: 1 } }; }],
      ["a nested object made a class instance", (m) => { Object.setPrototypeOf(m.extra, K.prototype); }],
    ];
    const unchanged = ep.parse(ep.merge(route, params()));
    // Before m2's merge(): a merge() left unparsed, so that merge() asks Go
    // for the merge alone; or a parse(merge()), so that it asks for both.
    const modes = { "merge alone": () => ep.merge("GET /other"), "merge and parse": () => ep.parse(ep.merge("GET /other")) };
    for (const [what, change] of changes) {
      for (const [mode, before] of Object.entries(modes)) {
        const m1 = ep.merge(route, params());
        change(m1);
        ep.merge("GET /other"); // m1 is no longer the last merge: parse writes it out
        const want = ep.parse(m1);
        before();
        const m2 = ep.merge(route, params());
        change(m2);
        const got = ep.parse(m2);
        same(got, want, `${what} (${mode})`);
        same(ep.parse(m2), want, `${what} (${mode}), parsed again`);
        if (what !== "nothing" && !what.includes("equal")) {
          ok(JSON.stringify(want) !== JSON.stringify(unchanged) || what.includes("class"), `${what}: the change shows in the result`);
        }
        if (what.includes("class")) ok(got.body.extra === m2.extra, `${what}: a class instance is kept by reference (D19)`);
      }
    }
    // Bigints and host values are listed after the merge output: parse()
    // writes such results out itself.
    for (const p of [{ id: 12n }, { id: 1, request: { timeout: 5 } }]) {
      ep.parse(ep.merge("GET /x/{id}"));
      same(ep.parse(ep.merge("GET /x/{id}", p)), ep("GET /x/{id}", p), `parse(merge()) of ${Object.keys(p)}`);
    }
  }],
  ["merge(), merge() of its changed result and parse() give the same answers whatever ran before: each merge trims one -preview, every time (D25)", (mod) => {
    const ep = mod.endpoint;
    const run = () => {
      const m = ep.merge("GET /x", { mediaType: { previews: ["a-preview-preview-preview"] } });
      m.headers["x-a"] = "1";
      const m2 = ep.merge(m);
      return [m.mediaType.previews, m2.mediaType.previews, ep.parse(m2).headers.accept];
    };
    for (let i = 0; i < 5; i++) same(run(), [["a-preview-preview"], ["a-preview"], "application/vnd.github.a-preview+json"], `round ${i}`);
  }],
  ["a client answers the same, and its DEFAULTS are the same, after 300 other clients were made and used (spec rules 1, 2)", (mod) => {
    const ep = mod.endpoint;
    const raw = ep.defaults({ mediaType: null }).defaults({ mediaType: { format: "raw" } });
    const big = ep.defaults({ a: "x".repeat(1 << 20) }).defaults({ b: "y".repeat(1 << 20), headers: { authorization: "token big" } });
    const look = () => [raw.DEFAULTS, raw.merge("GET /x"), raw("GET /x"), big("POST /x").body.a.length, big("POST /x").body.b.length, big.DEFAULTS.headers];
    const before = look();
    same(before[0].mediaType, { format: "raw" }, "a mediaType merged over null");
    for (let i = 0; i < 300; i++) ep.defaults({ headers: { authorization: `token ${i}` }, per_page: i })("GET /y");
    same(look(), before);
  }],
  ["parse() of a merge() result places the body as it is then: data changed to binary after merge() gets no JSON content-type (D20)", (mod) => {
    const ep = mod.endpoint;
    for (let i = 0; i < 3; i++) {
      const m = ep.merge("POST /x", { data: "text" });
      same(ep.parse(m).headers["content-type"], "application/json; charset=utf-8", `a string (${i})`);
      m.data = new Uint8Array(1);
      same(ep.parse(m).headers["content-type"], undefined, `then bytes (${i})`);
    }
  }],
  ["an error names its field the same way every time, however often the same call fails (D28)", (mod) => {
    const messages = [];
    for (let i = 0; i < 4; i++) messages.push(throwsCode(() => mod.endpoint.parse(mod.endpoint.merge("GET /x", { "": {} })), "ERR_INVALID_PARAMETER", mod).message);
    same(messages, new Array(4).fill("endpoint: : an object has no query-string encoding"));
  }],
  ["merge() and parse() of a merge() result see its default headers deleted, renamed, swapped or moved, whatever ran before", (mod) => {
    const ep = mod.endpoint;
    // The same parameters each time, so that only the headers differ.
    const route = "GET /repos/{owner}/{repo}/issues", params = () => ({ owner: "o", repo: "r", state: "open" });
    const changes = [
      ["a default header deleted", (h) => { delete h.accept; }],
      ["a default header renamed, its value kept in place", (h) => ({ "x-accept": h.accept, "user-agent": h["user-agent"] })],
      ["the default headers' names swapped, their values kept in place", (h) => ({ "user-agent": h.accept, accept: h["user-agent"] })],
      ["a default header moved after another", (h) => { const ua = h["user-agent"]; delete h["user-agent"]; h["x-a"] = "1"; h["user-agent"] = ua; }],
    ];
    const change = (m, f) => { m.headers = f(m.headers) ?? m.headers; };
    for (const [what, f] of changes) {
      const m1 = ep.merge(route, params());
      change(m1, f);
      ep.merge("GET /other"); // another call between
      const want = ep.parse(m1), wantMerged = ep.merge(m1);
      ok(JSON.stringify(want.headers) !== JSON.stringify(ep(route, params()).headers), `${what}: the change shows`);
      ep.parse(ep.merge("GET /other")); // and another pair
      const m2 = ep.merge(route, params());
      change(m2, f);
      same(ep.parse(m2), want, `${what}: parse()`);
      const m3 = ep.merge(route, params());
      change(m3, f);
      same(ep.merge(m3), wantMerged, `${what}: merge()`);
    }
  }],
  ["text beyond ASCII reaches Go intact, in short and long options, urls and bodies", (mod) => {
    const word = "é€😀 ñ", long = "日本語".repeat(200);
    same(mod.endpoint("GET /x/{w}", { w: word }).url, "https://api.github.com/x/%C3%A9%E2%82%AC%F0%9F%98%80%20%C3%B1");
    same(mod.endpoint("POST /x", { t: word, u: long }).body, { t: word, u: long });
    same(mod.endpoint("POST /x", { ["ключ"]: word }).body, { ["ключ"]: word });
    same(mod.endpoint("GET /x", { q: "a", ["ключ"]: word }).url, "https://api.github.com/x?q=a&%D0%BA%D0%BB%D1%8E%D1%87=%C3%A9%E2%82%AC%F0%9F%98%80%20%C3%B1");
  }],
  ["text of every length crosses intact both ways, in a url, a query, a key and a header, however long", (mod) => {
    for (const n of [5, 100, 200, 300, 1100, 3000, 30000]) { // 30,000: text too long for the shim's staging buffer (protocol.js, STAGE)
      for (const unit of ["a b:", "é€😀 ñ"]) {
        const v = unit.repeat(Math.ceil(n / unit.length)).slice(0, n).replace(/[\ud800-\udbff]$/, "x");
        const r = mod.endpoint("GET /x/{+p}{?w}", { p: v, w: v, [v.slice(0, 40)]: 1 });
        same(r.url, `https://api.github.com/x/${encodeURI(v)}?w=${encodeURIComponent(v)}&${encodeURIComponent(v.slice(0, 40))}=1`, `${n} characters of ${JSON.stringify(unit)}`);
        same(mod.endpoint.merge("GET /x", { headers: { [`x-${n}`]: v.replace(/[^\x20-\x7e]/g, "_") } }).headers[`x-${n}`], v.replace(/[^\x20-\x7e]/g, "_"));
      }
    }
  }],
  ["text past ASCII at any place crosses whole, on both sides of the length up to which browsers write text through the builtins (text.js, SCRATCH), and a lone surrogate bound for the url is refused wherever it is (D12)", (mod) => {
    for (const n of [1, 2, 40, 1023, 1024, 1025, 1100]) {
      for (const k of new Set([0, n >> 1, n - 1])) {
        for (const unit of ["é", "😀", "\u0080"]) {
          const v = "a".repeat(k) + unit + "b".repeat(n - k - 1);
          same(mod.endpoint("GET /x{?q}", { q: v }).url, `https://api.github.com/x?q=${encodeURIComponent(v)}`, `${JSON.stringify(unit)} at ${k} of ${n}`);
        }
        const lone = "a".repeat(k) + "\ud800" + "b".repeat(n - k - 1);
        same(throwsCode(() => mod.endpoint("GET /x{?q}", { q: lone }), "ERR_INVALID_PARAMETER", mod).message, "endpoint: q: lone surrogate in a value bound for the url", `lone surrogate at ${k} of ${n}`);
      }
    }
  }],
  ["a body field named url passed as a parameter is refused, its message pointing to data, where it goes with the body's other fields (D31)", (mod) => {
    const route = "PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config";
    const e = throwsCode(() => mod.endpoint(route, { owner: "o", repo: "r", hook_id: 1, url: "https://hooks.example.com/receive", headers: { authorization: "token s3cr3t" } }), "ERR_INVALID_ARGUMENT", mod);
    same(e.field, "url");
    ok(e.message.startsWith('endpoint: url: the url option "https://hooks.example.com/receive"') && e.message.includes("data: { url, ... }"), e.message);
    ok(!e.message.includes("s3cr3t"), "no credential in the message (D23)");
    throwsCode(() => mod.endpoint.merge(route, { owner: "o", repo: "r", hook_id: 1, url: "https://hooks.example.com/receive" }), "ERR_INVALID_ARGUMENT", mod);
    same(mod.endpoint(route, { owner: "o", repo: "r", hook_id: 1, data: { url: "https://hooks.example.com/receive", content_type: "json" } }), {
      method: "patch",
      url: "https://api.github.com/repos/o/r/hooks/1/config",
      headers: { ...std(version(mod)), "content-type": "application/json; charset=utf-8" },
      body: { url: "https://hooks.example.com/receive", content_type: "json" },
    });
  }],
  ["a url option replaces another within its origin, and a url with none to replace goes where it says (D31)", (mod) => {
    const issues = mod.endpoint.defaults({ url: "/repos/{owner}/{repo}/issues", owner: "o", repo: "r" });
    same(issues({ url: "https://api.github.com/repositories/1/issues?page=2" }).url, "https://api.github.com/repositories/1/issues?page=2&owner=o&repo=r", "a next-page link over a defaults() url");
    same(mod.endpoint("POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name}", { url: "https://uploads.github.com/repos/o/r/releases/1/assets{?name}", name: "a.zip", data: "x" }).url,
      "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip", "an upload url over the route's, on its host");
    same(mod.endpoint("GET /a", { url: "https://API.github.com:443/b" }).url, "https://API.github.com:443/b", "the host's case and a default port make no other origin");
    same(mod.endpoint({ method: "GET", url: "https://elsewhere.example/x" }).url, "https://elsewhere.example/x", "no url to replace");
    same(mod.endpoint("GET https://elsewhere.example/x").url, "https://elsewhere.example/x", "an absolute route");
  }],
  ["a url on another origin does not replace the route's, a defaults() url or a layer's, in endpoint(), merge() or defaults() (D31)", (mod) => {
    const code = "ERR_INVALID_ARGUMENT";
    throwsCode(() => mod.endpoint("GET /a", { url: "https://evil.example/b" }), code, mod);
    throwsCode(() => mod.endpoint("GET /a", { url: "https://api.github.com@evil.example/b" }), code, mod);
    throwsCode(() => mod.endpoint("GET /a", { url: "http://api.github.com/b" }), code, mod);
    throwsCode(() => mod.endpoint("GET https://api.github.com/a", { url: "/b", baseUrl: "https://evil.example" }), code, mod);
    const layer = mod.endpoint.defaults({ url: "/repos/{owner}/{repo}/issues" });
    throwsCode(() => layer({ url: "https://evil.example/x" }), code, mod);
    throwsCode(() => layer("GET https://evil.example/x"), code, mod);
    throwsCode(() => layer.merge({ url: "https://evil.example/x" }), code, mod);
    const e = throwsCode(() => layer.defaults({ url: "https://evil.example/x" }), code, mod);
    ok(e.message.includes("the url set by defaults()"), e.message);
  }],
  ["a long header value or mediaType member set by defaults() is checked and applied as a call's is (D22, D24-D26)", (mod) => {
    const long = "x".repeat(300);
    for (const headers of [{ authorization: `bearer ${long}\r\nx-injected: yes` }, { "user-agent": `${long}\0` }]) {
      same(throwsCode(() => mod.endpoint.defaults({ headers }), "ERR_INVALID_HEADER", mod).field, `headers.${Object.keys(headers)[0]}`);
    }
    same(throwsCode(() => mod.endpoint.defaults({ mediaType: { format: `${long}\n` } }), "ERR_INVALID_HEADER", mod).field, "mediaType.format");
    same(throwsCode(() => mod.endpoint.defaults({ mediaType: { previews: [`${long}\n`] } }), "ERR_INVALID_HEADER", mod).field, "mediaType.previews");
    const token = mod.endpoint.defaults({ headers: { authorization: `bearer ${long}` } });
    same(token("GET /user").headers.authorization, `bearer ${long}`);
    const vendor = mod.endpoint.defaults({ headers: { accept: `application/vnd.github.v3+json, application/x-${long}` } });
    same(vendor("GET /x", { mediaType: { format: "raw" } }).headers.accept, `application/vnd.github.v3.raw, application/x-${long}`, "a format rewrites the vendor entry (D24)");
    const octet = mod.endpoint.defaults({ headers: { accept: `application/octet-stream, application/x-${long}` } });
    same(octet("GET /x", { mediaType: { format: "raw" } }).headers.accept, `application/octet-stream, application/x-${long}`, "octet-stream is kept as it is (D26)");
    const format = mod.endpoint.defaults({ mediaType: { format: long } });
    same(format("GET /x").headers.accept, `application/vnd.github.v3.${long}`, "D24");
    same(format.defaults({ headers: { "x-a": "1" } })("GET /x").headers.accept, `application/vnd.github.v3.${long}`, "a layer over it (D24)");
    const preview = mod.endpoint.defaults({ mediaType: { previews: [`p${long}`] } });
    same(preview("GET /x").headers.accept, `application/vnd.github.p${long}-preview+json`, "D25");
    same(preview("GET /x"), preview.parse(preview.merge("GET /x")), "endpoint() is parse(merge())");
  }],
  ["a long string inside a list or object set by defaults() is read where the url uses it, as in a call (spec rule 6, D11, D16, D21, D33)", (mod) => {
    const long = "x".repeat(300);
    const cases = [[{ q: { c: long } }, "GET /y{?q}"], [{ q: [long] }, "GET /y"], [{ "f[]": [long, "b"] }, "GET /y"], [{ p: ["a", long] }, "GET /y{/p*}"], [{ q: [["a", long]] }, "GET /y"]];
    for (const [defaults, route] of cases) {
      const client = mod.endpoint.defaults(defaults);
      same(client(route), mod.endpoint(route, defaults), `${route} ${Object.keys(defaults)[0]}`);
      same(client.parse(client.merge(route)), mod.endpoint(route, defaults), `${route}, parse(merge())`);
    }
    same(mod.endpoint.defaults({ q: { c: long } }).defaults({ q: { d: "1" } })("GET /y{?q*}"), mod.endpoint("GET /y{?q*}", { q: { c: long, d: "1" } }), "a layer's object merged with another's (D21)");
  }],
  ["a parameter may not make a . or .. path segment, %2e forms included; ..., .well-known and the template's own dots stay (D32)", (mod) => {
    const e = throwsCode(() => mod.endpoint("DELETE /repos/{owner}/{repo}", { owner: "victim", repo: ".." }), "ERR_INVALID_PARAMETER", mod);
    same(e.field, "repo");
    same(throwsCode(() => mod.endpoint("GET /repos/{owner}/{repo}/git/ref/{+ref}", { owner: "o", repo: "r", ref: "../../../user" }), "ERR_INVALID_PARAMETER", mod).field, "ref");
    same(throwsCode(() => mod.endpoint("GET /x/{+x}/y", { x: "%2e%2E" }), "ERR_INVALID_PARAMETER", mod).field, "x");
    same(throwsCode(() => mod.endpoint("GET /x{/list*}", { list: ["a", "."] }), "ERR_INVALID_PARAMETER", mod).field, "list");
    for (const ref of ["..?", ".#x", "%2e%2e?a=1", "a/..#"]) { // the dots end the path, a query or fragment after them
      same(throwsCode(() => mod.endpoint("DELETE /repos/{owner}/{repo}/git/refs/{+ref}", { owner: "o", repo: "r", ref }), "ERR_INVALID_PARAMETER", mod).field, "ref", ref);
    }
    same(mod.endpoint("GET /x/{+ref}", { ref: "a?.." }).url, "https://api.github.com/x/a?..", "dots in the query make no segment");
    same(throwsCode(() => mod.endpoint.parse({ method: "GET", url: "/x/{a}/y", baseUrl: "https://ghe.example/api/v3", a: ".." }), "ERR_INVALID_PARAMETER", mod).field, "a");
    same(mod.endpoint("GET /x/{a}/{b}/{c}", { a: "...", b: ".well-known", c: "../y" }).url, "https://api.github.com/x/.../.well-known/..%2Fy");
    same(mod.endpoint("GET /a/../b/./{x}", { x: "y" }).url, "https://api.github.com/a/../b/./y", "dots written in the template");
    same(mod.endpoint("GET /x", { q: ".." }).url, "https://api.github.com/x?q=..", "the query is no path");
    same(mod.endpoint.merge("GET /x/{a}", { a: ".." }).a, "..", "merge() expands nothing");
  }],
  ["a GET query key ending in [] with an array is written once per element, nulls left out; in a body the key is ordinary (D33)", (mod) => {
    same(mod.endpoint("GET /orgs/{org}/projectsV2/{project_number}/items", { org: "o", project_number: 1, "fields[]": [1, 2n, "a b", null, undefined], per_page: 10 }).url,
      "https://api.github.com/orgs/o/projectsV2/1/items?fields%5B%5D=1&fields%5B%5D=2&fields%5B%5D=a%20b&per_page=10");
    same(mod.endpoint("HEAD /x", { "a[]": [null], "b[]": [], c: [1, 2] }).url, "https://api.github.com/x?c=1%2C2", "nothing for a list of nulls; any other array is joined (D16)");
    same(throwsCode(() => mod.endpoint("GET /x", { "fields[]": [[1]] }), "ERR_INVALID_PARAMETER", mod).field, "fields[]");
    throwsCode(() => mod.endpoint("GET /x", { "fields[]": [{ id: 1 }] }), "ERR_INVALID_PARAMETER", mod);
    same(mod.endpoint("POST /x", { "fields[]": [1, 2] }).body, { "fields[]": [1, 2] });
  }],
  ["a middle path segment without its parameter is ERR_MISSING_PARAMETER naming it, the url and the parameters given; an empty string, the last segment and merge() are fine (D34)", (mod) => {
    const e = throwsCode(() => mod.endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", reop: "r" }), "ERR_MISSING_PARAMETER", mod);
    same(e.field, "repo");
    same(e.message, 'endpoint: repo: no value for {repo}, a whole segment in the middle of the url "/repos/{owner}/{repo}/issues"; the parameters given are owner, reop');
    throwsCode(() => mod.endpoint("GET /orgs/:org/repos", { org: null }), "ERR_MISSING_PARAMETER", mod);
    throwsCode(() => mod.endpoint.parse(mod.endpoint.merge("GET /repos/{owner}/{repo}/issues", { owner: "o" })), "ERR_MISSING_PARAMETER", mod);
    same(mod.endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "" }).url, "https://api.github.com/repos/o//issues", "an empty string is a value");
    same(mod.endpoint("GET /repos/{owner}/{repo}/branches/{branch}", { owner: "o", repo: "r" }).url, "https://api.github.com/repos/o/r/branches", "the last segment left out");
    same(mod.endpoint("GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "" }).url, "https://api.github.com/repos/o/r/contents", "contents of the root");
    same(mod.endpoint.merge("GET /repos/{owner}/{repo}/issues").url, "/repos/{owner}/{repo}/issues", "merge() does not check");
  }],
  ["messages quote urls without userinfo or query values (D23)", (mod) => {
    const base = throwsCode(() => mod.endpoint("GET /x", { baseUrl: "https://admin:hunter2hunter2@ghe.corp/api/v3 " }), "ERR_INVALID_ARGUMENT", mod);
    ok(!base.message.includes("hunter2") && base.message.includes("https://[redacted]@ghe.corp/api/v3 "), base.message);
    const tpl = throwsCode(() => mod.endpoint("GET /x/{y?client_secret=c1i3nts3cr3t&access_token=acc3sst0k3n"), "ERR_INVALID_TEMPLATE", mod);
    ok(!/c1i3nts3cr3t|acc3sst0k3n/.test(tpl.message) && tpl.message.includes("client_secret=[redacted]"), tpl.message);
    const other = throwsCode(() => mod.endpoint("GET /x", { url: "https://evil.example/?access_token=acc3sst0k3n" }), "ERR_INVALID_ARGUMENT", mod);
    ok(!other.message.includes("acc3sst0k3n"), other.message);
    // As a browser reads the url: the userinfo runs to the last "@", a query value to "&" or "#".
    const at = "https://admin:P@ss w0rd9@ghe.corp/api/v3";
    for (const e of [
      throwsCode(() => mod.endpoint("GET /x", { url: at }), "ERR_INVALID_ARGUMENT", mod),
      throwsCode(() => mod.endpoint("GET /x", { baseUrl: at }), "ERR_INVALID_ARGUMENT", mod),
      throwsCode(() => mod.endpoint.defaults({ url: at + "/x" })("GET https://evil.example/x"), "ERR_INVALID_ARGUMENT", mod),
    ]) ok(!/w0rd9|admin|P@ss/.test(e.message) && e.message.includes("https://[redacted]@ghe.corp/api/v3"), e.message);
    for (const url of ["https://evil.example/x?client_secret=abc;SECRETpart&b=1", "https://evil.example/x?client_secret=abc SECRETpart#f"]) {
      const e = throwsCode(() => mod.endpoint("GET /x", { url }), "ERR_INVALID_ARGUMENT", mod);
      ok(!/abc|SECRETpart/.test(e.message) && e.message.includes("client_secret=[redacted]"), e.message);
    }
  }],
  ["toFetch writes a bigint of a JSON body as a number in decimal, and a bigint header in decimal (D5, D12, D22)", (mod) => {
    const big = 2n ** 70n;
    const [, init] = mod.toFetch(mod.endpoint("POST /x", { id: big, ids: [1n, -2n], text: "1n", nested: { n: 0n }, headers: { "content-length": 10n } }));
    same(init.body, `{"id":${big},"ids":[1,-2],"text":"1n","nested":{"n":0}}`);
    same(init.headers["content-length"], "10");
    same(mod.endpoint("GET /x", { headers: { "content-length": 10n } }).headers["content-length"], 10n, "the result keeps the bigint (D22)");
  }],
  ["toFetch throws an EndpointError for what it cannot turn into fetch's arguments (D5, D28)", (mod) => {
    const cyclic = { a: 1 };
    cyclic.self = cyclic;
    const e = throwsCode(() => mod.toFetch(mod.endpoint("POST /x", { cyclic })), "ERR_INVALID_ARGUMENT", mod);
    same([e.field, e.message.includes("\n")], ["body", false]);
    same(throwsCode(() => mod.toFetch(null), "ERR_INVALID_ARGUMENT", mod).field, "options");
    same(throwsCode(() => mod.toFetch({ method: "GET", url: "/x" }), "ERR_INVALID_ARGUMENT", mod).field, "headers");
    const throwing = { toJSON() { throw new RangeError("no"); } };
    same(throwsCode(() => mod.toFetch(mod.endpoint("POST /x", { throwing })), "ERR_INVALID_ARGUMENT", mod).field, "body");
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    same(throwsCode(() => mod.toFetch(proxy), "ERR_INVALID_ARGUMENT", mod).field, "options", "options that cannot be read");
    same(throwsCode(() => mod.toFetch({ method: "get", url: "https://h.example/x", headers: {}, request: proxy }), "ERR_INVALID_ARGUMENT", mod).field, "options", "a request that cannot be read");
  }],
  ["what a getter, a toJSON or a toString throws is the error's cause, and its message, which may hold a token, is not quoted (D23, D28)", (mod) => {
    const token = "ghp_0123456789abcdefghij0123456789abcdefgh";
    const thrown = new Error(`lease for ${token} expired`);
    const throwing = { get() { throw thrown; }, enumerable: true };
    const labels = Object.defineProperty(new Array(20).fill("a"), 0, throwing); // read only where the engine loads it
    const cases = [
      ["options", () => mod.endpoint("GET /user", Object.defineProperty({}, "headers", throwing))],
      ["options", () => mod.endpoint("GET /issues{?labels}", { labels })],
      ["body", () => mod.toFetch(mod.endpoint("POST /x", { a: { toJSON() { throw thrown; } } }))],
      ["headers.authorization", () => mod.toFetch({ method: "get", url: "https://h.example/x", headers: { authorization: { toString() { throw thrown; } } } })],
    ];
    for (const [field, call] of cases) {
      const e = throwsCode(call, "ERR_INVALID_ARGUMENT", mod);
      same([e.field, e.message.includes("ghp_0123"), e.cause === thrown], [field, false, true], e.message);
    }
  }],
  ["nothing a client holds leads to another client's token", (mod) => {
    const token = "ghp_ALICE0123456789abcdefghij0123456789";
    const alice = mod.endpoint.defaults({ headers: { authorization: `token ${token}` } });
    const bob = mod.endpoint.defaults({ headers: { "x-tenant": "bob" } });
    const seen = new Set(), found = [];
    const visit = (v, path) => {
      if (v === null || (typeof v !== "object" && typeof v !== "function")) {
        if (typeof v === "string" && v.includes(token)) found.push(path);
        return;
      }
      if (seen.has(v)) return;
      seen.add(v);
      if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) {
        const bytes = new Uint8Array(ArrayBuffer.isView(v) ? v.buffer : v);
        if (new TextDecoder("latin1").decode(bytes).includes(token)) found.push(path);
        return;
      }
      for (const k of Reflect.ownKeys(v)) {
        const d = Object.getOwnPropertyDescriptor(v, k);
        if (d && "value" in d) visit(d.value, `${path}.${String(k)}`);
      }
      visit(Object.getPrototypeOf(v) === Function.prototype ? null : Object.getPrototypeOf(v), `${path}.__proto__`);
    };
    visit(bob, "bob");
    same(found, []);
    same(alice.DEFAULTS.headers.authorization, `token ${token}`);
  }],
  ["DEFAULTS read from something that is no endpoint is an EndpointError (D28)", (mod) => {
    const client = mod.endpoint.defaults({ baseUrl: "https://ghe.example/api/v3" });
    const get = Object.getOwnPropertyDescriptor(client, "DEFAULTS").get;
    same(throwsCode(() => get.call({}), "ERR_INVALID_ARGUMENT", mod).field, "DEFAULTS");
    same(Object.create(client).DEFAULTS.baseUrl, "https://ghe.example/api/v3", "through an object made with an endpoint as prototype");
  }],
  ["a getter that throws an EndpointError has it re-thrown as it is; anything else it throws is ERR_INVALID_ARGUMENT (D28)", (mod) => {
    const mine = new mod.EndpointError("ERR_INVALID_PARAMETER", "endpoint: mine: made by the program", "mine");
    for (const call of [(o) => mod.endpoint("GET /x", o), (o) => mod.endpoint("POST /x", o), (o) => mod.endpoint("GET /x", { headers: o }), (o) => mod.endpoint.defaults(o)]) {
      let thrown = null;
      try {
        call({ get a() { throw mine; } });
      } catch (e) {
        thrown = e;
      }
      ok(thrown === mine, `the very error: ${thrown && thrown.message}`);
    }
    const e = throwsCode(() => mod.endpoint("GET /x", { get a() { throw new RangeError("boom"); } }), "ERR_INVALID_ARGUMENT", mod);
    ok(e.cause instanceof RangeError && e.cause.message === "boom", "what the getter threw is the error's cause (D23)");
  }],
  ["a stack overflow at any depth, in any operation, leaves the next call correct on every client: its own answer, never another's (D29)", (mod) => {
    const { endpoint } = mod;
    const ghe = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3", headers: { authorization: "token abc" } });
    const ops = [
      () => ghe("POST /y/{b}", { b: "c", d: 1 }),
      () => ghe("POST /y/{b}", { b: "c".repeat(300), d: 1 }), // held: Go calls back for it
      () => ghe("GET /y{?q*}", { q: { a: "x".repeat(300), b: "y" }, list: Array(40).fill("v") }),
      () => endpoint.defaults({ n: { a: 1 } })("POST /y", { n: { b: "x".repeat(300) } }),
      () => ghe.merge("POST /y/{b}", { b: "c" }),
      () => endpoint.parse({ method: "POST", url: "/y/{b}", baseUrl: "https://ghe.example", headers: {}, b: "c".repeat(300) }),
      () => ghe.defaults({ e: "x".repeat(300) }),
    ];
    // atLimit recurses until the stack is exhausted, then calls fn k frames
    // above that, so that fn fails somewhere inside, wherever k puts it.
    const atLimit = (k, fn) => {
      let left = -1, error = null;
      const down = () => {
        try {
          down();
        } catch {
          if (left === -1) left = k;
        }
        if (left === 0) {
          left = -2;
          try {
            fn();
          } catch (e) {
            error = e;
          }
        } else if (left > 0) left--;
      };
      down();
      return error;
    };
    const thrown = new Set();
    for (const op of ops) {
      for (let k = 0; k < 1200; k += 2) {
        const e = atLimit(k, op);
        if (e !== null) {
          ok(e instanceof RangeError || e instanceof mod.EndpointError, `what is thrown is a RangeError or an EndpointError: ${e}`);
          thrown.add(e instanceof mod.EndpointError ? e.code : e.name);
          if (e instanceof mod.EndpointError) ok(!/cannot nest/.test(e.message), `at ${k} frames from the limit: ${e.message}`);
        }
        same(endpoint("GET /x/{a}", { a: 1 }), { method: "get", url: "https://api.github.com/x/1", headers: std(version(mod)) }, `the next call, ${k} frames from the limit`);
      }
    }
    ok(thrown.size > 0, "the probe reached the stack's limit");
    same(ghe("POST /y/{b}", { b: "c" }).url, "https://ghe.example/api/v3/y/c", "and the client made before");
  }],
  ["no string of a call stays reachable through RegExp.input once it returns: a long token, a route (D23)", (mod) => {
    for (const call of [
      (secret) => mod.endpoint("GET /x", { headers: { authorization: secret } }),
      (secret) => mod.endpoint(`GET /x?access_token=${secret}`),
      (secret) => mod.endpoint("POST /x", { a: secret }),
    ]) {
      const secret = `t${"0123456789".repeat(7000)}`;
      /x/.test("x"); // RegExp.input is now "x"
      call(secret);
      ok(!String(RegExp.input).includes("0123456789"), `RegExp.input holds the call's text (${String(RegExp.input).length} characters)`);
    }
  }],
  ["the package leaves nothing on the global object", (mod) => {
    same(typeof globalThis.Go, "undefined", "globalThis.Go");
    same(Object.keys(globalThis).filter((k) => /^endpointWasm\d/.test(k)), [], "bridge objects");
  }],
];

/**
 * runAll runs every case of list (this suite's, unless given) on mod and
 * returns [{name, ok, error}] (for the browser).
 */
export function runAll(mod, list = cases) {
  return list.map(([name, fn]) => {
    try {
      fn(mod);
      return { name, ok: true };
    } catch (e) {
      return { name, ok: false, error: String(e && e.stack || e) };
    }
  });
}
