// Starting the engine from a WebAssembly.Module that the runtime compiled
// as part of the module graph (a .wasm import in Cloudflare Workers, a
// source-phase import in Deno): no fetch and no file read, so no
// permission or URL is involved, and it is synchronous.

import { loadError } from "./errors.js";
import { asLoadError, prepare, start } from "./load.js";
import { shared } from "./shared.js";

/**
 * startCompiled returns the realm's endpoint (one another entry loaded,
 * or a fresh one started from module), or throws a load error.
 */
export function startCompiled(module) {
  if (shared.endpoint) return shared.endpoint;
  try {
    if (!(module instanceof WebAssembly.Module)) throw loadError("the runtime did not import endpoint.wasm as a WebAssembly.Module");
    const rt = prepare();
    const ep = start(rt, new WebAssembly.Instance(module, rt.go.importObject), module);
    shared.engine ??= Promise.resolve(ep);
    return (shared.endpoint = ep);
  } catch (e) {
    throw asLoadError(e);
  }
}
