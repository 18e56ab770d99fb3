import type { Endpoint } from "./index.js";
export type * from "./index.js";
export { EndpointError, toFetch } from "./index.js";

export interface InitOptions {
  /** Where endpoint.wasm is served (default: beside this module). */
  wasmURL?: string | URL;
  /** The module itself: compiled, or its bytes. */
  wasmModule?: WebAssembly.Module | BufferSource;
}

/** Loads endpoint.wasm; idempotent; rejects with ERR_WASM_LOAD, after which a retry loads again. */
export declare function init(options?: InitOptions): Promise<Endpoint>;

/** Throws ERR_NOT_INITIALIZED until init() has resolved. */
export declare const endpoint: Endpoint;
