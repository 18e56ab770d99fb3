// The first module index.js imports, so that endpoint.wasm's fetch starts as
// soon as the entry is evaluated, before the rest of the loader (and, in an
// app's bundle, whatever follows it): it downloads meanwhile. fetch(url)
// asks with the mode and credentials of a page's
// <link rel="preload" as="fetch" crossorigin>, whose response it then reuses.
// Where another entry has loaded the engine already (or is loading it), it
// is not fetched again.

import { shared } from "./shared.js";

// The script running now, for a classic-script bundle (iife), whose
// import.meta is empty: endpoint.wasm is then looked for beside it.
const script = globalThis.document?.currentScript;

// wasmURL is beside this module. The literal new URL(..., import.meta.url)
// lets Vite and webpack emit the file; where import.meta.url is empty it
// throws, and the bundle's own script (or a worker's) is the base instead.
function wasmURL() {
  try {
    return new URL("./endpoint.wasm", import.meta.url);
  } catch {
    return new URL("endpoint.wasm", script?.src || globalThis.location?.href);
  }
}

export const url = wasmURL();
/** The response's promise, if fetched; its rejection is handled here and reported by the loader (fromURL). */
export const fetching = shared.engine ? undefined : globalThis.fetch?.(url);
fetching?.catch(() => {});
