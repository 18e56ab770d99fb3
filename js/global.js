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

// First, so that the wasm's download starts before the rest is evaluated.
import { url } from "./preload.js";
import { EndpointError } from "./errors.js";
import { asLoadError, deferred, fromURL, once, settled } from "./load.js";
import { toFetch } from "./to-fetch.js";

const forward = deferred("wait for endpointWasm.ready first");

const api = { EndpointError, toFetch, endpoint: forward.endpoint, ready: null };
api.ready = settled(once(async () => fromURL(url)).then(
  (ep) => (api.endpoint = forward.resolve(ep)),
  (e) => {
    const failure = asLoadError(e);
    forward.reject(failure);
    throw failure;
  },
));
globalThis.endpointWasm = api;
