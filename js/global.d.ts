// Types of endpoint-wasm/global, the classic-script build: it sets one
// global, endpointWasm. A page's scripts that do not import it can name
// these types with /// <reference types="endpoint-wasm/global" />.
import type { Endpoint, EndpointError, toFetch } from "./index.js";

/** What endpoint-wasm/global puts on the global object. */
export interface EndpointWasmGlobal {
  /** Resolves to endpoint once endpoint.wasm is loaded. */
  ready: Promise<Endpoint>;
  /** endpoint with the global defaults; it throws ERR_NOT_INITIALIZED until ready resolves. */
  endpoint: Endpoint;
  EndpointError: typeof EndpointError;
  toFetch: typeof toFetch;
}

declare global {
  /** Set by endpoint-wasm/global (a classic script). */
  var endpointWasm: EndpointWasmGlobal;
}
