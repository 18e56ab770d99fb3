package bridge

import (
	"unsafe"

	"github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"
)

// messageReader decodes a message (protocol.go) into the engine's values: the
// twin of js/protocol.js's MessageWriter, method for method. Strings are
// views into the message, valid until the next one (the session keeps
// copies of what it keeps); objects and lists come from the slab, reused
// from call to call.
type messageReader struct {
	in   []byte
	pos  int
	next int // the next handle
	slab *slab
	bad  bool // the message is malformed
}

// slab holds the objects and values of one call's messages for reuse.
type slab struct {
	objs []*engine.Obj
	nobj int
	vals []engine.Value
}

// reset frees the slab for the next call. Its values are views into the
// last message and handles, which keep nothing alive: they are not cleared.
func (s *slab) reset() {
	s.nobj = 0
	s.vals = s.vals[:0]
}

func (s *slab) obj() *engine.Obj {
	if s.nobj == len(s.objs) {
		s.objs = append(s.objs, engine.NewObj(8))
	}
	o := s.objs[s.nobj]
	s.nobj++
	o.Reset()
	return o
}

func (r *messageReader) u8() byte {
	if r.pos >= len(r.in) {
		r.bad = true
		return 0
	}
	c := r.in[r.pos]
	r.pos++
	return c
}

func (r *messageReader) u32() uint32 {
	if len(r.in)-r.pos < 4 {
		r.bad = true
		r.pos = len(r.in)
		return 0
	}
	n := le32(r.in[r.pos:])
	r.pos += 4
	return n
}

// le32 is binary.LittleEndian.Uint32, written here because the standard
// library is built without inlining (Makefile, WASMFLAGS): a call to it is
// a real call in WebAssembly, and every u32 and str of a message makes one.
func le32(b []byte) uint32 {
	_ = b[3]
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

// text reads n bytes as a string view.
func (r *messageReader) text(n uint32) string {
	if uint64(len(r.in)-r.pos) < uint64(n) {
		r.bad = true
		r.pos = len(r.in)
		return ""
	}
	if n == 0 {
		return ""
	}
	s := unsafe.String(&r.in[r.pos], int(n))
	r.pos += int(n)
	return s
}

// str reads a str: a u32 length and bytes. It is written out rather than
// as text(u32()) so that the compiler inlines it: in WebAssembly a Go call
// costs more than the few instructions of the read.
func (r *messageReader) str() string {
	p := r.pos
	if len(r.in)-p < 4 {
		r.bad, r.pos = true, len(r.in)
		return ""
	}
	n := int(le32(r.in[p:]))
	p += 4
	if n > len(r.in)-p || n < 0 {
		r.bad, r.pos = true, len(r.in)
		return ""
	}
	r.pos = p + n
	return unsafe.String(unsafe.SliceData(r.in[p:]), n)
}

// handle returns the next handle.
func (r *messageReader) handle() int {
	h := r.next
	r.next++
	return h
}

// value reads one record at depth (the options object is 1, D29), taking
// handle h, or the next handle when h < 0. A record nested too deeply makes
// the message malformed: the shim refuses such input first (D29).
func (r *messageReader) value(depth, h int) engine.Value {
	if h < 0 {
		h = r.handle()
	}
	var v engine.Value
	switch tag := r.u8(); tag {
	case recUndefined:
		return engine.Value{}
	case recNull:
		v = engine.NullValue()
	case recFalse, recTrue:
		v = engine.BoolValue(tag == recTrue)
	case recNumber:
		v = engine.NumText(r.str())
		r.bad = r.bad || v.Kind() != engine.Number
	case recBigInt:
		v = engine.Big(r.str())
		r.bad = r.bad || v.Kind() != engine.BigInt
	case recString:
		v = engine.Str(r.str())
	case recArray:
		return r.array(depth, h)
	case recObject:
		return r.object(depth, h)
	case recHost:
		v = engine.OpaqueValue(nil, engine.Class(r.u8()))
	case recHeldString:
		return engine.Unloaded(engine.String, h)
	case recHeldArray:
		return engine.Unloaded(engine.Array, h)
	case recHeldObject:
		return engine.Unloaded(engine.Object, h)
	default:
		r.bad = true
	}
	return v.WithHandle(h)
}

func (r *messageReader) array(depth, h int) engine.Value {
	n := r.u32()
	if depth > engine.MaxDepth || uint64(n) > uint64(len(r.in)-r.pos) { // a record takes a byte at least
		r.bad = true
		return engine.Value{}
	}
	// The members' places are taken first, so that a nested array, whose
	// members are read in between, lays its own after them.
	s := r.slab
	start, end := len(s.vals), len(s.vals)+int(n)
	if cap(s.vals) < end {
		grown := make([]engine.Value, start, 2*end)
		copy(grown, s.vals)
		s.vals = grown
	}
	s.vals = s.vals[:end]
	clear(s.vals[start:])
	for i := start; i < end && !r.bad; i++ {
		e := r.value(depth+1, -1)
		s.vals[i] = e
	}
	return engine.List(s.vals[start:end:end]...).WithHandle(h)
}

func (r *messageReader) object(depth, h int) engine.Value {
	n := r.u32()
	if depth > engine.MaxDepth || uint64(n) > uint64(len(r.in)-r.pos) {
		r.bad = true
		return engine.Value{}
	}
	o := r.slab.obj()
	for i := uint32(0); i < n && !r.bad; i++ {
		k := r.str()
		kh := r.handle()
		// The usual member, a string, is read here; any other through value.
		var v engine.Value
		if r.pos < len(r.in) && r.in[r.pos] == recString {
			r.pos++
			v = engine.Str(r.str()).WithHandle(r.handle())
		} else {
			v = r.value(depth+1, -1)
		}
		o.AppendHandle(k, kh, v) // JavaScript gives each key once, in its order
	}
	return engine.ObjValue(o).WithHandle(h)
}
