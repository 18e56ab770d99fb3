// Starting endpoint.wasm: one Go runtime per instance, with wasm_exec.js
// kept private (no globalThis.Go left behind) and locked to the toolchain
// that built the module. Every failure becomes an EndpointError with code
// ERR_WASM_LOAD whose message says what happened (errors.js), and nothing
// here leaves a promise rejection unhandled: a failed load must not end a
// Node process.

import { EndpointError, loadError, messageOf, notReady } from "./errors.js";
import { goRuntime, goVersion, runState } from "./go.js";
import { compileText } from "./text.js";
import { shared } from "./shared.js";
import { createEndpoint } from "./shim.js";
import { version } from "./version.js";

let instances = 0;

/**
 * prepare returns the Go runtime object whose importObject instantiates the
 * module; random, if given, is the getRandomValues that Go's runtime uses
 * in place of globalThis.crypto's.
 */
export function prepare(random) {
  const { Go, scope, global } = goRuntime(random);
  const go = new Go();
  const name = `endpointWasm${instances++}`;
  go.argv = ["js", name]; // main() hangs its API off scope[name]
  // The engine's one import: it asks the shim for a held value (protocol.js);
  // and whether Go's runtime has exited (a fatal error), for the shim.
  const hooks = { load: () => -0x80000000, exited: () => go.exited === true };
  go.importObject.ew = { load: (handle, ptr, cap) => hooks.load(handle, ptr, cap) };
  return { go, scope, global, name, hooks, random: random ?? globalThis.crypto };
}

/**
 * start runs main() of an instance and returns the endpoint over it. With
 * the compiled module, the endpoint can start a fresh instance of its own
 * if this one's Go runtime dies (D29).
 */
export function start(rt, instance, module) {
  boot(rt, instance, module);
  const ep = createEndpoint(instance.exports, rt.hooks, restarter(module));
  mark("endpoint-wasm:ready");
  return ep;
}

/**
 * restarter returns the function that starts a fresh instance of module
 * for an endpoint whose engine has stopped: { exports, hooks }.
 * The module is compiled already, so this is synchronous.
 */
export function restarter(module) {
  return () => {
    const fresh = prepare();
    const instance = new WebAssembly.Instance(module, fresh.go.importObject);
    boot(fresh, instance, module);
    return { exports: instance.exports, hooks: fresh.hooks };
  };
}

/**
 * boot starts an instance and returns the API object its main() made,
 * checked: a pre-initialised module (one with the section START) is
 * restored, any other runs main().
 */
export function boot(rt, instance, module) {
  const { run, mem } = instance.exports;
  if (typeof run !== "function" || !(mem instanceof WebAssembly.Memory)) {
    throw loadError("the module is not a Go program (it exports no run and mem): is it endpoint.wasm?");
  }
  mark("endpoint-wasm:main");
  const section = module && WebAssembly.Module.customSections(module, START)[0];
  let trap, name = rt.name;
  if (section) {
    name = restore(rt, instance, section);
  } else {
    // run() executes main() until it blocks; its promise settles only when
    // Go exits, or rejects if the runtime traps while starting. Either way
    // the API object below is missing, which is reported by the throw; the
    // promise's own rejection is handled here so it cannot end the process.
    rt.go.run(instance).catch((e) => (trap = e));
  }
  const api = rt.scope[name];
  if (!api) throw loadError("its Go main() did not start (see the console for Go's own message)", trap);
  built(api.goVersion, api.version);
  return api;
}

// built throws unless the module was built by the toolchain and for the
// package version of this loader (a pre-initialised one records both).
function built(go, v) {
  if (go !== goVersion || v !== version) throw loadError(`it was built by ${go} for ${v}, its loader is ${goVersion}'s for ${version}: rebuild with one toolchain`);
}

/** START names the custom section of a pre-initialised module (wasm/internal/wasmpost/snapshot.go). */
const START = "endpoint-wasm.start";

/**
 * restore sets up a pre-initialised instance, whose Go start ran at build
 * time, as Go.run() would have left it, without running any Go: the Go
 * object's value table, rebuilt by replaying in this environment the
 * operations of Go's start, each value checked to land on the id Go holds;
 * and the runtime's random state, written afresh. It throws a load error
 * when the state cannot be rebuilt, and returns the API object's name.
 */
function restore({ go, global, random }, instance, section) {
  const s = JSON.parse(new TextDecoder().decode(section));
  built(s.go, s.version);
  const [values, refs, ids, pool] = runState(go, instance, global);
  const val = (r) => (r === null ? undefined : Array.isArray(r) ? r[1] : values[r]);
  // store is wasm_exec.js's storeValue, checked against what Go holds.
  const store = (v, want) => {
    let got = v === undefined ? null : typeof v === "number" && v !== 0 ? (v === v ? ["n", v] : 0) : ids.get(v);
    if (got === undefined) {
      got = pool.length ? pool.pop() : values.length;
      values[got] = v;
      refs[got] = 0;
      ids.set(v, got);
    }
    if (typeof got === "number") refs[got]++;
    return check(got, want);
  };
  const check = (got, want) => String(got) === String(want) || fail(`gave ${JSON.stringify(got)}, where Go holds ${JSON.stringify(want)} (a JavaScript environment unlike its build's?)`);
  let op;
  const fail = (what, cause) => {
    throw loadError(`restoring its start, ${JSON.stringify(op).slice(0, 80)} ${what}; not run`, cause);
  };
  try {
    for (op of s.ops) {
      const [kind, a, b, c, d] = op;
      if (kind === "get" || kind === "index") store(Reflect.get(val(a), b), c);
      else if (kind === "set") Reflect.set(val(a), b, val(c));
      else if (kind === "string") store(a, b);
      else if (kind === "call") store(Reflect.apply(Reflect.get(val(a), b), val(a), c.map(val)), d);
      else if (kind === "invoke") store(Reflect.apply(val(a), undefined, b.map(val)), c);
      else if (kind === "new") store(Reflect.construct(val(a), b.map(val)), c);
      else if (kind === "length") check(parseInt(val(a).length), b);
      else if (kind === "instanceOf") check(val(a) instanceof val(b) ? 1 : 0, c);
      else if (kind === "prepare") check(String(val(a)), c) && store(new TextEncoder().encode(c), b);
      else if (kind === "free" && --refs[a] === 0) {
        ids.delete(values[a]);
        values[a] = null;
        pool.push(a);
      } else if (kind !== "free") fail("is an operation this loader does not know");
    }
  } catch (e) {
    if (e instanceof EndpointError) throw e;
    fail(`threw: ${messageOf(e)}`, e);
  }
  op = "the value table";
  check(values.length, s.table);
  // The runtime's random state (wasm/internal/wasmpost.FindRandom): what seeds
  // every Go map made from now on, fresh in each instance.
  for (const [addr, len] of s.fresh) random.getRandomValues(new Uint8Array(instance.exports.mem.buffer, addr, len));
  return s.name;
}

/** instantiate compiles and starts the module from bytes or a WebAssembly.Module. */
export async function instantiate(source) {
  const rt = prepare();
  if (!(source instanceof WebAssembly.Module)) checkBytes(bytesOf(source), "the bytes given");
  const compiling = WebAssembly.instantiate(source, rt.go.importObject).catch((e) => {
    throw loadError(`it did not compile: ${e.message}${cspHint(e)}`, e);
  });
  const text = compileText(); // meanwhile (text.js)
  const result = await compiling;
  await text;
  return start(rt, result.instance ?? result, result.module ?? source);
}

/**
 * fromURL fetches, compiles and starts the module, and says what the server
 * sent when it is not a WebAssembly module. fetching is the fetch of url
 * when the entry started it already; fix, what a 404 asks of the caller,
 * which each entry words for itself (where endpoint.wasm goes).
 *
 * It compiles the whole file, not while it streams: V8 decodes a streamed
 * module on the thread that feeds it, the page's main thread, in tasks of
 * 50-100 ms when the file comes from the cache at once, where
 * WebAssembly.compile decodes on a thread of its own (and, compiling each
 * function lazily, does little more). Instantiating, starting and the
 * caller's first call each run in a task of their own (tick), so that none
 * holds the page's main thread for long either. Its phases are performance
 * marks, which DevTools shows and the first-visit benchmark reads, in this
 * order: endpoint-wasm:fetch, :received (the whole file), :compiled,
 * :instantiated, :main (Go starting) and :ready.
 */
export async function fromURL(url, fetching = fetch(url), fix) {
  mark("endpoint-wasm:fetch");
  const rt = prepare();
  const text = compileText(); // meanwhile (text.js)
  const response = await fetching.catch((e) => {
    throw loadError(`fetching ${url} failed: ${e.message}${fileHint(url)}`, e);
  });
  const type = response.headers.get("content-type") || "";
  const what = `${url} (HTTP ${response.status}${type ? `, ${type}` : ""})`;
  if (!response.ok) throw loadError(`the server answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""} for ${url}${statusHint(response.status, url, fix)}`);
  const failed = (e) => {
    throw loadError(`${what} did not compile: ${e.message}${cspHint(e)}`, e);
  };
  const bytes = new Uint8Array(await response.arrayBuffer());
  mark("endpoint-wasm:received");
  checkBytes(bytes, what);
  const module = await WebAssembly.compile(bytes).catch(failed);
  mark("endpoint-wasm:compiled");
  await tick();
  const instance = await WebAssembly.instantiate(module, rt.go.importObject).catch(failed);
  mark("endpoint-wasm:instantiated");
  await text;
  await tick();
  const ep = start(rt, instance, module);
  await tick();
  return ep;
}

// tick waits for a task of its own: what follows runs after the browser has
// had the main thread (input, rendering, its other tasks), not in the task
// that came before. A message, not a timer: timers set within timers wait
// 4 ms at least. The port is closed, or it would keep Node running.
const tick = () => new Promise((resolve) => {
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = () => resolve(port1.close());
  port2.postMessage(0);
});

// bytesOf views the bytes init({ wasmModule }) was given (init.js alone
// takes them, so index.js does not carry this).
function bytesOf(source) {
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  throw loadError("the bytes given: expected a WebAssembly.Module, an ArrayBuffer or a typed array");
}

/**
 * checkBytes throws a load error naming what the bytes (a Uint8Array) are
 * when they do not start as WebAssembly does ("\0asm"): a dev server or an
 * SPA answering a missing file with its index.html is the usual case.
 */
export function checkBytes(bytes, what) {
  if (bytes[0] === 0 && bytes[1] === 0x61 && bytes[2] === 0x73 && bytes[3] === 0x6d) return;
  if (bytes.length === 0) throw loadError(`${what} is empty, not a WebAssembly module`);
  const head = bytes.subarray(0, 48);
  const text = String.fromCharCode(...head);
  const printable = /^[\t\n\r\x20-\x7e]*$/.test(text);
  const shown = printable ? JSON.stringify(text.replace(/\s+/g, " ").trim()) : Array.from(head.subarray(0, 8), (b) => b.toString(16).padStart(2, "0")).join(" ");
  const html = /^\s*</.test(text);
  const why = /\/\.vite\/deps\//.test(what) ? VITE_DEPS : html ? " (an HTML page: a wrong URL, or a dev server answering a missing file with its index page?)" : "";
  throw loadError(`${what} is not a WebAssembly module: it starts with ${shown}${why}`);
}

/**
 * deferred makes the endpoint of an entry that is ready later: a function
 * with endpoint's members that forwards to the real one once resolve(ep)
 * has run, or to what start() returns: by default the realm's engine, once
 * any entry has loaded it. Until then it throws ERR_NOT_INITIALIZED (hint
 * says what to do; after reject(error), the error is named instead).
 */
export function deferred(hint, start = () => shared.endpoint) {
  let real = null;
  let failure = null;
  const use = () => {
    const ep = real ?? start();
    if (ep) return ep;
    throw notReady(hint, failure);
  };
  function endpoint(route, options) {
    return use()(route, options);
  }
  for (const m of ["merge", "parse", "defaults"]) endpoint[m] = (...args) => use()[m](...args);
  Object.defineProperty(endpoint, "DEFAULTS", { enumerable: true, get: () => use().DEFAULTS });
  return {
    endpoint,
    resolve: (ep) => ((real = ep), (failure = null), ep),
    reject: (e) => {
      failure = e;
    },
  };
}

/**
 * settled returns promise with its rejection, if any, marked as handled: a
 * load failure is reported to whoever awaits it and to every call, never
 * as an unhandled rejection that ends a Node process.
 */
export function settled(promise) {
  promise.catch(() => {});
  return promise;
}

/**
 * once returns the promise of the realm's one endpoint: the load any entry
 * has under way or done, or else load()'s, which becomes it until it fails
 * (an entry or init() may then try again).
 */
export function once(load) {
  if (!shared.engine) {
    const p = (shared.engine = settled(load().then((ep) => (shared.endpoint = ep))));
    p.catch(() => shared.engine === p && (shared.engine = null));
  }
  return shared.engine;
}

/** asLoadError keeps an EndpointError and wraps anything else. */
export function asLoadError(e) {
  return e instanceof EndpointError ? e : loadError(e?.message ?? String(e), e);
}

// mark records a phase of loading in the page's performance timeline
// (User Timing: DevTools shows it; the cold benchmark reads it).
function mark(name) {
  globalThis.performance?.mark?.(name);
}

// What lies behind a failure that the browser or the dev server words in
// its own terms, for the load error to name what to change.

// fileHint: a page opened from file:// cannot fetch files at all.
function fileHint(url) {
  return String(url).startsWith("file:") ? " (a page opened from file:// cannot fetch files: serve it over http)" : "";
}

// cspHint: Chromium says 'unsafe-eval' where the source to add is the
// narrower 'wasm-unsafe-eval', which allows WebAssembly and not eval().
function cspHint(e) {
  return /unsafe-eval|Content.Security.Policy|\bCSP\b/i.test(e?.message) ? " (the page's Content Security Policy blocks WebAssembly: add 'wasm-unsafe-eval' to script-src)" : "";
}

// statusHint: a 404 is most often endpoint.wasm not where the entry looks
// (a bundler that does not emit it: esbuild, Rollup), fixed as fix says; a 403 under /@fs/ is Vite's dev server, which serves
// files outside the project only when server.fs.allow lists them, and a
// linked install (npm install ../endpoint-wasm) is outside the project.
function statusHint(status, url, fix) {
  if (status === 404) return ` (${fix})`;
  return status === 403 && /^\/@fs\//.test(new URL(url, "http://x").pathname)
    ? " (Vite's dev server refuses files outside server.fs.allow: add the linked package's folder to it)"
    : "";
}

// VITE_DEPS: Vite's dependency optimiser bundles the module into
// node_modules/.vite/deps/ without endpoint.wasm.
const VITE_DEPS = ' (Vite\'s dependency optimiser moved the module from its wasm: add optimizeDeps: { exclude: ["endpoint-wasm"] })';
