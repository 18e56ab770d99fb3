// The first module global.js imports: endpoint.wasm's URL, and a
// <link rel="preload" as="fetch" crossorigin> for it added as the script
// runs, so that the wasm downloads while the rest of the script is evaluated.
// The loader's fetch(url) has the preload's mode and credentials, and so
// reuses its response rather than fetching the file again.

const script = globalThis.document?.currentScript;

/** Beside the script, or the script tag's data-wasm-url. */
export const url = new URL(script?.dataset.wasmUrl || "endpoint.wasm", script?.src || globalThis.location?.href);

if (script) {
  const link = document.createElement("link");
  Object.assign(link, { rel: "preload", as: "fetch", type: "application/wasm", crossOrigin: "anonymous", href: url });
  document.head?.append(link);
}
