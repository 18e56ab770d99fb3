// The fix a load error names, by entry: load.js words a 404 for the main
// entry (a bundler that does not emit the wasm); the classic script and
// init() each have their own way to say where endpoint.wasm is. Kept apart
// from load.js so that the main entry does not ship it.

/** withFix returns load error e with its 404 hint replaced by fix. */
export function withFix(e, fix) {
  if (e?.code === "ERR_WASM_LOAD") e.message = e.message.replace(/ \(esbuild and Rollup do not emit endpoint\.wasm: [^)]*\)\)$/, ` (${fix})`);
  return e;
}
