// endpoint-wasm with an explicit init, for pages that host endpoint.wasm
// elsewhere, CDNs, workers and strict CSP:
//
//   import { init, endpoint } from "endpoint-wasm/init";
//   await init({ wasmURL: "/assets/endpoint.wasm" });

import { EndpointError } from "./errors.js";
import { fromURL, instantiate } from "./load.js";

export { EndpointError } from "./errors.js";
export { toFetch } from "./to-fetch.js";

let ready = null; // the endpoint once init has succeeded
let pending = null; // the promise of an init under way or done

/**
 * init loads the module from wasmURL (a URL or string) or wasmModule (a
 * compiled WebAssembly.Module, or its bytes). It is idempotent: later calls
 * return the first call's promise. After a failure, a new call tries again.
 */
export function init(options = {}) {
  if (pending) return pending;
  const { wasmURL, wasmModule } = options;
  let p;
  if (wasmModule !== undefined) p = instantiate(wasmModule);
  else if (wasmURL !== undefined) p = fromURL(wasmURL);
  else p = fromURL(new URL("./endpoint.wasm", import.meta.url));
  pending = p.then(
    (ep) => (ready = ep),
    (err) => {
      pending = null; // a retry starts afresh
      throw err;
    },
  );
  return pending;
}

// use returns the real endpoint, or throws before init() has resolved.
function use() {
  if (!ready) throw new EndpointError("ERR_NOT_INITIALIZED", "endpoint: not initialized: await init() from \"endpoint-wasm/init\" first", "");
  return ready;
}

/** endpoint forwards to the real one once init() has resolved. */
export function endpoint(route, options) {
  return use()(route, options);
}
endpoint.merge = (route, options) => use().merge(route, options);
endpoint.parse = (options) => use().parse(options);
endpoint.defaults = (options) => use().defaults(options);
Object.defineProperty(endpoint, "DEFAULTS", { enumerable: true, get: () => use().DEFAULTS });
