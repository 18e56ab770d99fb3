// Starting endpoint.wasm: one Go runtime per instance, with wasm_exec.js
// kept private (no globalThis.Go left behind) and locked to the toolchain
// that built the module.

import { goRuntime, goVersion } from "./go.js";
import { createEndpoint } from "./shim.js";
import { version } from "./version.js";

let instances = 0;

/** prepare returns the Go runtime object whose importObject instantiates the module. */
export function prepare() {
  const { Go, scope } = goRuntime();
  const go = new Go();
  const name = `endpointWasm${instances++}`;
  go.argv = ["js", name]; // main() hangs its API off scope[name]
  // The engine's one import: it asks the shim for a held value (protocol.js).
  const hooks = { load: () => -0x80000000 };
  go.importObject.ew = { load: (handle, ptr, cap) => hooks.load(handle, ptr, cap) };
  return { go, scope, name, hooks };
}

/** start runs main() of an instance and returns the endpoint over it. */
export function start({ go, scope, name, hooks }, instance) {
  go.run(instance); // runs main() until it blocks; the promise settles only on exit
  const api = scope[name];
  if (!api) throw new Error("endpoint-wasm: endpoint.wasm did not start");
  if (api.goVersion !== goVersion) {
    throw new Error(`endpoint-wasm: endpoint.wasm was built by ${api.goVersion} but its loader comes from ${goVersion}; rebuild with one toolchain`);
  }
  if (api.version !== version) {
    throw new Error(`endpoint-wasm: endpoint.wasm is version ${api.version} but the package is ${version}`);
  }
  return createEndpoint(instance.exports, api.DEFAULTS, hooks);
}

/** instantiate compiles and starts the module from bytes or a WebAssembly.Module. */
export async function instantiate(source) {
  const rt = prepare();
  const result = await WebAssembly.instantiate(source, rt.go.importObject);
  return start(rt, result.instance ?? result);
}

/**
 * fromURL fetches, compiles and starts the module, compiling while it
 * streams when the server sends it as application/wasm.
 */
export async function fromURL(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`endpoint-wasm: cannot load ${url}: HTTP ${response.status}`);
  const rt = prepare();
  let result;
  if (WebAssembly.instantiateStreaming && (response.headers.get("content-type") || "").startsWith("application/wasm")) {
    result = await WebAssembly.instantiateStreaming(response, rt.go.importObject);
  } else {
    result = await WebAssembly.instantiate(await response.arrayBuffer(), rt.go.importObject);
  }
  return start(rt, result.instance);
}
