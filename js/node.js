// endpoint-wasm for Node: ready on import, with no top-level await (the
// module is compiled synchronously from the file), so that require() of the
// package works where Node can require ES modules. Importing it never
// throws: when endpoint.wasm cannot be read or started, `ready` rejects
// and every call throws ERR_NOT_INITIALIZED, both naming the failure.

import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadError } from "./errors.js";
import { asLoadError, checkBytes, deferred, prepare, settled, start } from "./load.js";
import { shared } from "./shared.js";

export { EndpointError } from "./errors.js";
export { toFetch } from "./to-fetch.js";

// wasmFile is endpoint.wasm beside this module, or, in a CommonJS bundle
// (esbuild --platform=node --format=cjs) where import.meta is empty,
// beside the bundle.
function wasmFile() {
  if (import.meta.url) return fileURLToPath(new URL("./endpoint.wasm", import.meta.url));
  /* global __dirname */
  if (typeof __dirname === "string") return join(__dirname, "endpoint.wasm");
  throw loadError("neither import.meta.url nor __dirname says where this module is");
}

// random is where Go's runtime takes its seed as it starts (its one use of
// crypto): the system's generator, read through fs, which this module has
// loaded already, where reaching globalThis.crypto would first load all of
// Node's WebCrypto. Where there is no /dev/urandom (Windows), crypto.
const random = {
  getRandomValues(bytes) {
    let fd = -1;
    try {
      fd = openSync("/dev/urandom", "r");
      for (let n = 0, r; n < bytes.length; n += r) {
        if ((r = readSync(fd, bytes, n, bytes.length - n)) <= 0) throw new Error("short read");
      }
      return bytes;
    } catch {
      return globalThis.crypto.getRandomValues(bytes);
    } finally {
      if (fd >= 0) closeSync(fd);
    }
  },
};

// keepHeap makes glibc's malloc keep freed memory at the top of its heap
// for later use. By default it gives anything over 128 KiB there back to
// the system at once; V8 compiles each function of the module on its first
// call, in memory it allocates and frees each time, so the first call took
// fresh pages from the system again for every function it compiled (about
// a thousand page faults, most of that call's time). Freeing a mapped block
// raises glibc's threshold to twice the block's size, and V8 maps and frees
// one when it checks bytes held in a SharedArrayBuffer (it checks a copy):
// 512 KiB of zeros, which fail the check at once, raise it to 1 MiB.
// Elsewhere (musl, macOS, Windows) this costs a copy of 512 KiB. From V8 12
// (Node 22) the first call takes no more fresh pages without it, so there
// it is not done; every Node before has SharedArrayBuffer.
function keepHeap() {
  if (Number(globalThis.process?.versions?.v8?.split(".")[0]) < 12) WebAssembly.validate(new Uint8Array(new SharedArrayBuffer(512 << 10)));
}

// load reads, compiles and starts the module, or throws a load error.
function load() {
  keepHeap();
  const file = wasmFile();
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw loadError(e.code === "ENOENT" ? `${file} is missing (a bundle needs endpoint.wasm copied beside it)` : `reading ${file} failed: ${e.message}`, e);
  }
  checkBytes(bytes, file);
  const rt = prepare(random);
  let module, instance;
  try {
    module = new WebAssembly.Module(bytes);
    instance = new WebAssembly.Instance(module, rt.go.importObject);
  } catch (e) {
    throw loadError(`${file} did not compile: ${e.message}`, e);
  }
  return start(rt, instance, module);
}

const forward = deferred("endpoint.wasm failed to load");
let loaded = null;
let failed = null;
try {
  // The realm's engine, where endpoint-wasm/init has loaded it (shared.js).
  loaded = forward.resolve(shared.endpoint ?? load());
  shared.endpoint = loaded;
  shared.engine ??= Promise.resolve(loaded);
} catch (e) {
  failed = asLoadError(e);
  forward.reject(failed);
}

/** Resolves to the endpoint (already loaded in Node); rejects with ERR_WASM_LOAD. */
export const ready = settled(failed ? Promise.reject(failed) : Promise.resolve(loaded));

/** The endpoint function with the global defaults. */
export const endpoint = loaded ?? forward.endpoint;
