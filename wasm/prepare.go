//go:build js && wasm

package main

import "runtime/debug"

// A pre-initialised module is readied for its first call at build time:
// js/snapshot.mjs makes a few calls through the shim's wire once Go's start
// is done, then calls ew_prepare, and the snapshot holds what they left. A
// user's first call would otherwise grow the buffers the bridge reuses,
// take the allocator's first spans of each size, and grow the stack of the
// goroutine every export runs on (Go leaves one paused for events), which
// copies the stack and walks each frame through the runtime's tables:
// little work, but much code, which V8 compiles when it first runs, during
// that call.

// ew_prepare ends the preparation: it closes a collection the calls may
// have opened (collector.go), so that the snapshot holds none, and writes
// a heap dump to standard error, which js/snapshot.mjs keeps: the heap's
// allocated objects and where each goroutine's stack is live, from which the
// build finds the code the module can still run, and empties the rest
// (wasm/internal/wasmpost/reach.go), this function and the dump's code
// included. No shim calls it, and the module that ships does not export
// it.
//
//go:wasmexport ew_prepare
func ewPrepare() {
	settle()
	debug.WriteHeapDump(2)
}
