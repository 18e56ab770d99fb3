// endpoint-wasm for a classic <script> tag or a classic worker's
// importScripts. Built into dist/global.js as one script that sets
// globalThis.endpointWasm:
//
//   <script src="endpoint-wasm/dist/global.js"></script>
//   <script>endpointWasm.ready.then((endpoint) => endpoint("GET /user"))</script>
//
// endpoint.wasm is loaded from beside the script, or from data-wasm-url on
// the script tag (in a worker, self.endpointWasmURL set before
// importScripts). Until it is ready, endpointWasm.endpoint throws
// ERR_NOT_INITIALIZED; a failed load rejects `ready` with ERR_WASM_LOAD
// (and the calls name it).

import { EndpointError } from "./errors.js";
import { withFix } from "./fix.js";
import { asLoadError, deferred, fromURL, once, settled } from "./load.js";
import { toFetch } from "./to-fetch.js";

const script = typeof document !== "undefined" ? document.currentScript : null;
// A classic worker runs this file by importScripts, with no currentScript
// and location being the worker's own script: this file's URL is read from
// a stack trace, where every engine names the file of each frame.
const worker = !script && typeof importScripts === "function";
const here = script?.src || (worker && /((?:blob:)?(?:https?|file):\/\/[^\s()]*?):\d+:\d+/.exec(new Error().stack)?.[1]) || globalThis.location?.href;
const forward = deferred("wait for endpointWasm.ready first");

const api = { EndpointError, toFetch, endpoint: forward.endpoint, ready: null };
api.ready = settled(once(async () => fromURL(new URL(script?.dataset.wasmUrl || (worker && globalThis.endpointWasmURL) || "endpoint.wasm", here))).then(
  (ep) => (api.endpoint = forward.resolve(ep)),
  (e) => {
    const fix = `copy endpoint.wasm beside global.js, or give its URL in ${worker ? "self.endpointWasmURL, set before importScripts" : "data-wasm-url on the script tag"}`;
    const failure = withFix(asLoadError(e), fix);
    forward.reject(failure);
    throw failure;
  },
));
globalThis.endpointWasm = api;
