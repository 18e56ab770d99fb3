// Package bridge runs the messages of the JavaScript shim (protocol.go, the
// wire format; js/protocol.js, its mirror) on the engine, core. It is plain
// Go, tested natively and in the browser; package main (wasm/) only hangs
// it on the module's exports and imports.
package bridge

import (
	"errors"
	"fmt"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

// Bridge runs the shim's messages on the engine. It keeps the layers made
// by .defaults() (the shim names them by id and frees them when their
// endpoint is collected), one core.Session whose memory every call reuses,
// and the buffers of the answer.
type Bridge struct {
	layers    map[uint32]*core.Builder
	nextLayer uint32
	session   core.Session
	slab      slab
	w         writer
	load      loader
	small     int // calls since the last large one (trim)
}

// New returns a Bridge whose layer 0 is the global defaults (D1), and whose
// loader asks fetch for the whole value of a handle (protocol.go, load),
// written into the arena it is given, which it may replace by a larger one.
func New(fetch func(handle int, arena *[]byte) ([]byte, bool)) *Bridge {
	b := &Bridge{layers: map[uint32]*core.Builder{0: core.New()}, nextLayer: 1, small: idleCalls + 1}
	b.load = loader{fetch: fetch, slab: &b.slab}
	b.session.Loader = &b.load
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
	}
	defer func() {
		if p := recover(); p != nil {
			status = b.fail(core.NewError(codeInternal, "", fmt.Sprintf("internal error (please report it): %v", p)))
		}
		if len(in) > bigCall || len(b.w.ops) > bigCall/4 || len(b.w.text) > bigCall || len(b.load.arena) > bigCall {
			b.small = 0
		} else if b.small <= idleCalls {
			b.small++
		}
	}()
	b.slab.reset()
	b.load.arena = b.load.arena[:0]
	r := reader{in: in, slab: &b.slab}
	op := r.u8()
	layer := b.layers[r.u32()]
	base := int(r.u32())
	r.next = base
	route := ""
	if n := r.u32(); n != noRoute {
		route = r.text(n)
	}
	opts := r.value(1, -1)
	if r.bad || r.pos != len(in) || layer == nil || opts.Kind() != core.Object && opts.Kind() != core.Null {
		return b.fail(core.NewError(core.CodeInvalidArgument, "input", "input: the message is malformed (a shim from another version?)"))
	}
	options := opts.Obj()
	b.w.reset(base)
	var err error
	switch op {
	case opEndpoint, opParse:
		var res *core.Request
		if op == opEndpoint {
			res, err = b.session.Endpoint(layer, route, options)
		} else {
			res, err = b.session.Parse(options)
		}
		if err == nil {
			b.w.request(res)
		}
	case opMerge:
		var m *core.Obj
		if m, err = b.session.Merge(layer, route, options); err == nil {
			b.w.object(m)
		}
	case opMergeParse:
		m, res, perr := b.session.MergeParse(layer, route, options)
		if m == nil {
			err = perr
			break
		}
		b.w.object(m)
		if perr == nil {
			b.w.ops = append(b.w.ops, 1)
			b.w.request(res)
		} else if e, ok := perr.(*core.Error); ok {
			b.w.ops = append(b.w.ops, 0)
			b.w.errorText(e)
		} else {
			err = perr
		}
	case opDefaults:
		var nb *core.Builder
		if nb, err = b.session.Defaults(layer, options); err == nil {
			id := b.nextLayer
			b.nextLayer++
			b.layers[id] = nb
			// The new layer's table holds only its own values (Renumber):
			// the answer lists the handles they had, then its options.
			old := nb.Renumber()
			b.w.ops = append(b.w.ops, id, uint32(len(old)))
			for _, h := range old {
				b.w.ops = append(b.w.ops, uint32(h))
			}
			b.w.base = len(old)
			b.w.object(nb.DEFAULTS())
		}
	default:
		return b.fail(core.NewError(core.CodeInvalidArgument, "input", "input: unknown operation"))
	}
	switch {
	case err == errHost: // the engine passes a Loader's error on as it is, as its own
		return statusHostError
	case err != nil:
		e, ok := err.(*core.Error) // the engine returns *core.Error itself, never wrapped
		if !ok {
			e = core.NewError(codeInternal, "", err.Error())
		}
		return b.fail(e)
	case b.w.bad:
		return b.fail(core.NewError(codeInternal, "", "internal error (please report it): a value without a handle"))
	}
	return statusOK
}

// codeInternal marks a bug in the engine, caught: the next call works (D29).
const codeInternal core.Code = "ERR_INTERNAL"

// fail writes the error answer: code, field, message (D28).
func (b *Bridge) fail(e *core.Error) int {
	b.w.reset(0)
	b.w.errorText(e)
	return statusError
}

// Ops returns the words of the last answer.
func (b *Bridge) Ops() []uint32 { return b.w.ops }

// Text returns the text buffer of the last answer.
func (b *Bridge) Text() []byte { return b.w.text }

// Free forgets a layer; layer 0, the global defaults, stays.
func (b *Bridge) Free(id uint32) {
	if id != 0 {
		delete(b.layers, id)
	}
}

// trim lets go of the buffers of a large call.
func (b *Bridge) trim() {
	b.slab = slab{}
	b.w = writer{}
	b.session = core.Session{Loader: &b.load}
	b.load.arena = nil
}

// errHost is what a load returns when the shim could not read the value:
// the shim keeps the error and throws it (statusHostError).
var errHost = errors.New("endpoint: the shim could not read a value")

// loader is the session's core.Loader: it asks the shim for the whole value
// of a handle (protocol.go, load) and decodes it. The bytes stay in the
// arena until the next call, as the strings decoded from them are views.
type loader struct {
	fetch func(handle int, arena *[]byte) ([]byte, bool)
	slab  *slab
	arena []byte
}

// Load implements core.Loader.
func (l *loader) Load(v core.Value) (core.Value, error) {
	h, _ := v.Handle()
	data, ok := l.fetch(h, &l.arena)
	if !ok {
		return core.Value{}, errHost
	}
	r := reader{in: data, slab: l.slab}
	r.next = int(r.u32())
	lv := r.value(2, h)
	if r.bad || r.pos != len(data) || lv.Kind() != v.Kind() {
		return core.Value{}, core.NewError(core.CodeInvalidArgument, "input", "input: a loaded value is malformed")
	}
	return lv, nil
}
