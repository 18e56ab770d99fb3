// Command reach is the Go program whose module the test of Reachable
// reads: code that only its start runs, and code that an export can still
// reach after it, by each way Go's code reaches code.
package main

import (
	"runtime/debug"
	"sort"
)

// shape's area is called through an interface.
type shape interface{ area() int }

type square struct{ n int }

func (s square) area() int { return s.n * s.n }

// triangle's area is found through its type's method table: no code
// converts a triangle to a shape, an export asserts an any to one.
type triangle struct{ b, h int }

//go:noinline
func (t triangle) area() int { return t.b * t.h / 2 }

// counter's method is in its type's method table, but only the start
// makes a counter.
type counter struct{ n [4]int }

//go:noinline
func (c *counter) inc() { c.n[0]++ }

var (
	later shape      // a square, made at start and called after it
	hook  func() int // a closure made at start and called after it
	sum   int
	sink  *counter
	some  any // a triangle
)

//go:noinline
func onlyAtStart(n int) int {
	xs := []int{n, 3, 1, 2}
	sort.Ints(xs)
	return xs[0] * 7
}

//go:noinline
func calledLater(n int) int { return n*31 + 7 }

func init() {
	sum = onlyAtStart(5)
	sink = &counter{}
	sink.inc()
	sum += sink.n[0]
	sink = nil
	later = square{4}
	some = triangle{3, 4}
	k := sum
	hook = func() int { return k + 1 }
}

func main() {
	select {}
}

//go:wasmexport use
func use() int32 {
	n := later.area() + hook() + calledLater(sum)
	if s, ok := some.(shape); ok {
		n += s.area()
	}
	return int32(n)
}

//go:wasmexport dump
func dump() { debug.WriteHeapDump(2) }
