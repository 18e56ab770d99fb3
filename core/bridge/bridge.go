// Package bridge runs the messages of the JavaScript shim (protocol.go, the
// wire format, whose tables js/wire.js is generated from; js/protocol.js,
// the other side) on the engine, core/internal/engine. It is plain Go,
// tested natively and in the browser; package main (wasm/) hangs it on the
// module's exports and imports, and writes its global object's calls with
// MessageWriter and reads their answers with AnswerReader.
package bridge

import (
	"errors"
	"unsafe"

	"github.com/endpoint-wasm/endpoint-wasm/core/internal/ascii"
	"github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"
)

// Bridge runs the shim's messages on the engine. It keeps no answer
// between calls: each message carries the layer it is made on, so every
// answer is a function of its message (and of what the shim loads during
// the call). What it keeps is memory: the input buffer, the session's
// scratch memory, the slab and arena values are decoded into, and the
// answer's buffers, all reused from call to call; and the last layer
// decoded, by its bytes, so that the calls of one client do not decode the
// same bytes again (what they decode to depends on nothing else).
type Bridge struct {
	in      []byte
	session *engine.Session
	slab    slab
	load    loader
	w       answerWriter
	small   int // small calls since the last large one (trim)
	layer   decoded
}

// decoded is the last layer decoded: its record, and what it decodes to,
// the Builder over its defaults (when ok) and the handle after its last.
type decoded struct {
	rec  []byte
	slab slab
	b    engine.Builder
	ok   bool // b is rec's: false until a record decodes
	next int
}

// New returns a Bridge whose loader asks fetch for the whole value of a
// handle (protocol.go, load), written into the arena it is given, which it
// may replace by a larger one.
func New(fetch func(handle int, arena *[]byte) ([]byte, bool)) *Bridge {
	b := &Bridge{small: idleCalls + 1}
	b.load.fetch = fetch
	b.trim()
	return b
}

// bigCall is the size of message or answer from which a call is large.
// After a large call, the bridge keeps its buffers while large calls go on
// (letting go of them after each would make every one start from nothing),
// and lets go of them after idleCalls small calls, so that a burst of large
// calls does not keep its memory for the life of the instance.
const (
	bigCall   = 1 << 20
	idleCalls = 64
)

// Call runs one message and returns the status; the answer is in Ops and
// Text. It never panics: a panic is answered as ERR_INTERNAL, and the next
// call works (D29).
func (b *Bridge) Call(in []byte) (status int) {
	if b.small == idleCalls {
		b.trim()
		b.small = idleCalls + 1
	}
	defer func() {
		if p := recover(); p != nil {
			status = b.fail(PanicError(p))
		}
		if len(in) > bigCall || len(b.w.ops) > bigCall/4 || len(b.w.text) > bigCall || cap(b.load.arena) > bigCall {
			b.small = 0
		} else if b.small < idleCalls {
			b.small++
		}
	}()
	b.slab.reset()
	b.load.arena = b.load.arena[:0]
	r := messageReader{in: in, slab: &b.slab}
	op := r.u8()
	// The layer of .defaults() the call is made on: the defaults an
	// OpDefaults answered, taken as they are, not merged again (merging is
	// not idempotent for every input: D25 trims one "-preview" a merge).
	// Its values take the first handles.
	layer := engine.New()
	if n := r.u32(); n > 0 {
		if layer = b.decodeLayer(r.text(n)); layer == nil {
			r.bad = true
		}
		r.next = b.layer.next
	}
	base := r.next
	route := ""
	if n := r.u32(); n != noRoute {
		route = r.text(n)
	}
	opts := r.value(1, -1)
	if r.bad || r.pos != len(in) || opts.Kind() != engine.Object && opts.Kind() != engine.Null {
		return b.fail(malformed("the message is malformed (a shim from another version?)"))
	}
	options := opts.Obj()
	if op == OpDefaults {
		// A new layer's plain objects and arrays are written out, not
		// named, so that the layer shares none with its caller (D2).
		base = copyAll
	}
	b.w.reset(base)
	var err error
	switch op {
	case OpEndpoint:
		var res *engine.Request
		if res, err = b.session.Endpoint(layer, route, options); err == nil {
			b.w.request(res, options) // the url may be theirs unchanged
		}
	case OpParse:
		var res *engine.Request
		if res, err = b.session.Parse(options); err == nil {
			b.w.request(res, options) // the url may be theirs unchanged
		}
	case OpMerge:
		var m *engine.Obj
		if m, err = b.session.Merge(layer, route, options); err == nil {
			b.w.object(m)
		}
	case OpDefaults:
		// A new layer is the merge of its options over the layer it is made
		// on (spec rule 1).
		var m *engine.Obj
		if m, err = b.session.Merge(layer, route, options); err == nil {
			b.w.object(m)
		}
	default:
		return b.fail(malformed("unknown operation"))
	}
	switch {
	case err == errHost: // the engine passes a Loader's error on as it is, as its own
		return StatusHostError
	case err != nil:
		return b.fail(AsError(err))
	case b.w.bad:
		return b.fail(internalError("a value without a handle"))
	}
	return StatusOK
}

// decodeLayer returns the Builder over a layer's defaults, decoding its
// record unless it is the last one decoded; nil when it is malformed.
func (b *Bridge) decodeLayer(rec string) *engine.Builder {
	l := &b.layer
	if l.ok && ascii.Equal(unsafe.String(unsafe.SliceData(l.rec), len(l.rec)), rec) { // eight bytes at a time
		return &l.b
	}
	l.ok = false
	l.rec = append(l.rec[:0], rec...)
	l.slab.reset()
	r := messageReader{in: l.rec, slab: &l.slab}
	d := r.value(1, -1)
	if _, held := d.Handle(); r.bad || r.pos != len(l.rec) || d.Kind() != engine.Object || held {
		return nil
	}
	l.b.SetDefaults(d.Obj())
	l.ok, l.next = true, r.next
	return &l.b
}

// panicText describes a recovered panic: its message when it is an error
// or a string (a runtime error, or a panic of the engine's), else its kind.
// Not fmt's %v: fmt would be linked into the module for this alone.
func panicText(p any) string {
	switch v := p.(type) {
	case error:
		return v.Error()
	case string:
		return v
	}
	return "a panic that is not an error"
}

// internalError is the error of a bug in the engine, caught: the next call
// works (D29).
func internalError(what string) *engine.Error {
	e := engine.NewError(engine.CodeInternal, "", "internal error (please report it): "+what)
	e.Rule = "D29"
	return e
}

// malformed is the error of a message the engine cannot read: a shim of
// another version, which is input too (D29).
func malformed(what string) *engine.Error {
	e := engine.NewError(engine.CodeInvalidArgument, "input", "input: "+what)
	e.Rule = "D29"
	return e
}

// PanicError is the error a recovered panic is answered with: a bug of the
// engine's, caught (D29).
func PanicError(p any) *engine.Error { return internalError(panicText(p)) }

// AsError returns err as the engine's error: the engine returns *engine.Error
// itself, never wrapped; anything else is a bug of its own.
func AsError(err error) *engine.Error {
	if e, ok := err.(*engine.Error); ok {
		return e
	}
	e := engine.NewError(engine.CodeInternal, "", err.Error())
	e.Rule = "D29"
	return e
}

// ErrorText returns an error as an error answer gives it: code, field,
// message, rule (D28), for a writer in Go whose message was refused
// (MessageWriter.Err) or whose arguments are not what it takes.
func ErrorText(err error) (code, field, message, rule string) {
	e := AsError(err)
	return string(e.Code), e.Field, e.Error(), e.Rule
}

// InvalidArgument is the error of an argument of the wrong type, naming
// its field: message is what follows "endpoint: <field>: ".
func InvalidArgument(field, message string) error {
	return engine.NewError(engine.CodeInvalidArgument, field, field+": "+message)
}

// fail writes the error answer: code, field, message, rule (D28).
func (b *Bridge) fail(e *engine.Error) int {
	b.w.reset(0)
	b.w.errorText(e)
	return StatusError
}

// Input returns the buffer the next message is to be written into, with
// room for n bytes at least: the module hands it to the shim (exports.go),
// which writes the message there, and Call is then given it.
func (b *Bridge) Input(n int) []byte {
	if n > cap(b.in) {
		b.in = make([]byte, 0, n+n/2)
	}
	return b.in[:cap(b.in)]
}

// Ops returns the words of the last answer.
func (b *Bridge) Ops() []uint32 { return b.w.ops }

// Text returns the text buffer of the last answer.
func (b *Bridge) Text() []byte { return b.w.text }

// trim lets go of the buffers of a large call.
func (b *Bridge) trim() {
	b.in = make([]byte, 0, 4096)
	b.slab = slab{}
	b.load = loader{fetch: b.load.fetch, slab: &b.slab}
	b.session = engine.NewSession(&b.load)
	b.w = answerWriter{}
	b.layer = decoded{}
}

// errHost is what a load returns when the shim could not read the value:
// the shim keeps the error and throws it (StatusHostError).
var errHost = errors.New("endpoint: the shim could not read a value")

// loader is the session's loader (engine.Loader): it asks the shim for the
// whole value of a handle (protocol.go, load), which js/protocol.js's
// Loader answers, and decodes it. The bytes stay in the arena until the
// next call, as the strings decoded from them are views.
type loader struct {
	fetch func(handle int, arena *[]byte) ([]byte, bool)
	slab  *slab
	arena []byte
}

// Load implements engine.Loader.
func (l *loader) Load(v engine.Value) (engine.Value, error) {
	h, _ := v.Handle()
	data, ok := l.fetch(h, &l.arena)
	if !ok {
		return engine.Value{}, errHost
	}
	r := messageReader{in: data, slab: l.slab}
	r.next = int(r.u32())
	lv := r.value(2, h)
	if r.bad || r.pos != len(data) || lv.Kind() != v.Kind() {
		return engine.Value{}, malformed("a loaded value is malformed")
	}
	return lv, nil
}
