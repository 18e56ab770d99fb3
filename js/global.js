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

// First, so that the wasm's download starts before the rest is evaluated.
import { url, worker } from "./preload.js";
import { EndpointError } from "./errors.js";
import { asLoadError, deferred, fromURL, once, settled } from "./load.js";
import { toFetch } from "./to-fetch.js";

// What a 404 for endpoint.wasm asks of the page or the worker.
const fix = `copy endpoint.wasm beside global.js, or give its URL in ${worker ? "self.endpointWasmURL, set before importScripts" : "data-wasm-url on the script tag"}`;
const forward = deferred("wait for endpointWasm.ready first");

const api = { EndpointError, toFetch, endpoint: forward.endpoint, ready: null };
api.ready = settled(once(async () => fromURL(url, undefined, fix)).then(
  (ep) => (api.endpoint = forward.resolve(ep)),
  (e) => {
    const failure = asLoadError(e);
    forward.reject(failure);
    throw failure;
  },
));
globalThis.endpointWasm = api;
