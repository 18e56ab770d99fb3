// endpoint-wasm for Cloudflare Workers (workerd; wrangler picks this entry
// by its "workerd" condition). endpoint.wasm is imported as a module, which
// wrangler uploads beside the script and workerd compiles with it. The
// engine starts on first use, not on import: Go's runtime seeds itself with
// random values as it starts, which workerd refuses in a Worker's global
// scope, so the first call (or `await ready`) must be inside a handler.
// Starting takes a few milliseconds and no I/O.

import wasmModule from "./endpoint.wasm";
import { startCompiled } from "./compiled.js";
import { loadError } from "./errors.js";
import { deferred } from "./load.js";

export { EndpointError } from "./errors.js";
export { toFetch } from "./to-fetch.js";

// engine returns the realm's endpoint, starting it on first use; a failed
// start (a call in global scope) is tried again by the next call.
function engine() {
  try {
    return startCompiled(wasmModule);
  } catch (e) {
    throw /global scope/.test(e.message) ? loadError("in a Worker, call endpoint (or await ready) inside a handler such as fetch(), not at the top of the module: Go's runtime takes random values as it starts, which workerd refuses in global scope", e) : e;
  }
}

/** The endpoint function with the global defaults; its first call starts the engine. */
export const { endpoint } = deferred("", engine);

// Ready is a promise that starts the engine when it is awaited (or its
// then() is called), inside the handler that awaits it.
class Ready extends Promise {
  static get [Symbol.species]() {
    return Promise;
  }
  then(onFulfilled, onRejected) {
    return new Promise((resolve) => resolve(engine())).then(onFulfilled, onRejected);
  }
}

/** Resolves to the endpoint, starting it where it is awaited; rejects with ERR_WASM_LOAD. */
export const ready = new Ready(() => {});
