package wasmpost

// GoRelease is the one Go release this package and the loader are written
// for: the layout of pclntab that the rewrite reads (runtime.pcHeader,
// runtime.moduledata and runtime._func), the dispatch loops the jumps'
// rewrite recognises, and the WebAssembly ABI the snapshot records (Go's
// globals, run and resume, wasm_exec.js's value table, which js/load.js
// rebuilds). A module made by another release is refused. To move to a new
// release, follow the checklist in docs/design.md ("Upgrading Go").
const GoRelease = "go1.27"
