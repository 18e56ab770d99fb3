//go:build js && wasm

package main

// A pre-initialised module is readied for its first call at build time:
// js/snapshot.mjs makes a few calls through the shim's wire once Go's start
// is done, then calls ew_prepare, and the snapshot holds what they left. A
// user's first call would otherwise grow the buffers the bridge reuses,
// take the allocator's first spans of each size, and grow the stack of the
// goroutine every export runs on (Go leaves one paused for events), which
// copies the stack and walks each frame through the runtime's tables:
// little work, but much code, which V8 compiles when it first runs, during
// that call.

// ew_prepare ends the preparation: it grows the calls' stack to a margin
// over what the calls needed, and closes a collection they may have opened
// (collector.go). No shim calls it.
//
//go:wasmexport ew_prepare
func ewPrepare() {
	growStack(0)
	settle()
}

// stackRoom is the stack ew_prepare leaves room for: more than the deepest
// call of ordinary options takes, so that no such call grows it.
const stackRoom = 32 << 10

// growStack has a frame of stackRoom bytes, so that calling it grows the
// stack to hold one. (Go shrinks an idle stack at a collection, never
// during a call.)
//
//go:noinline
func growStack(i int) byte {
	var room [stackRoom]byte
	room[i] = 1
	return room[stackRoom-1-i]
}
