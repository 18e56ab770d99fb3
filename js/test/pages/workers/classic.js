// A classic worker, in a folder of its own: importScripts runs global.js
// from dist/, and endpoint.wasm is found beside global.js, not beside this
// script (or where self.endpointWasmURL says, when the page's query sets it).
const wasmURL = new URL(location.href).searchParams.get("wasmURL");
if (wasmURL) self.endpointWasmURL = wasmURL;
importScripts("calls.js", "../../../../dist/global.js");
self.endpointWasm.ready.then(
  (ep) => postMessage({ answers: answers(ep) }),
  (e) => postMessage({ error: { name: e.name, code: e.code, message: e.message } }),
);
