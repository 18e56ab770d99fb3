// endpoint-wasm with an explicit init, for pages that host endpoint.wasm
// elsewhere, CDNs and workers that load it on their own terms:
//
//   import { init, endpoint } from "endpoint-wasm/init";
//   await init({ wasmURL: "/assets/endpoint.wasm" });

import { loadError } from "./errors.js";
import { withFix } from "./fix.js";
import { asLoadError, deferred, fromURL, instantiate, once } from "./load.js";

export { EndpointError } from "./errors.js";
export { toFetch } from "./to-fetch.js";

const forward = deferred("await init() from \"endpoint-wasm/init\" first");
let pending = null; // the promise of an init under way or done

/**
 * init loads the module from wasmURL (a URL or string) or wasmModule (a
 * compiled WebAssembly.Module, or its bytes); in Node, a file: URL (the
 * default beside this module is one) is read from disk. It is idempotent:
 * later calls return the first call's promise, and where another entry has
 * loaded the engine (or is loading it), init() resolves to that one. After
 * a failure (an EndpointError, ERR_WASM_LOAD), a new call tries again.
 */
export function init(options = {}) {
  if (pending) return pending;
  const { wasmURL, wasmModule } = options;
  const load = async () => {
    if (wasmModule !== undefined) return instantiate(wasmModule);
    const url = wasmURL !== undefined ? wasmURL : besideThisModule();
    const fs = String(url).startsWith("file:") && globalThis.process?.getBuiltinModule?.("node:fs");
    return fs ? instantiate(readFile(fs, url)) : fromURL(url);
  };
  pending = once(load).then(forward.resolve, (e) => {
    const failure = withFix(asLoadError(e), wasmURL !== undefined ? "check the wasmURL given to init()" : "copy endpoint.wasm beside this module, or give its URL to init({ wasmURL })");
    forward.reject(failure);
    pending = null; // a retry starts afresh
    throw failure;
  });
  return pending;
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
