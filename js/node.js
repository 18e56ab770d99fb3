// endpoint-wasm for Node: ready on import, with no top-level await (the
// module is compiled synchronously from the file), so that require() of the
// package works where Node can require ES modules.

import { readFileSync } from "node:fs";
import { prepare, start } from "./load.js";

export { EndpointError } from "./errors.js";
export { toFetch } from "./to-fetch.js";

const rt = prepare();
const module = new WebAssembly.Module(readFileSync(new URL("./endpoint.wasm", import.meta.url)));

/** The endpoint function with the global defaults. */
export const endpoint = start(rt, new WebAssembly.Instance(module, rt.go.importObject));
