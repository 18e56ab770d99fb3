// The JS suite in Node, through the package's own exports map ("node"
// condition), plus the Node-only entry points: require() and init.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import * as mod from "endpoint-wasm";
import * as initMod from "endpoint-wasm/init";
import { START, withSection } from "./sections.js";
import { cases } from "./suite.js";

for (const [name, fn] of cases) test(`node: ${name}`, () => fn(mod));

test("node: require() of the package works (no top-level await in the node entry)", () => {
  const require = createRequire(import.meta.url);
  const { endpoint } = require("endpoint-wasm");
  assert.equal(endpoint("GET /user").url, "https://api.github.com/user");
});

test("node: the version in user-agent is package.json's (D1)", () => {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
  assert.equal(mod.endpoint.DEFAULTS.headers["user-agent"], `endpoint-wasm/${pkg.version}`);
});

test("node: with the package's entry imported too, endpoint-wasm/init's endpoint answers before init(), init() resolves to the engine it loaded, init() given another module says the engine is loaded already, and the two entries share EndpointError", async () => {
  assert.equal(initMod.endpoint("GET /y").url, "https://api.github.com/y", "the package's entry loaded the engine");
  const loaded = "endpoint: cannot load endpoint.wasm: this realm's engine is loaded already (by another entry of endpoint-wasm), and a realm runs one";
  for (const [options, given] of [[{ wasmModule: new Uint8Array([0, 1, 2, 3]) }, "wasmModule"], [{ wasmURL: "https://example.com/other.wasm" }, "wasmURL https://example.com/other.wasm"]]) {
    await assert.rejects(initMod.init(options), (e) => e instanceof mod.EndpointError && e.code === "ERR_WASM_LOAD" &&
      e.message === `${loaded}: the ${given} given is not used (call init() with no options to use the loaded engine)`);
  }
  const p1 = initMod.init();
  assert.equal(p1, initMod.init(), "a second init returns the first promise");
  assert.equal(await p1, mod.endpoint, "one engine");
  await assert.rejects(initMod.init({ wasmModule: new WebAssembly.Module(readFileSync(new URL("../../dist/endpoint.wasm", import.meta.url))) }),
    (e) => e.code === "ERR_WASM_LOAD" && e.message.includes("(by an earlier init())"), "a module given after init() is not ignored either");
  assert.equal(initMod.EndpointError, mod.EndpointError, "one class");
  assert.equal(initMod.endpoint("GET /x").url, "https://api.github.com/x");
  assert.equal(initMod.endpoint.DEFAULTS.baseUrl, "https://api.github.com");
  assert.equal(performance.getEntriesByName("endpoint-wasm:ready").length, 1, "one engine started");
});

test("npm pack ships dist/ with the licences of what the wasm contains, package.json, README.md and LICENSE, and nothing else", async () => {
  const { execFileSync } = await import("node:child_process");
  const root = new URL("../..", import.meta.url).pathname;
  const [info] = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
  const files = info.files.map((f) => f.path).sort();
  for (const f of ["dist/endpoint.wasm", "dist/index.js", "dist/node.js", "dist/init.js", "dist/global.js", "dist/go.js", "dist/to-fetch.js", "dist/index.d.ts", "dist/init.d.ts", "dist/global.d.ts", "dist/NOTICES.txt", "package.json", "README.md", "LICENSE"]) {
    assert.ok(files.includes(f), `${f} is shipped`);
  }
  // The wasm holds the Go runtime and standard library and
  // jtacoma/uritemplates, both BSD-3-Clause, whose notices must travel with
  // binary copies.
  const notices = readFileSync(new URL("../../dist/NOTICES.txt", import.meta.url), "utf8");
  for (const notice of ["Copyright 2009 The Go Authors.", "Copyright (c) 2013 Joshua Tacoma. All rights reserved.", "Redistributions in binary form must reproduce the above"]) {
    assert.ok(notices.includes(notice), `dist/NOTICES.txt holds "${notice}"`);
  }
  const stray = files.filter((f) => !f.startsWith("dist/") && !["package.json", "README.md", "LICENSE"].includes(f));
  assert.deepEqual(stray, [], "nothing but dist/, package.json, README.md and LICENSE");
  assert.ok(!files.includes("dist/build.mjs"), "the build script is not shipped");
});

test("node: the low-level global object main.go sets takes and gives JavaScript values, and answers as the module does", async () => {
  const { boot, prepare } = await import("../../dist/load.js");
  const bytes = readFileSync(new URL("../../dist/endpoint.wasm", import.meta.url));
  const rt = prepare();
  const module = new WebAssembly.Module(bytes);
  const api = boot(rt, new WebAssembly.Instance(module, rt.go.importObject), module);
  assert.ok(api && Object.values(rt.scope).includes(api), "main() set the API object in the loader's scope");
  assert.ok(!Object.values(globalThis).includes(api), "not on the real global object");
  const plain = (v) => JSON.parse(JSON.stringify(v, (_, x) => (typeof x === "bigint" ? `${x}n` : x)));
  const same = (got, want, msg) => assert.deepEqual(plain(got), plain(want), msg);
  const route = "GET /repos/{owner}/{repo}", options = { owner: "o", repo: "r", x: 1 };
  const d = { baseUrl: "https://h.example", per_page: 2 };
  same(api.endpoint(undefined, route, options), mod.endpoint(route, options));
  same(api.merge(null, route, options), mod.endpoint.merge(route, options));
  same(api.endpoint(d, route, options), mod.endpoint.defaults(d)(route, options));
  same(api.defaults(undefined, d), mod.endpoint.defaults(d).DEFAULTS);
  same(api.defaults(d, { per_page: 3 }), mod.endpoint.defaults(d).defaults({ per_page: 3 }).DEFAULTS);
  const merged = mod.endpoint.merge(route, options);
  same(api.parse(merged), mod.endpoint.parse(merged));
  same(api.DEFAULTS, mod.endpoint.DEFAULTS);
  const desc = Object.getOwnPropertyDescriptor(api, "DEFAULTS");
  assert.deepEqual({ ...desc, get: typeof desc.get }, { get: "function", set: undefined, enumerable: true, configurable: false },
    "DEFAULTS is a getter, listed among the object's keys and not redefinable");
  api.DEFAULTS.headers.accept = "changed";
  same(api.DEFAULTS, mod.endpoint.DEFAULTS, "DEFAULTS is a new object each time it is read (D2)");

  // Values JSON has no text for cross as themselves: numbers as JavaScript
  // writes them, bigints, undefined members, host values (the very value).
  const blob = new Blob(["x"]), hook = () => {};
  const body = { n: -0, big: 12345678901234567890n, inf: Infinity, u: undefined, list: [1.5, null, "s"], ["__proto__"]: { a: 1 } };
  const r = api.endpoint(undefined, "POST /x", { ...body, request: { hook } });
  same(r, mod.endpoint("POST /x", { ...body, request: { hook } }));
  assert.equal(r.body.big, 12345678901234567890n);
  assert.ok(Object.hasOwn(r.body, "__proto__"), "a __proto__ key stays a member (D30)");
  assert.equal(Object.getPrototypeOf(r.body), Object.getPrototypeOf(mod.endpoint("POST /x", body).body), "the JSON body has the shim's prototype (D18)");
  assert.equal(r.request.hook, hook, "a host value is the caller's own");
  const up = api.endpoint(undefined, "POST /upload", { data: blob });
  assert.equal(up.body, blob);
  assert.equal(up.headers["content-type"], undefined, "a Blob body gets no JSON content-type (D20)");
  const formOfAnotherLibrary = new (class { get [Symbol.toStringTag]() { return "FormData"; } })();
  assert.equal(api.endpoint(undefined, "POST /upload", { data: formOfAnotherLibrary }).headers["content-type"], undefined, "nor another library's FormData (D20)");

  // A lone surrogate crosses as itself (D12): refused where it would reach
  // the url, given back unchanged in a body, in a value or a key, however long.
  const lone = { t: "a\ud800b\ud83d\ude00", ["k\udc00"]: 1, long: "x".repeat(10000) + "\udfff" };
  same(api.endpoint(undefined, "POST /x", lone), mod.endpoint("POST /x", lone));
  assert.equal(api.endpoint(undefined, "POST /x", lone).body.long, lone.long);
  assert.deepEqual(Object.keys(api.endpoint(undefined, "POST /x", lone).body), Object.keys(lone));
  assert.deepEqual(api.endpoint(undefined, "GET /x/{a}", { a: "\ud800" }).error, { code: "ERR_INVALID_PARAMETER", field: "a", message: "endpoint: a: lone surrogate in a value bound for the url", rule: "D12" });

  assert.equal(api.endpoint(undefined, "TRACE /x").error.code, "ERR_UNSUPPORTED_METHOD");
  for (const route of [42, new String("GET /x"), 1n]) {
    assert.throws(() => mod.endpoint(route, {}), (e) => e.code === "ERR_INVALID_ARGUMENT" && e.field === "route");
    const e = api.endpoint(undefined, route, {}).error;
    assert.deepEqual([e.code, e.field], ["ERR_INVALID_ARGUMENT", "route"], "a route that is not a string is refused, as endpoint() refuses it");
  }
  assert.deepEqual(api.endpoint(undefined, "GET /x", "not an object").error.field, "options");
  const cyclic = { a: {} };
  cyclic.a.b = cyclic;
  const throws = (f) => {
    try {
      f();
    } catch (e) {
      return { code: e.code, field: e.field, message: e.message, rule: e.rule };
    }
  };
  assert.deepEqual(api.endpoint(undefined, "GET /x", cyclic).error, throws(() => mod.endpoint("GET /x", cyclic)), "a cyclic parameter is refused as endpoint() refuses it");
  for (const thrown of [new Error("no"), 42, null, Symbol("s"), Object.create(null)]) {
    const hostile = { get q() { throw thrown; } };
    assert.equal(api.endpoint(undefined, "GET /x", hostile).error.code, "ERR_INVALID_ARGUMENT", "a throwing getter is an error, not the end of the Go program");
  }
  // A getter that throws as the engine loads a held value fails that call as
  // endpoint() fails it, quoting nothing of what it threw (D23, D28).
  const labels = Array.from({ length: 20 }, (_, i) => `l${i}`);
  Object.defineProperty(labels, 5, { get() { throw new Error("token ghp_0123456789abcdef"); } });
  const loadFailed = api.endpoint(undefined, "GET /x{?labels}", { labels }).error;
  assert.deepEqual([loadFailed.code, loadFailed.field, loadFailed.rule], ["ERR_INVALID_ARGUMENT", "options", "D28"]);
  assert.ok(!loadFailed.message.includes("ghp_"), loadFailed.message);
  same(api.endpoint(undefined, route, options), mod.endpoint(route, options), "and the next call works");
  // What the shim holds, a member holds: a body value the engine never
  // reads is never read, however large, and comes back as the caller's own
  // (D15, D19, D29).
  let shared = {};
  for (let i = 0; i < 40; i++) shared = { a: shared, b: shared }; // 2^40 paths through 41 objects
  for (const big of [Object.assign([], { length: 1e8 }), shared, "x".repeat(1 << 25)]) {
    assert.equal(api.endpoint(undefined, "POST /x", { big }).body.big, big, "a large body value is the caller's own, unread");
  }
  // A held value the engine reads is loaded, as the shim's is.
  const loaded = { path: "a/".repeat(200), labels: Array.from({ length: 20 }, (_, i) => `l${i}`) };
  same(api.endpoint(undefined, "GET /x/{+path}{?labels}", loaded), mod.endpoint("GET /x/{+path}{?labels}", loaded), "held values the engine reads are loaded");
  const odd = new Proxy([], { get: (t, k) => (k === "length" ? "zz" : t[k]) });
  assert.equal(api.endpoint(undefined, "POST /x", { big: odd }).body.big, odd, "a Proxy's length that is no count is none, as the shim writes it; the value is the caller's own");
  same(api.endpoint(undefined, route, options), mod.endpoint(route, options), "and the next call works");
});

test("node: the global object's members reach the engine through the shim's wire: past its limits they give endpoint()'s errors, and they tell host classes by its list (D19, D20, D29)", async () => {
  const { boot, prepare } = await import("../../dist/load.js");
  const { HOST_CLASSES, MAX_DEPTH, MAX_MESSAGE } = await import("../../dist/wire.js");
  const bytes = readFileSync(new URL("../../dist/endpoint.wasm", import.meta.url));
  const rt = prepare();
  const module = new WebAssembly.Module(bytes);
  const api = boot(rt, new WebAssembly.Instance(module, rt.go.importObject), module);
  const plain = (v) => JSON.parse(JSON.stringify(v, (_, x) => (typeof x === "bigint" ? `${x}n` : x)));
  const shim = (f) => {
    try {
      return plain(f());
    } catch (e) {
      return { error: { code: e.code, field: e.field, message: e.message, rule: e.rule } };
    }
  };
  const nest = (levels) => { // an object of levels levels
    const top = {};
    let o = top;
    for (let i = 1; i < levels; i++) o = o.a = {};
    return top;
  };
  const cyclic = { a: {} };
  cyclic.a.b = cyclic;
  const huge = "x".repeat(MAX_MESSAGE + 1);
  const cases = [
    // A url value read by the engine: the shim loads it, the member writes it.
    ["GET /x/{a}", { a: huge }, "too large"],
    ["GET /x{?q}", { q: nest(MAX_DEPTH) }, "nested deeper"], // the options are level 1: q's deepest object is past the limit
    ["GET /x{?q}", { q: nest(MAX_DEPTH - 1) }, "ERR_INVALID_PARAMETER"], // within it: the engine's own error
    ["GET /x", { headers: { "x-a": cyclic } }, "nested deeper"],
    ["GET /x", { mediaType: { previews: [huge] } }, "too large"],
  ];
  for (const [route, options, want] of cases) {
    const got = plain(api.endpoint(undefined, route, options));
    assert.deepEqual(got, shim(() => mod.endpoint(route, options)), `${route}: the member answers as endpoint()`);
    assert.ok(JSON.stringify(got.error).includes(want), `${route}: ${JSON.stringify(got.error)} says ${want}`);
  }
  // A layer of defaults past the limits: refused as .defaults() refuses it.
  for (const defaults of [{ request: cyclic }, { headers: { "x-a": huge } }]) {
    assert.deepEqual(plain(api.defaults(undefined, defaults)), shim(() => mod.endpoint.defaults(defaults).DEFAULTS));
  }
  // Host values as data: each class of the wire's list, by constructor or
  // by tag (another library's), and a Node stream, as endpoint() tells it.
  const tagged = (name) => new (class { get [Symbol.toStringTag]() { return name; } })();
  const hosts = [new Uint8Array(2), { pipe() {}, on() {} }, new (class Other {})()];
  for (const [name] of HOST_CLASSES) {
    if (globalThis[name]) hosts.push(name === "File" ? new File(["x"], "f") : name === "Blob" ? new Blob(["x"]) : new globalThis[name](name.endsWith("Buffer") ? 2 : undefined));
    hosts.push(tagged(name));
  }
  for (const data of hosts) {
    const got = api.endpoint(undefined, "POST /upload", { data, headers: { "x-b": "1" } });
    const want = mod.endpoint("POST /upload", { data, headers: { "x-b": "1" } });
    assert.deepEqual(got.headers, want.headers, `${Object.prototype.toString.call(data)}: the same headers (D20)`);
    assert.equal(got.body, data, "the very value (D19)");
  }
});

test("node: if the engine stops (a trap, Go's fatal error), the call says so once and the next works on a fresh instance, layers included (D29)", async () => {
  const { boot, prepare, restarter } = await import("../../dist/load.js");
  const { createEndpoint } = await import("../../dist/shim.js");
  // The error class of these modules: dist/node.js is a bundle with its own.
  const { EndpointError } = await import("../../dist/errors.js");
  const bytes = readFileSync(new URL("../../dist/endpoint.wasm", import.meta.url));
  const module = new WebAssembly.Module(bytes);
  const rt = prepare();
  const instance = new WebAssembly.Instance(module, rt.go.importObject);
  boot(rt, instance, module);
  // The instance as the shim sees it, with a switch that makes its next
  // call trap as a dead Go runtime does.
  let trap = false;
  const exports = instance.exports;
  const trapping = { ...exports, ew_call: (n) => {
    if (trap) throw new WebAssembly.RuntimeError("unreachable");
    return exports.ew_call(n);
  } };
  const ep = createEndpoint(trapping, rt.hooks, restarter(module));
  const layer = ep.defaults({ baseUrl: "https://h.example", request: { n: 1 }, per_page: 2 });
  const want = layer("GET /x", { request: { m: 2 } });
  trap = true;
  const e = await Promise.resolve().then(() => layer("GET /x")).catch((x) => x);
  assert.ok(e instanceof EndpointError && e.code === "ERR_INTERNAL" && /stopped/.test(e.message), String(e));
  trap = false; // not reached again: the next call runs on a new instance
  assert.deepEqual(layer("GET /x", { request: { m: 2 } }), want, "a layer made before is made again");
  assert.equal(ep("GET /y").url, "https://api.github.com/y");
  assert.deepEqual(ep.defaults({ a: 1 })("GET /z").url, "https://api.github.com/z?a=1");
});

test("node: when what is thrown out of the engine cannot even be described (the stack is exhausted again), the instance is still let go: the next call answers its own request, never the previous one (D29)", async () => {
  const { boot, prepare, restarter } = await import("../../dist/load.js");
  const { createEndpoint } = await import("../../dist/shim.js");
  const module = new WebAssembly.Module(readFileSync(new URL("../../dist/endpoint.wasm", import.meta.url)));
  const rt = prepare();
  const instance = new WebAssembly.Instance(module, rt.go.importObject);
  boot(rt, instance, module);
  // A stack overflow inside Go leaves its runtime in the middle of a call:
  // called again, it answers at once with what its buffers hold, the
  // previous answer. Here: Go answers, then the call throws a value whose
  // message throws too, as V8 does again at the stack's limit.
  let phase = "ok";
  const exports = instance.exports;
  const overflowing = { ...exports, ew_call: (n) => {
    if (phase === "wedged") return 0; // a runtime stopped mid-call: the last answer stands
    const status = exports.ew_call(n);
    if (phase === "overflow") {
      phase = "wedged";
      throw { get message() { throw new RangeError("Maximum call stack size exceeded"); } };
    }
    return status;
  } };
  const ep = createEndpoint(overflowing, rt.hooks, restarter(module));
  const ghe = ep.defaults({ baseUrl: "https://ghe.example/api/v3", headers: { authorization: "token abc" } });
  phase = "overflow";
  assert.throws(() => ghe("POST /y/{b}", { b: "c" }));
  assert.deepEqual(ep("GET /x/{a}", { a: 1 }), { method: "get", url: "https://api.github.com/x/1", headers: ep.DEFAULTS.headers });
});

test("node: a url value too large for the engine to read is refused without growing the engine's memory (D29)", async () => {
  const { prepare, start } = await import("../../dist/load.js");
  const rt = prepare();
  const module = new WebAssembly.Module(readFileSync(new URL("../../dist/endpoint.wasm", import.meta.url)));
  const inst = new WebAssembly.Instance(module, rt.go.importObject);
  const ep = start(rt, inst, module);
  const size = () => inst.exports.mem.buffer.byteLength;
  assert.equal(ep("GET /x{?a*}", { a: Array(1000).fill("abcdef") }).url, `https://api.github.com/x?${Array(1000).fill("a=abcdef").join("&")}`);
  const before = size();
  assert.throws(() => ep("GET /x{?a*}", { a: Array(3e6).fill("abcdef") }), (e) => e.code === "ERR_INVALID_ARGUMENT" && /too large/.test(e.message));
  assert.equal(size(), before, "the engine's memory did not grow");
  assert.equal(ep("GET /x/{a}", { a: 1 }).url, "https://api.github.com/x/1");
});

test("node: if Go's runtime exits in a call without a trap (a fatal error such as running out of memory), the call says so and the next works on a fresh instance (D29)", async () => {
  const { boot, prepare, restarter } = await import("../../dist/load.js");
  const { createEndpoint } = await import("../../dist/shim.js");
  const { EndpointError } = await import("../../dist/errors.js");
  const module = new WebAssembly.Module(readFileSync(new URL("../../dist/endpoint.wasm", import.meta.url)));
  // What Go's runtime does on a fatal error inside an export: wasm_exec
  // marks it exited, and the export returns whatever its stack held: an
  // unknown status, or one that looks like success.
  for (const held of [3969392, 0]) {
    const rt = prepare();
    const instance = new WebAssembly.Instance(module, rt.go.importObject);
    boot(rt, instance, module);
    let dies = false;
    const exports = instance.exports;
    const exiting = { ...exports, ew_call: (n) => {
      if (!dies) return exports.ew_call(n);
      rt.go.exited = true;
      return held;
    } };
    const ep = createEndpoint(exiting, rt.hooks, restarter(module));
    assert.equal(ep("GET /x").url, "https://api.github.com/x");
    dies = true;
    const e = await Promise.resolve().then(() => ep("GET /x")).catch((x) => x);
    assert.ok(e instanceof EndpointError && e.code === "ERR_INTERNAL" && /exited/.test(e.message), String(e));
    assert.equal(ep("GET /y").url, "https://api.github.com/y", "the next call works, on a fresh instance");
  }
});

test("node: what Go writes to its standard error reaches the console (wasm_exec's fs is reachable inside the private scope)", async () => {
  const { prepare, start } = await import("../../dist/load.js");
  const shipped = readFileSync(new URL("../../dist/endpoint.wasm", import.meta.url));
  const preinitialised = WebAssembly.Module.customSections(new WebAssembly.Module(shipped), START).length > 0;
  const rt = prepare();
  const lines = [];
  const log = console.log;
  console.log = (...a) => lines.push(a.join(" "));
  const line = "endpoint-wasm: a line Go writes";
  try {
    if (preinitialised) {
      // A pre-initialised module keeps no code that starts Go again (run's
      // goes with Go's start), so the runtime's write is called as Go calls
      // it, on a page of memory Go does not use: fd 2, then the bytes.
      const module = new WebAssembly.Module(shipped);
      const instance = new WebAssembly.Instance(module, rt.go.importObject);
      start(rt, instance, module);
      const at = instance.exports.mem.grow(1) * 65536;
      rt.go.importObject.gojs["runtime.resetMemoryDataView"](); // as Go does when its memory grows
      const bytes = new TextEncoder().encode(line + "\n");
      const view = new DataView(instance.exports.mem.buffer);
      view.setBigInt64(at + 8, 2n, true);
      view.setBigInt64(at + 16, BigInt(at + 64), true);
      view.setInt32(at + 24, bytes.length, true);
      new Uint8Array(instance.exports.mem.buffer, at + 64, bytes.length).set(bytes);
      rt.go.importObject.gojs["runtime.wasmWrite"](at);
    } else {
      // Go's runtime, started a second time over its own start, prints why
      // it stops: a module built with PLAIN=1 starts, then is run again.
      const module = new WebAssembly.Module(withSection(shipped, START, null));
      const instance = new WebAssembly.Instance(module, rt.go.importObject);
      start(rt, instance, module);
      await rt.go.run(instance).catch(() => {});
    }
  } finally {
    console.log = log;
  }
  const want = preinitialised ? (l) => l === line : (l) => /^fatal error: randinit twice/.test(l);
  assert.ok(lines.some(want), `Go's output reached the console: ${lines.slice(0, 2)}`);
});

// The first call in a fresh process compiles the engine's code for the call
// (V8 compiles each function on its first run). With glibc's malloc, the
// entry keeps the memory V8 frees between two functions for the next, where
// it would otherwise take fresh pages from the system for each (over a
// thousand page faults, which cost most of that call's time). Elsewhere, and
// with a module built with PLAIN=1, whose first call also grows the bridge's
// buffers and takes the allocator's first memory (what the pre-initialised
// module did when it was built), the call is only checked to answer.
test("node: in a fresh process, the first call of the pre-initialised module takes fewer than 700 fresh pages of memory from the system where malloc is glibc's", () => {
  const code = `const { endpoint } = await import("endpoint-wasm");
    const before = process.resourceUsage().minorPageFault;
    const { url } = endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 100 });
    const faults = process.resourceUsage().minorPageFault - before;
    process.stdout.write(JSON.stringify({ url, faults, glibc: !!process.report.getReport().header.glibcVersionRuntime }));`;
  const root = new URL("../..", import.meta.url).pathname;
  const { url, faults, glibc } = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", code], { cwd: root, encoding: "utf8" }));
  assert.equal(url, "https://api.github.com/repos/octokit/rest.js/issues?state=open&per_page=100");
  const shipped = readFileSync(new URL("../../dist/endpoint.wasm", import.meta.url));
  const preinitialised = WebAssembly.Module.customSections(new WebAssembly.Module(shipped), START).length > 0;
  if (process.platform === "linux" && glibc && preinitialised) assert.ok(faults < 700, `the first call took ${faults} fresh pages`);
});
