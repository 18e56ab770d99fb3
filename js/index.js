// endpoint-wasm for browsers and bundlers: the module loads the wasm before
// it resolves, so `import { endpoint } from "endpoint-wasm"` needs no init.
// The literal new URL(..., import.meta.url) lets bundlers emit the file.

import { fromURL } from "./load.js";

export { EndpointError } from "./errors.js";
export { toFetch } from "./to-fetch.js";

/** The endpoint function with the global defaults. */
export const endpoint = await fromURL(new URL("./endpoint.wasm", import.meta.url));
