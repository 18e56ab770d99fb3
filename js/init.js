// endpoint-wasm with an explicit init, for pages that host endpoint.wasm
// elsewhere, CDNs and workers that load it on their own terms:
//
//   import { init, endpoint } from "endpoint-wasm/init";
//   await init({ wasmURL: "/assets/endpoint.wasm" });

import { loadError } from "./errors.js";
import { asLoadError, deferred, fromURL, instantiate, once } from "./load.js";
import { shared } from "./shared.js";

export { EndpointError } from "./errors.js";
export { toFetch } from "./to-fetch.js";

const forward = deferred("await init() from \"endpoint-wasm/init\" first");
let pending = null; // the promise of an init under way or done
let source; // what that init loads: the wasmModule or wasmURL it was given, or the default URL

/**
 * init loads the module from wasmURL (a URL or string) or wasmModule (a
 * compiled WebAssembly.Module, or its bytes); in Node, a file: URL (the
 * default beside this module is one) is read from disk. It is idempotent:
 * later calls return the first call's promise, and where another entry has
 * loaded the engine (or is loading it), init() resolves to that one. A
 * wasmModule or wasmURL given once the realm's engine is loaded, or is
 * loading, from something else is refused with ERR_WASM_LOAD rather than
 * ignored: one realm runs one engine. After a failure (an EndpointError,
 * ERR_WASM_LOAD), a new call tries again.
 */
export function init(options = {}) {
  const { wasmURL, wasmModule } = options;
  const given = wasmModule !== undefined ? wasmModule : wasmURL;
  if (given !== undefined && (pending || shared.engine) && !(pending && same(given, source))) {
    const which = wasmModule !== undefined ? "wasmModule" : `wasmURL ${wasmURL}`;
    const by = pending ? "an earlier init()" : "another entry of endpoint-wasm";
    return Promise.reject(loadError(`this realm's engine is loaded already (by ${by}), and a realm runs one: the ${which} given is not used (call init() with no options to use the loaded engine)`));
  }
  if (pending) return pending;
  source = given;
  const load = async () => {
    if (wasmModule !== undefined) return instantiate(wasmModule);
    const url = wasmURL !== undefined ? wasmURL : (source = besideThisModule());
    const fs = String(url).startsWith("file:") && globalThis.process?.getBuiltinModule?.("node:fs");
    const fix = wasmURL !== undefined ? "check the wasmURL given to init()" : "copy endpoint.wasm beside this module, or give its URL to init({ wasmURL })";
    return fs ? instantiate(readFile(fs, url)) : fromURL(url, undefined, fix);
  };
  pending = once(load).then(forward.resolve, (e) => {
    const failure = asLoadError(e);
    forward.reject(failure);
    pending = null; // a retry starts afresh
    throw failure;
  });
  return pending;
}

// same reports whether given names what the pending init loads: the same
// object, or URLs that read the same.
function same(given, loaded) {
  const url = (u) => typeof u === "string" || u instanceof URL;
  return given === loaded || (url(given) && url(loaded) && String(given) === String(loaded));
}

// besideThisModule is the default wasmURL; a classic-script bundle (an
// iife) has no import.meta.url to resolve it against.
function besideThisModule() {
  try {
    return new URL("./endpoint.wasm", import.meta.url);
  } catch {
    throw loadError("where this module is is unknown (a classic-script bundle has no import.meta.url): pass init({ wasmURL })");
  }
}

// readFile reads a file: URL in Node, whose fetch cannot. fs comes from
// process.getBuiltinModule, so that no bundler meets an import of node:fs.
function readFile(fs, url) {
  try {
    return fs.readFileSync(new URL(url));
  } catch (e) {
    throw loadError(`reading ${url} failed: ${e.message}`, e);
  }
}

/** endpoint forwards to the real one once init() has resolved; before, it throws ERR_NOT_INITIALIZED. */
export const endpoint = forward.endpoint;
