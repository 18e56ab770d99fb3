// The first module global.js imports: endpoint.wasm's URL, and on a page a
// <link rel="preload" as="fetch" crossorigin> for it added as the script
// runs, so that the wasm downloads while the rest of the script is
// evaluated. The loader's fetch(url) has the preload's mode and credentials,
// and so reuses its response rather than fetching the file again.

const script = globalThis.document?.currentScript;

/**
 * worker is true in a classic worker, which runs this file by importScripts
 * with no currentScript and whose location is the worker's own script.
 */
export const worker = !script && typeof importScripts === "function";

// This file's URL: the script tag's, or in a classic worker read from a
// stack trace, where every engine names the file of each frame.
const here = script?.src || (worker && /((?:blob:)?(?:https?|file):\/\/[^\s()]*?):\d+:\d+/.exec(new Error().stack)?.[1]) || globalThis.location?.href;

/** Beside the script, or the script tag's data-wasm-url (a worker's self.endpointWasmURL). */
export const url = new URL(script?.dataset.wasmUrl || (worker && globalThis.endpointWasmURL) || "endpoint.wasm", here);

if (script) {
  const link = document.createElement("link");
  Object.assign(link, { rel: "preload", as: "fetch", type: "application/wasm", crossOrigin: "anonymous", href: url });
  document.head?.append(link);
}
