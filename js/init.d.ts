import type { Endpoint } from "./index.js";
export type * from "./index.js";
export { EndpointError, toFetch } from "./index.js";

/**
 * A compiled WebAssembly.Module. Looked up on the global object's type, so
 * that these declarations compile without the DOM library too (@types/node
 * declares no WebAssembly namespace); there it is any object.
 */
export type CompiledModule = typeof globalThis extends { WebAssembly: { Module: abstract new (...args: any) => infer M } } ? M : object;

export interface InitOptions {
  /** Where endpoint.wasm is served (default: beside this module). */
  wasmURL?: string | URL;
  /** The module itself: compiled, or its bytes. */
  wasmModule?: CompiledModule | ArrayBuffer | ArrayBufferView;
}

/**
 * Loads endpoint.wasm (in Node, a file: URL, the default beside the module
 * included, is read from disk); idempotent; where another entry of the
 * package has loaded the engine, resolves to that one. Given a wasmModule
 * or wasmURL once the realm's engine is loaded (or loading) from something
 * else, it rejects with ERR_WASM_LOAD rather than ignore it: a realm runs
 * one engine. Rejects with ERR_WASM_LOAD, after which a retry loads again.
 */
export declare function init(options?: InitOptions): Promise<Endpoint>;

/** Throws ERR_NOT_INITIALIZED until init() has resolved, or until another entry of the package (endpoint-wasm, endpoint-wasm/global) has loaded the engine, whose endpoint it then is. */
export declare const endpoint: Endpoint;
