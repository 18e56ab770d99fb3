// endpoint-wasm for browsers, workers and bundlers. Importing it never
// fails and never waits: it starts loading endpoint.wasm, and `ready`
// resolves to the endpoint once the module runs (or rejects with an
// EndpointError, ERR_WASM_LOAD, saying what went wrong). `endpoint` itself
// forwards to it, and throws ERR_NOT_INITIALIZED before then:
//
//   import { ready } from "endpoint-wasm";
//   const endpoint = await ready;
//
// There is no top-level await, so the module also bundles as a classic
// script (esbuild's default iife format, Vite's default worker format),
// and a failed load does not take the importing module graph down with it.

// First, so that the wasm's fetch starts before the rest is evaluated.
import { fetching, url } from "./wasm-url.js";
import { asLoadError, deferred, fromURL, once, settled } from "./load.js";

export { EndpointError } from "./errors.js";
export { toFetch } from "./to-fetch.js";

const forward = deferred("await ready (from \"endpoint-wasm\") first");

/** Resolves to the endpoint once endpoint.wasm runs (the page's, when another entry loaded it first); rejects with ERR_WASM_LOAD. */
export const ready = settled(once(async () => fromURL(url, fetching, "esbuild and Rollup do not emit endpoint.wasm: copy it beside the bundle, or use init({ wasmURL })")).then(forward.resolve, (e) => {
  const failure = asLoadError(e);
  forward.reject(failure);
  throw failure;
}));

/** The endpoint function with the global defaults; throws ERR_NOT_INITIALIZED until ready. */
export const endpoint = forward.endpoint;
