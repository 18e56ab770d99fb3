//go:build wasm

package main

import "runtime/debug"

// Go's collector and the exports.
//
// Go marks the heap on goroutines of its own (the mark workers), which its
// scheduler runs when the program waits. This module never waits: main
// blocks for good, and the exports return to JavaScript without yielding
// (exports.go). So a collection that begins inside a call, when an
// allocation crosses the heap's trigger, moves on only through the assists
// that later allocations pay. The engine's calls do not allocate once its
// buffers have grown, so such a cycle stays open, and every later call runs
// with Go's write barrier on: ordinary calls ran 2.4 to 4.3 times slower
// after a few large ones, for the rest of the process (README, "Go's
// collector").
//
// settle closes an open cycle. Turning the collector off waits for the mark
// in progress to end, the scheduler running the mark workers meanwhile; the
// old setting is put back at once. With no cycle open the pair costs
// little, but more than a short call, so it runs after every
// settleEvery-th call, and after any call whose message is settleAbove
// bytes or more: such a call costs far more than the pair, and it is the
// kind that allocates (its buffers grow), so the next call does not run in
// a cycle it opened.

const (
	// settleEvery is how many calls may pass between two settles.
	settleEvery = 64
	// settleAbove is the size of a message after which a settle follows.
	settleAbove = 64 << 10
)

var sinceSettle int

// settled counts calls, and closes an open collection after every
// settleEvery-th call and after a message of n >= settleAbove bytes.
func settled(n uint32) {
	if sinceSettle++; sinceSettle >= settleEvery || n >= settleAbove {
		settle()
	}
}

// settle ends the collection in progress, if one is.
func settle() {
	sinceSettle = 0
	debug.SetGCPercent(debug.SetGCPercent(-1))
}
