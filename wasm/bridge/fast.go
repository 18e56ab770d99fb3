package bridge

import (
	"unsafe"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

// The handle of a value and of a key, read and set inline. hc's Handle,
// WithHandle, KeyHandle and Append are calls through function values,
// which Go cannot inline: in WebAssembly each is a full call, and the
// decoder and the answer writer make one or two for every value. These
// read core's layout instead, which TestFastHandlesAreCoresOwn holds to
// hc's answers for every kind of value, so that a change of layout fails
// the tests rather than naming the wrong value.

// valueRep is core.Value's layout: text, object or list; length; and the
// packed kind, class, unloaded bit (1<<16) and handle plus one (bits 32-63).
type valueRep struct {
	p unsafe.Pointer
	n int
	m uint64
}

// entryRep is the layout of one member of a core.Obj, whose first field is
// the slice of them.
type entryRep struct {
	k string
	h int32
	v core.Value
}

const (
	repUnloaded    = 1 << 16
	repHandleShift = 32
)

// withHandle is hc.WithHandle: v carrying handle h (h >= 0).
func withHandle(v core.Value, h int) core.Value {
	r := (*valueRep)(unsafe.Pointer(&v))
	r.m = r.m&(1<<repHandleShift-1) | uint64(uint32(int32(h+1)))<<repHandleShift
	return v
}

// handleOf is hc.Handle: v's handle (-1 for none), and whether it is unloaded.
func handleOf(v core.Value) (int, bool) {
	m := (*valueRep)(unsafe.Pointer(&v)).m
	return int(int32(m>>repHandleShift)) - 1, m&repUnloaded != 0
}

// keyHandle is hc.KeyHandle: the handle of o's i-th key, and whether it has one.
func keyHandle(o *core.Obj, i int) (int, bool) {
	e := &(*(*[]entryRep)(unsafe.Pointer(o)))[i]
	return int(e.h) - 1, e.h != 0
}

// appendKeyed is hc.Append: key k with handle kh (kh < 0: none) and v at
// the end of o, through Obj.Append, which the compiler may inline, then
// the key's handle set in place.
func appendKeyed(o *core.Obj, k string, kh int, v core.Value) {
	o.Append(k, v)
	ents := *(*[]entryRep)(unsafe.Pointer(o))
	ents[len(ents)-1].h = int32(kh + 1)
}
