// endpoint-wasm for a classic <script> tag. Built into dist/global.js as
// one script that sets globalThis.endpointWasm:
//
//   <script src="endpoint-wasm/dist/global.js"></script>
//   <script>endpointWasm.ready.then((endpoint) => endpoint("GET /user"))</script>
//
// endpoint.wasm is loaded from beside the script, or from
// data-wasm-url on the script tag. Until it is ready, endpointWasm.endpoint
// throws ERR_NOT_INITIALIZED; a failed load rejects `ready` with
// ERR_WASM_LOAD (and the calls name it).

import { EndpointError } from "./errors.js";
import { asLoadError, deferred, fromURL, once, settled } from "./load.js";
import { toFetch } from "./to-fetch.js";

const script = typeof document !== "undefined" ? document.currentScript : null;
const forward = deferred("wait for endpointWasm.ready first");

const api = { EndpointError, toFetch, endpoint: forward.endpoint, ready: null };
api.ready = settled(once(async () => fromURL(new URL(script?.dataset.wasmUrl || "endpoint.wasm", script?.src || globalThis.location?.href))).then(
  (ep) => (api.endpoint = forward.resolve(ep)),
  (e) => {
    const failure = asLoadError(e);
    forward.reject(failure);
    throw failure;
  },
));
globalThis.endpointWasm = api;
