package bridge

import "github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"

// MessageWriter writes a message (protocol.go) for a writer in Go: the
// global object's members (wasm/values.go), which walk JavaScript values
// through syscall/js, and the tests, which play the shim. It is the twin of
// js/protocol.js's MessageWriter with the same limits and errors: a value
// nested deeper than maxDepth (or cyclic) and a message past MaxMessage are
// refused as the shim refuses them. The caller walks its values and keeps
// them in a table in the order written, each key and record taking the
// next handle, as the shim does. After an error, writes do nothing.
type MessageWriter struct {
	buf   []byte
	err   *engine.Error
	spent int // what the call wrote before this load (BeginLoad)
}

// Begin starts a message of operation op (OpEndpoint, ...): the layer,
// the route and the options follow.
func (w *MessageWriter) Begin(op byte) {
	w.buf, w.err, w.spent = append(w.buf[:0], op), nil, 0
}

// NoLayer writes the empty layer: the global defaults (D1).
func (w *MessageWriter) NoLayer() { w.u32(0) }

// BeginLayer starts the layer's record, an object record written next;
// EndLayer(at) ends it.
func (w *MessageWriter) BeginLayer() (at int) {
	at = len(w.buf)
	w.u32(0)
	return at
}

// EndLayer ends the layer's record begun at at.
func (w *MessageWriter) EndLayer(at int) { w.patch(at, len(w.buf)-at-4) }

// Route writes the route.
func (w *MessageWriter) Route(s string) { w.str(s) }

// NoRoute writes that there is no route.
func (w *MessageWriter) NoRoute() { w.u32(noRoute) }

// Undefined, Null, Bool, Number, BigInt, String and Host write a record of
// a scalar; Number and BigInt take JavaScript's text of the value (D12).
func (w *MessageWriter) Undefined() { w.u8(recUndefined) }

// Null writes null.
func (w *MessageWriter) Null() { w.u8(recNull) }

// Bool writes a boolean.
func (w *MessageWriter) Bool(b bool) {
	if b {
		w.u8(recTrue)
	} else {
		w.u8(recFalse)
	}
}

// Number writes a number as String(n) writes it.
func (w *MessageWriter) Number(text string) { w.tagged(recNumber, text) }

// BigInt writes a bigint as its decimal text.
func (w *MessageWriter) BigInt(text string) { w.tagged(recBigInt, text) }

// String writes a string, UTF-8 (WTF-8 for a lone surrogate, D12).
func (w *MessageWriter) String(s string) { w.tagged(recString, s) }

// Host writes a value the engine never reads, by its class (D20).
func (w *MessageWriter) Host(c Class) {
	if w.room(2) {
		w.buf = append(w.buf, recHost, byte(c))
	}
}

// Fits reports whether n more bytes fit in the message, refusing it when
// not: a caller asks it before reading a large value out of JavaScript
// (a string of n UTF-16 units is n bytes at least).
func (w *MessageWriter) Fits(n int) bool { return w.room(n) }

// Array begins an array of n elements at depth (the options object is 1),
// whose n records follow; false when it is refused (too deep, or more
// elements than can fit: each takes a byte at least).
func (w *MessageWriter) Array(n, depth int) bool {
	if !w.deep(depth) || !w.room(5+n) {
		return false
	}
	w.u8(recArray)
	w.u32(uint32(n))
	return true
}

// Object begins an object at depth, whose members (Key, then a record)
// follow, and EndObject(at, n) ends it with their count; ok is false when
// it is refused (too deep).
func (w *MessageWriter) Object(depth int) (at int, ok bool) {
	if !w.deep(depth) || !w.room(5) {
		return 0, false
	}
	w.u8(recObject)
	at = len(w.buf)
	w.u32(0)
	return at, true
}

// Key writes a member's key.
func (w *MessageWriter) Key(k string) { w.str(k) }

// EndObject ends the object begun at at, with n members.
func (w *MessageWriter) EndObject(at, n int) {
	if w.err == nil {
		w.patch(at, n)
	}
}

// Err returns why the message was refused, or nil.
func (w *MessageWriter) Err() error {
	if w.err == nil {
		return nil
	}
	return w.err
}

// Message returns the message written.
func (w *MessageWriter) Message() []byte { return w.buf }

// HeldString, HeldArray and HeldObject write the record of a value whose
// content is held: the engine loads it through the bridge's fetch where it
// must read it, as it loads the shim's (protocol.go, "What the shim
// writes").
func (w *MessageWriter) HeldString() { w.u8(recHeldString) }

// HeldArray writes a held array.
func (w *MessageWriter) HeldArray() { w.u8(recHeldArray) }

// HeldObject writes a held plain object.
func (w *MessageWriter) HeldObject() { w.u8(recHeldObject) }

// Len returns the length of what is written; Truncate(n) takes back what
// was written after it, as the shim does when an array it began to write
// turns out to be one it holds.
func (w *MessageWriter) Len() int { return len(w.buf) }

// Truncate keeps the first n bytes written.
func (w *MessageWriter) Truncate(n int) { w.buf = w.buf[:n] }

// BeginLoad starts the answer to a load: base, the first handle of the
// members of the value written next, in full. spent is what the call has
// written before it, its message and earlier loads: MaxMessage bounds them
// together, as it bounds the shim's.
func (w *MessageWriter) BeginLoad(base, spent int) {
	w.buf, w.err, w.spent = w.buf[:0], nil, spent
	w.u32(uint32(base))
}

func (w *MessageWriter) deep(depth int) bool {
	if depth > maxDepth && w.err == nil {
		w.err = refused(tooDeepText)
	}
	return w.err == nil
}

// refused is the error of options the engine may not read, too large or
// too deep (D29), as the shim's (js/protocol.js, tooLarge and tooDeep).
func refused(text string) *engine.Error {
	e := engine.NewError(engine.CodeInvalidArgument, "options", "options: "+text)
	e.Rule = "D29"
	return e
}

// room reports whether n more bytes fit under MaxMessage.
func (w *MessageWriter) room(n int) bool {
	if w.err == nil && w.spent+len(w.buf)+n > MaxMessage {
		w.err = refused(tooLargeText)
	}
	return w.err == nil
}

func (w *MessageWriter) u8(c byte) {
	if w.room(1) {
		w.buf = append(w.buf, c)
	}
}

func (w *MessageWriter) u32(n uint32) {
	if w.room(4) {
		w.buf = append(w.buf, byte(n), byte(n>>8), byte(n>>16), byte(n>>24))
	}
}

func (w *MessageWriter) str(s string) {
	if w.room(4 + len(s)) {
		n := len(s)
		w.buf = append(w.buf, byte(n), byte(n>>8), byte(n>>16), byte(n>>24))
		w.buf = append(w.buf, s...)
	}
}

func (w *MessageWriter) tagged(tag byte, s string) {
	if w.room(5 + len(s)) {
		w.buf = append(w.buf, tag)
		w.str(s)
	}
}

func (w *MessageWriter) patch(at, n int) {
	b := w.buf[at : at+4]
	b[0], b[1], b[2], b[3] = byte(n), byte(n>>8), byte(n>>16), byte(n>>24)
}
