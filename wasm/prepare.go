//go:build js && wasm

package main

import "github.com/endpoint-wasm/endpoint-wasm/core"

// ew_prepare readies the module for its first call. js/snapshot.mjs calls
// it once at build time, after Go's start, so that a pre-initialised module
// starts with it done; no shim calls it. Each export runs on the stack of
// the goroutine Go leaves paused for events, the same for every call: a
// user's first call would grow that stack, which copies it and walks each
// frame through the runtime's tables, and take the allocator's first spans
// of each size. That is little work but much code, which V8 compiles when
// it first runs, during the user's first call. Done here, it is compiled
// and run at build time instead.
//
//go:wasmexport ew_prepare
func ewPrepare() {
	// A call of each operation, with a template that has a path and a
	// query expression, a header and a body: the allocations a call makes.
	// What it leaves in the engine's template cache is a compiled template,
	// which no answer depends on.
	s := hc.NewSession(nil)
	o := core.O("owner", "o", "repo", "r", "per_page", 1, "headers", core.O("x-prepare", "1"))
	if m, err := s.Merge(core.New(), "GET /prepare/{owner}/{repo}{?per_page}", o); err == nil {
		s.Parse(m)
	}
	s.Endpoint(core.New(), "POST /prepare/{owner}", core.O("owner", "o", "title", "t"))
	growStack(0)
	settle() // no collection stays open (collector.go)
}

// stackRoom is how much stack ewPrepare leaves the goroutine with: room
// for the deepest call of ordinary options, so that no such call grows it.
const stackRoom = 32 << 10

// growStack has a frame of stackRoom bytes, so that calling it grows the
// stack to hold one; Go shrinks an idle stack at a collection, never
// during a call.
//
//go:noinline
func growStack(i int) byte {
	var room [stackRoom]byte
	room[i] = 1
	return room[stackRoom-1-i]
}
