// endpoint-wasm for Deno: ready on import. The module comes through the
// module graph (a source-phase import, which gives the compiled
// WebAssembly.Module), so `import "npm:endpoint-wasm"` needs no
// --allow-read, where reading endpoint.wasm from disk would. Importing it
// never throws: a failed start rejects `ready` and every call names it.

import source wasmModule from "./endpoint.wasm";
import { startCompiled } from "./compiled.js";
import { deferred, settled } from "./load.js";

export { EndpointError } from "./errors.js";
export { toFetch } from "./to-fetch.js";

const forward = deferred("endpoint.wasm failed to load");
let loaded = null;
let failed = null;
try {
  loaded = forward.resolve(startCompiled(wasmModule));
} catch (e) {
  forward.reject((failed = e));
}

/** Resolves to the endpoint (already loaded in Deno); rejects with ERR_WASM_LOAD. */
export const ready = settled(failed ? Promise.reject(failed) : Promise.resolve(loaded));

/** The endpoint function with the global defaults. */
export const endpoint = loaded ?? forward.endpoint;
