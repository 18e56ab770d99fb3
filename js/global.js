// endpoint-wasm for a classic <script> tag. Built into dist/global.js as
// one script that sets globalThis.endpointWasm:
//
//   <script src="endpoint-wasm/dist/global.js"></script>
//   <script>endpointWasm.ready.then((endpoint) => endpoint("GET /user"))</script>
//
// endpoint.wasm is loaded from beside the script, or from
// data-wasm-url on the script tag.

import { EndpointError } from "./errors.js";
import { fromURL } from "./load.js";
import { toFetch } from "./to-fetch.js";

const script = typeof document !== "undefined" ? document.currentScript : null;
const wasmURL = new URL(script?.dataset.wasmUrl || "endpoint.wasm", script?.src || globalThis.location?.href);

const api = { EndpointError, toFetch, endpoint: null, ready: null };
api.ready = fromURL(wasmURL).then((ep) => (api.endpoint = ep));
globalThis.endpointWasm = api;
