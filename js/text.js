// Text in the engine's memory through WebAssembly's JS String Builtins
// (wasm:js-string), where the runtime has them (Chromium from 130, Firefox
// from 134). The shim writes every key and url value into the engine's
// memory and reads back every url and header: from JavaScript a character
// is a charCodeAt and a store, and TextEncoder and TextDecoder cost a
// binding call whatever the length. A builtin copies a string's characters
// into a WebAssembly array, or makes a string of an array's, at once, and a
// small module moves them between that array and the engine's memory, in
// one call from JavaScript (docs/performance-history.md has the figures).
//
// The module's bytes are made at build time from the readable listing in
// js/text-module.mjs (dist/text-module.js), so that no binary is checked
// in. It carries text only: ASCII, byte for byte; the first character past
// ASCII is handed back to the shim, which encodes the rest itself
// (protocol.js, MessageWriter.wide).

import { TEXT_MODULE } from "./text-module.js";

// Builtins are an option of compiling; where the runtime lacks them
// (Safari), compiling or linking fails and the shim does without.
const BUILTINS = { builtins: ["js-string"] };

/**
 * NATIVE_TEXT is true in Node, whose TextEncoder.encodeInto and
 * TextDecoder.decode are fast native calls (protocol.js): there the shim
 * keeps to them, and the module is never made.
 */
export const NATIVE_TEXT = !!globalThis.process?.versions?.node;

// The module, compiled once for every instance of the engine in the
// program: compiling is the promise of it (null where it fails), compiled
// the module once it is.
let compiling = null, compiled = null;

/**
 * compileText starts compiling the module, once, and returns the promise
 * of it. The loader calls it while it fetches and compiles endpoint.wasm,
 * and waits for it before the engine starts, so that the first call does
 * not wait for it to compile.
 */
export function compileText() {
  if (NATIVE_TEXT) return Promise.resolve(null);
  return (compiling ??= WebAssembly.compile(TEXT_MODULE, BUILTINS).then((m) => (compiled = m), () => null));
}

/**
 * textIn returns { write, read } over the engine's memory mem, or null
 * where the module is not compiled (compileText) or does not link (the
 * runtime has no JS String Builtins):
 *  - write(s, at) copies s, if ASCII, to mem at at and returns its length;
 *    at its first character past ASCII it stops and returns -1 - its index.
 *  - read(at, n) returns the string of the n ASCII bytes at at.
 * Both take at most SCRATCH characters.
 */
export function textIn(mem) {
  if (compiled === null) return null;
  try {
    return new WebAssembly.Instance(compiled, { engine: { mem } }).exports;
  } catch {
    return null;
  }
}

/**
 * The longest text textIn's functions take, the length of their scratch
 * array (js/text-module.mjs): past it encodeInto is the faster.
 */
export { SCRATCH } from "./text-module.js";

