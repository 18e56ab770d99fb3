// Loading can fail; importing cannot. In Chromium, the default entry is
// served with endpoint.wasm missing (404), as HTML (a dev server's SPA
// fallback), with a wrong MIME type and under a Content Security Policy
// without 'wasm-unsafe-eval', and the classic script is opened from
// file://; in Node, with the file missing or
// not WebAssembly, and init() is given modules that are not endpoint.wasm.
// Each load failure is an EndpointError saying what happened, and the page
// or process goes on.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { launch, resultsOf } from "./browser.js";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const dist = join(root, "dist");
const wasm = readFileSync(join(dist, "endpoint.wasm"));
const HTML = "<!doctype html>\n<html><head><title>My app</title></head><body><div id=app></div></body></html>\n";

// What the server answers for /<scenario>/endpoint.wasm.
const scenarios = {
  missing: [404, "text/plain", "not found"],
  html: [200, "text/html; charset=utf-8", HTML],
  "wrong-mime": [200, "text/plain; charset=utf-8", wasm],
  csp: [200, "application/wasm", wasm],
  "csp-wasm": [200, "application/wasm", wasm],
};

// The Content Security Policy of the page, by scenario: one that allows
// scripts from the page's origin (and its inline module) but not
// WebAssembly, and the same with the source the load error names added.
const policies = {
  csp: "script-src 'self' 'unsafe-inline'",
  "csp-wasm": "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'",
};

// serveScenarios serves /<scenario>/load.html (the page), endpoint.wasm as
// the scenario says, and any other name from dist/.
async function serveScenarios() {
  const server = createServer((req, res) => {
    const [, scenario, file] = new URL(req.url, "http://x").pathname.split("/");
    if (file === "endpoint.wasm" && scenarios[scenario]) {
      const [status, type, body] = scenarios[scenario];
      return res.writeHead(status, { "content-type": type }).end(body);
    }
    try {
      const body = file === "load.html" ? readFileSync(join(root, "js/test/pages/load.html")) : readFileSync(join(dist, file));
      const policy = file === "load.html" && policies[scenario] ? { "content-security-policy": policies[scenario] } : {};
      res.writeHead(200, { "content-type": file.endsWith(".html") ? "text/html" : "text/javascript", ...policy }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

const loadFailed = (message) => ({ name: "EndpointError", code: "ERR_WASM_LOAD", message: `endpoint: cannot load endpoint.wasm: ${message}`, isEndpointError: true });
const notInitialized = (message, extra = { isEndpointError: true }) => ({
  error: { name: "EndpointError", code: "ERR_NOT_INITIALIZED", message: `endpoint: not initialized: loading failed (cannot load endpoint.wasm: ${message})`, ...extra },
});
const failedWith = (message) => ({ rejected: loadFailed(message), call: notInitialized(message) });

const pages = {};
{
  const server = await serveScenarios();
  const browser = await launch();
  try {
    for (const scenario of Object.keys(scenarios)) pages[scenario] = await resultsOf(browser, `${server.origin}/${scenario}/load.html`, 20000).catch((e) => ({ pageFailed: e.message }));
  } finally {
    await browser.close();
    await server.close();
  }
}

test("chromium: with endpoint.wasm missing (404) the import succeeds, ready rejects with the HTTP status and what to change, and calls name it", () => {
  assert.deepEqual(pages.missing, failedWith("the server answered HTTP 404 Not Found for ORIGIN/missing/endpoint.wasm" +
    " (esbuild and Rollup do not emit endpoint.wasm: copy it beside the bundle, or use init({ wasmURL }))"));
});

test("chromium: with an HTML page in place of endpoint.wasm, ready rejects naming the content type and the page's first bytes", () => {
  assert.deepEqual(pages.html, failedWith(
    'ORIGIN/html/endpoint.wasm (HTTP 200, text/html; charset=utf-8) is not a WebAssembly module: it starts with "<!doctype html> <html><head><title>My app</title" ' +
    "(an HTML page: a wrong URL, or a dev server answering a missing file with its index page?)"));
});

test("chromium: endpoint.wasm served with a wrong MIME type still loads (compiled from the bytes)", () => {
  assert.deepEqual(pages["wrong-mime"], { url: "https://api.github.com/x" });
});

test("chromium: under a Content Security Policy without 'wasm-unsafe-eval', ready rejects naming the source to add, and with it added the page loads", () => {
  const [message] = pages.csp.rejected.message.match(/(?<=cannot load endpoint\.wasm: ).*/);
  assert.match(message, /^ORIGIN\/csp\/endpoint\.wasm \(HTTP 200, application\/wasm\) did not compile: /);
  assert.deepEqual(pages.csp, failedWith(message));
  assert.ok(message.endsWith(" (the page's Content Security Policy blocks WebAssembly: add 'wasm-unsafe-eval' to script-src)"), message);
  assert.deepEqual(pages["csp-wasm"], { url: "https://api.github.com/x" });
});

test("chromium: the classic script on a page opened from file:// rejects saying to serve the page over http", async () => {
  const dir = mkdtempSync(join(tmpdir(), "ew-file-"));
  const browser = await launch();
  try {
    cpSync(join(dist, "global.js"), join(dir, "global.js"));
    cpSync(join(dist, "endpoint.wasm"), join(dir, "endpoint.wasm"));
    writeFileSync(join(dir, "index.html"), `<!doctype html><meta charset="utf-8"><title>opened from a file</title>
<script src="global.js"></script>
<script>
  endpointWasm.ready.then(() => (window.__results = "loaded"), (e) => (window.__results = { name: e.name, code: e.code, message: e.message }));
</script>`);
    const r = await resultsOf(browser, `file://${dir}/index.html`, 20000);
    assert.deepEqual(r, { name: "EndpointError", code: "ERR_WASM_LOAD", message: `endpoint: cannot load endpoint.wasm: fetching file://${dir}/endpoint.wasm failed: Failed to fetch ` +
      "(a page opened from file:// cannot fetch files: serve it over http)" });
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

// node runs a module in a new Node process and returns what it printed
// and its exit code: an unhandled rejection would end it with code 1.
function node(code) {
  try {
    return { status: 0, out: JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", code], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })) };
  } catch (e) {
    return { status: e.status, out: e.stdout, err: e.stderr };
  }
}

const outcome = `
  const describe = (e) => ({ name: e.name, code: e.code, message: e.message.replaceAll(dir, "DIR") });
  const outcome = async (m) => {
    let call;
    try { call = { value: m.endpoint("GET /x").url }; } catch (e) { call = { error: describe(e) }; }
    return m.ready.then((ep) => ({ url: ep("GET /x").url, call }), (e) => ({ rejected: describe(e), call }));
  };`;

test("node: with endpoint.wasm missing, importing the package succeeds; ready rejects and calls throw, naming the missing file", () => {
  const dir = mkdtempSync(join(tmpdir(), "ew-missing-"));
  try {
    cpSync(dist, dir, { recursive: true, filter: (f) => !f.endsWith(".wasm") });
    const r = node(`const dir = ${JSON.stringify(dir)};${outcome} console.log(JSON.stringify(await outcome(await import(dir + "/node.js"))));`);
    const message = "DIR/endpoint.wasm is missing (a bundle needs endpoint.wasm copied beside it)";
    assert.deepEqual(r, { status: 0, out: { rejected: { name: "EndpointError", code: "ERR_WASM_LOAD", message: `endpoint: cannot load endpoint.wasm: ${message}` }, call: notInitialized(message, {}) } });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("node: with an HTML file in place of endpoint.wasm, ready rejects saying so", () => {
  const dir = mkdtempSync(join(tmpdir(), "ew-html-"));
  try {
    cpSync(dist, dir, { recursive: true, filter: (f) => !f.endsWith(".wasm") });
    writeFileSync(join(dir, "endpoint.wasm"), HTML);
    const r = node(`const dir = ${JSON.stringify(dir)};${outcome} console.log(JSON.stringify((await outcome(await import(dir + "/node.js"))).rejected));`);
    assert.deepEqual(r, { status: 0, out: { name: "EndpointError", code: "ERR_WASM_LOAD",
      message: 'endpoint: cannot load endpoint.wasm: DIR/endpoint.wasm is not a WebAssembly module: it starts with "<!doctype html> <html><head><title>My app</title" (an HTML page: a wrong URL, or a dev server answering a missing file with its index page?)' } });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// A module with the exports of a Go program (mem, run) whose run traps:
// it instantiates, and Go's run() promise rejects.
const TRAPS = [0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 6, 1, 0x60, 2, 0x7f, 0x7f, 0, 3, 2, 1, 0, 5, 3, 1, 0, 1,
  7, 13, 2, 3, 0x72, 0x75, 0x6e, 0, 0, 3, 0x6d, 0x65, 0x6d, 2, 0, 10, 5, 1, 3, 0, 0, 0x0b];
const EMPTY = [0, 0x61, 0x73, 0x6d, 1, 0, 0, 0];

test("node: a failed init() rejects with ERR_WASM_LOAD, saying what it was given (bytes that are no module, an ArrayBuffer's as a typed array's, or no bytes at all), the process lives on, and a retry works", () => {
  const r = node(`
    import { readFileSync } from "node:fs";
    import { init, endpoint } from "./dist/init.js";
    const out = [];
    for (const bytes of [${JSON.stringify(EMPTY)}, ${JSON.stringify(TRAPS)}, [60, 104, 116, 109, 108, 62]]) {
      await init({ wasmModule: new Uint8Array(bytes) }).then(() => out.push("resolved"), (e) => out.push(e.code + " " + e.message));
    }
    for (const wasmModule of [new Uint8Array([60, 104, 116, 109, 108, 62]).buffer, "dist/endpoint.wasm"]) {
      await init({ wasmModule }).then(() => out.push("resolved"), (e) => out.push(e.code + " " + e.message));
    }
    await new Promise((resolve) => setTimeout(resolve, 50)); // any unhandled rejection ends the process here
    await init({ wasmModule: readFileSync("dist/endpoint.wasm") });
    out.push(endpoint("GET /x").url);
    console.log(JSON.stringify(out));`);
  assert.deepEqual(r, { status: 0, out: [
    "ERR_WASM_LOAD endpoint: cannot load endpoint.wasm: the module is not a Go program (it exports no run and mem): is it endpoint.wasm?",
    "ERR_WASM_LOAD endpoint: cannot load endpoint.wasm: its Go main() did not start (see the console for Go's own message)",
    'ERR_WASM_LOAD endpoint: cannot load endpoint.wasm: the bytes given is not a WebAssembly module: it starts with "<html>" (an HTML page: a wrong URL, or a dev server answering a missing file with its index page?)',
    'ERR_WASM_LOAD endpoint: cannot load endpoint.wasm: the bytes given is not a WebAssembly module: it starts with "<html>" (an HTML page: a wrong URL, or a dev server answering a missing file with its index page?)',
    "ERR_WASM_LOAD endpoint: cannot load endpoint.wasm: the bytes given: expected a WebAssembly.Module, an ArrayBuffer or a typed array",
    "https://api.github.com/x",
  ] });
});

test("node: init() given a module once it has loaded another refuses it, naming the module loaded; given the same module, it resolves to the same engine", () => {
  const r = node(`
    import { readFileSync } from "node:fs";
    import { init } from "./dist/init.js";
    const module = new WebAssembly.Module(readFileSync("dist/endpoint.wasm"));
    const ep = await init({ wasmModule: module });
    const out = [await init({ wasmModule: module }) === ep];
    for (const options of [{ wasmModule: new Uint8Array(${JSON.stringify(EMPTY)}) }, { wasmURL: "https://example.com/x.wasm" }]) {
      await init(options).then(() => out.push("resolved"), (e) => out.push(e.code + " " + e.message));
    }
    console.log(JSON.stringify(out));`);
  const refused = (given) => `ERR_WASM_LOAD endpoint: cannot load endpoint.wasm: this realm's engine is loaded already (by an earlier init()), and a realm runs one: the ${given} given is not used (call init() with no options to use the loaded engine)`;
  assert.deepEqual(r, { status: 0, out: [true, refused("wasmModule"), refused("wasmURL https://example.com/x.wasm")] });
});

// frozen runs code in a process whose global object is frozen before
// anything of endpoint-wasm is imported, as hardened environments do.
const frozen = (code) => node(`Object.freeze(globalThis); ${code}`);

// With nowhere to keep the realm's shared record, each entry keeps its own
// (js/shared.js): its own engine and EndpointError class.
test("node: under a frozen global object, importing endpoint-wasm and endpoint-wasm/init does not throw, and the engine works through each", () => {
  const r = frozen(`
    const main = await import("endpoint-wasm");
    const ep = await main.ready;
    const initMod = await import("endpoint-wasm/init");
    await initMod.init();
    let code, same;
    try { ep("BAD ROUTE WORDS"); } catch (e) { code = e.code; same = e instanceof main.EndpointError; }
    console.log(JSON.stringify({ url: ep("GET /repos/{o}/{r}", { o: "a", r: "b" }).url, code, same, init: initMod.endpoint("GET /y").url, frozen: Object.isFrozen(globalThis) }));`);
  assert.deepEqual(r, { status: 0, out: { url: "https://api.github.com/repos/a/b", code: "ERR_INVALID_ROUTE", same: true, init: "https://api.github.com/y", frozen: true } });
});

test("node: under a frozen global object, init() from endpoint-wasm/init loads the module it is given", () => {
  const r = frozen(`
    const { readFileSync } = await import("node:fs");
    const { init, endpoint } = await import("./dist/init.js");
    await init({ wasmModule: readFileSync("dist/endpoint.wasm") });
    console.log(JSON.stringify(endpoint("GET /x").url));`);
  assert.deepEqual(r, { status: 0, out: "https://api.github.com/x" });
});

test("node: EndpointError prints under its own name (util.inspect, console.log) from each built entry", () => {
  const r = node(`
    import { inspect } from "node:util";
    const out = {};
    for (const entry of ["node.js", "index.js", "init.js"]) {
      const { EndpointError } = await import("./dist/" + entry);
      const e = new EndpointError("ERR_INVALID_ARGUMENT", "endpoint: route: bad", "route", "D28");
      out[entry] = [EndpointError.name, inspect(e).split("\\n")[0]];
    }
    console.log(JSON.stringify(out));`);
  const want = ["EndpointError", "EndpointError: endpoint: route: bad"];
  assert.deepEqual(r, { status: 0, out: { "node.js": want, "index.js": want, "init.js": want } });
});

test("node: init() from endpoint-wasm/init reads endpoint.wasm beside it from disk, with no options and with a file: wasmURL; a missing file is named", () => {
  const initWith = (options) => node(`
    import { pathToFileURL } from "node:url";
    import { init, endpoint } from "endpoint-wasm/init";
    const done = await init(${options}).then(() => endpoint("GET /x").url, (e) => e.code + " " + e.message.replaceAll(process.cwd(), "DIR"));
    console.log(JSON.stringify(done));`);
  assert.deepEqual(initWith(""), { status: 0, out: "https://api.github.com/x" });
  assert.deepEqual(initWith(`{ wasmURL: pathToFileURL("dist/endpoint.wasm") }`), { status: 0, out: "https://api.github.com/x" });
  assert.deepEqual(initWith(`{ wasmURL: pathToFileURL("no/such/endpoint.wasm").href }`), { status: 0,
    out: "ERR_WASM_LOAD endpoint: cannot load endpoint.wasm: reading file://DIR/no/such/endpoint.wasm failed: ENOENT: no such file or directory, open 'DIR/no/such/endpoint.wasm'" });
});

test("node: where endpoint-wasm has loaded the engine, endpoint from endpoint-wasm/init answers without init(), whichever entry is imported first", () => {
  const call = (first, second) => node(`
    await import("${first}");
    const { endpoint } = await import("endpoint-wasm/init");
    await import("${second}");
    let r;
    try { r = endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).url; } catch (e) { r = e.code + " " + e.message; }
    console.log(JSON.stringify({ r, started: performance.getEntriesByName("endpoint-wasm:ready").length }));`);
  const want = { status: 0, out: { r: "https://api.github.com/repos/o/r", started: 1 } };
  assert.deepEqual(call("endpoint-wasm", "endpoint-wasm/init"), want, "endpoint-wasm first");
  assert.deepEqual(call("endpoint-wasm/init", "endpoint-wasm"), want, "endpoint-wasm/init first");
});

test("node: endpoint-wasm and endpoint-wasm/init imported together share one EndpointError class and start one engine", () => {
  const r = node(`
    import * as main from "endpoint-wasm";
    import * as initMod from "endpoint-wasm/init";
    const ep = await initMod.init();
    let crossed;
    try { initMod.endpoint("BAD ROUTE WORDS"); } catch (e) { crossed = e instanceof main.EndpointError; }
    console.log(JSON.stringify({ same: ep === main.endpoint, cls: initMod.EndpointError === main.EndpointError, crossed,
      started: performance.getEntriesByName("endpoint-wasm:ready").length }));`);
  assert.deepEqual(r, { status: 0, out: { same: true, cls: true, crossed: true, started: 1 } });
});
