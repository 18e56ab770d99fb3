// Package bridge runs the messages of the JavaScript shim (protocol.go, the
// wire format; js/protocol.js, its mirror) on the engine, core. It is plain
// Go, tested natively and in the browser; package main (wasm/) only hangs
// it on the module's exports and imports.
package bridge

import (
	"errors"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

// Bridge runs the shim's messages on the engine. It keeps the layers made
// by .defaults() (the shim names them by id, and frees one for each new one
// once it holds 256: shim.js, the clock), two sides of per-call memory used
// in turn, and the buffers of the answer.
type Bridge struct {
	layers    map[uint32]layer
	spare     layer // the last layer freed, whose memory the next new one takes
	nextLayer uint32
	lastLayer uint32 // the layer of the last call, in near: calls go on one layer
	near      layer
	sides     [2]side
	cur       int // the side of the call under way
	w         writer
	calls     uint32 // calls run, counting this one: a call's number
	last      lastMerge
	added     *core.Obj // the header members of the last opMergeAhead written out,
	addedText []byte    // whose strings are views of this copy (readAdded)
	small     int       // small calls since the last large one (trim)
}

// layer is a Builder of .defaults() and the size of its table of values
// (protocol.go): smaller handles name the layer's values.
type layer struct {
	b    *core.Builder
	size int
	// strs holds the layer's strings by handle (undefined for the other
	// values): the shim names one by its handle rather than write it again
	// where a call gives it back (recLayerString), as headers taken from an
	// earlier result do. They are the layer's own values, so that a header
	// value the engine checked stays marked so (core, checkHeader).
	strs []core.Value
}

// side is the memory of one call: the buffer its message is written into
// (Input), a core.Session whose scratch memory the call's results live in,
// and the slab and loads its values are decoded into, all of which the
// values of the call view. A call after one that merged uses the other
// side, so that the merged options stay whole during it, as it may be a
// remerge of them (opRemerge); any other call uses side 0 (next).
type side struct {
	in      []byte
	session core.Session
	slab    slab
	load    loader
}

// lastMerge is the merged options of the last call, when it was opMerge or
// opMergeParse: its number, its layer, and the options, in the memory of
// the other side.
type lastMerge struct {
	call   uint32
	layer  uint32
	merged *core.Obj
}

// New returns a Bridge whose layer 0 is the global defaults (D1), and whose
// loader asks fetch for the whole value of a handle (protocol.go, load),
// written into the arena it is given, which it may replace by a larger one.
func New(fetch func(handle int, arena *[]byte) ([]byte, bool)) *Bridge {
	root := layer{core.New(), 0, nil}
	b := &Bridge{layers: map[uint32]layer{0: root}, nextLayer: 1, near: root, small: idleCalls + 1}
	for i := range b.sides {
		b.sides[i].load = loader{fetch: fetch}
		b.sides[i].reset()
	}
	return b
}

// reset gives the side fresh memory (trim), its loader decoding into its slab.
func (sd *side) reset() {
	sd.in = make([]byte, 0, 4096)
	sd.slab = slab{}
	sd.load = loader{fetch: sd.load.fetch, slab: &sd.slab}
	sd.session = core.Session{Loader: &sd.load}
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
	b.calls++
	b.cur = b.next()
	sd := &b.sides[b.cur]
	over, remerge := b.last, len(in) > 0 && (in[0] == opRemerge || in[0] == opRemergeParse)
	b.last = lastMerge{}
	if b.small == idleCalls && !remerge { // a remerge reads the other side: trim at the next call
		b.trim()
		b.small = idleCalls + 1
	}
	defer func() {
		if p := recover(); p != nil {
			status = b.fail(core.NewError(codeInternal, "", "internal error (please report it): "+panicText(p)))
		}
		if len(in) > bigCall || len(b.w.ops) > bigCall/4 || len(b.w.text) > bigCall || len(sd.load.arena) > bigCall {
			b.small = 0
		} else if b.small < idleCalls {
			b.small++
		}
	}()
	sd.slab.reset()
	sd.load.arena = sd.load.arena[:0]
	r := reader{in: in, slab: &sd.slab}
	op := r.u8()
	layerID := r.u32()
	l, known := b.layer(layerID)
	r.layer = l.strs
	r.next = int(r.u32())
	route := ""
	if remerge {
		// The merged options this message changes: the last call's, made on
		// the same layer, which the shim names by its number.
		if n := r.u32(); over.merged == nil || n != over.call || over.layer != layerID {
			r.bad = true
		}
	} else if n := r.u32(); n != noRoute {
		route = r.text(n)
	}
	opts := r.value(1, -1)
	var added *core.Obj // opMergeAhead's header members
	if op == opMergeAhead {
		added = b.readAdded(&r)
	}
	if r.bad || r.pos != len(in) || !known || opts.Kind() != core.Object && opts.Kind() != core.Null {
		return b.fail(core.NewError(core.CodeInvalidArgument, "input", "input: the message is malformed (a shim from another version?)"))
	}
	options := opts.Obj()
	b.w.reset(l.size)
	var err error
	switch op {
	case opEndpoint, opParse:
		var res *core.Request
		if op == opEndpoint {
			res, err = sd.session.Endpoint(l.b, route, options)
		} else {
			res, err = sd.session.Parse(options)
		}
		if err == nil {
			var given *core.Obj // merged options given: the url may be theirs unchanged
			if op == opParse {
				given = options
			}
			b.w.request(res, given)
		}
	case opMerge, opRemerge:
		var m *core.Obj
		if op == opMerge {
			m, err = sd.session.Merge(l.b, route, options)
		} else {
			m, err = sd.session.Remerge(l.b, over.merged, options)
		}
		if err == nil {
			b.w.object(m)
			b.keep(op, layerID, m)
		}
	case opMergeParse, opRemergeParse:
		var m *core.Obj
		var res *core.Request
		var perr error
		if op == opMergeParse {
			m, res, perr = sd.session.MergeParse(l.b, route, options)
		} else {
			m, res, perr = sd.session.RemergeParse(l.b, over.merged, options)
		}
		if m == nil {
			err = perr
			break
		}
		b.w.object(m)
		if err = b.parsed(res, perr, m); err == nil {
			b.keep(op, layerID, m)
		}
	case opMergeAhead:
		var m *core.Obj
		if m, err = sd.session.Merge(l.b, route, options); err == nil {
			b.w.objectNoted(m) // for the remerge ahead's objectAgain
			b.keep(op, layerID, m)
			b.ahead(sd, l.b, m, added)
		}
	case opDefaults:
		var nb *core.Builder
		if b.spare.b != nil {
			sd.session.Reuse(b.spare.b)
		}
		if nb, err = sd.session.Defaults(l.b, options); err == nil {
			id := b.nextLayer
			b.nextLayer++
			// The new layer's table holds only its own values (Renumber):
			// the answer lists the handles they had, then its options.
			old := nb.Renumber()
			options := nb.DefaultsView() // read for the layer's strings and the answer
			b.layers[id] = layer{nb, len(old), stringsOf(options, len(old), b.spare.strs)}
			b.spare = layer{}
			b.w.ops = append(b.w.ops, id, uint32(len(old)))
			for _, h := range old {
				b.w.ops = append(b.w.ops, uint32(h))
			}
			b.w.base = len(old)
			b.w.object(options)
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

// parsed writes the parse part of a merge-and-parse answer: 1 and the
// request options, or 0 and the parse's error. An error that is not the
// engine's (a load that failed) is returned, to be the call's.
func (b *Bridge) parsed(res *core.Request, perr error, m *core.Obj) error {
	if perr == nil {
		b.w.ops = append(b.w.ops, 1)
		b.w.request(res, m)
		return nil
	}
	e, ok := perr.(*core.Error)
	if !ok {
		return perr
	}
	b.w.ops = append(b.w.ops, 0)
	b.w.errorText(e)
	return nil
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

// codeInternal marks a bug in the engine, caught: the next call works (D29).
const codeInternal core.Code = "ERR_INTERNAL"

// fail writes the error answer: code, field, message (D28).
func (b *Bridge) fail(e *core.Error) int {
	b.last = lastMerge{}
	b.w.reset(0)
	b.w.errorText(e)
	return statusError
}

// keep keeps the merged options of a merge for a remerge by the next call.
// A remerge's own are not kept: they hold values of the merge before it,
// views into that message, which the call after next overwrites.
func (b *Bridge) keep(op byte, layerID uint32, m *core.Obj) {
	if op == opMerge || op == opMergeParse || op == opMergeAhead {
		b.last = lastMerge{b.calls, layerID, m}
	}
}

// next returns the side the next call runs on: after a call that kept
// merged options, the other one; else side 0, so that large calls that do
// not merge keep one side's memory.
func (b *Bridge) next() int {
	if b.last.merged != nil {
		return b.cur ^ 1
	}
	return 0
}

// Input returns the buffer the next message is to be written into, with
// room for n bytes at least: the module hands it to the shim (exports.go),
// which writes the message there, and Call is then given it.
func (b *Bridge) Input(n int) []byte {
	sd := &b.sides[b.next()]
	if n > cap(sd.in) {
		sd.in = make([]byte, 0, n+n/2)
	}
	return sd.in[:cap(sd.in)]
}

// Ops returns the words of the last answer.
func (b *Bridge) Ops() []uint32 { return b.w.ops }

// Text returns the text buffer of the last answer.
func (b *Bridge) Text() []byte { return b.w.text }

// Free forgets a layer; layer 0, the global defaults, stays. Its memory
// goes to the next new layer (core.Session.Reuse): the shim frees a layer
// for each one it makes once it holds 256 (shim.js, the clock).
func (b *Bridge) Free(id uint32) {
	if id == 0 {
		return
	}
	if l, ok := b.layers[id]; ok {
		delete(b.layers, id)
		b.spare = l
	}
	if id == b.lastLayer {
		b.lastLayer, b.near = 0, b.layers[0]
	}
}

// layer returns the layer of id, and whether there is one. The last one
// asked for is kept at hand: a map lookup is hashing in Go's WebAssembly
// code, a twentieth of a small call (profiled).
func (b *Bridge) layer(id uint32) (layer, bool) {
	if id == b.lastLayer {
		return b.near, true
	}
	l, ok := b.layers[id]
	if ok {
		b.lastLayer, b.near = id, l
	}
	return l, ok
}

// stringsOf returns the strings of a layer's options, keys and values, by
// handle (n handles): the strings of the shim's table for the layer.
func stringsOf(o *core.Obj, n int, reuse []core.Value) []core.Value {
	strs := reuse[:0]
	if cap(strs) < n {
		strs = make([]core.Value, n)
	} else {
		strs = strs[:n]
		clear(strs)
	}
	var value func(v core.Value)
	value = func(v core.Value) {
		switch v.Kind() {
		case core.String:
			if h, ok := v.Handle(); ok && h < n {
				strs[h] = v
			}
		case core.Object:
			o := v.Obj()
			for i := 0; i < o.Len(); i++ {
				if h, ok := o.KeyHandle(i); ok && h < n {
					strs[h] = core.Str(o.Key(i))
				}
				value(o.At(i))
			}
		case core.Array:
			for _, e := range v.List() {
				value(e)
			}
		}
	}
	value(core.ObjValue(o))
	return strs
}

// trim lets go of the buffers of a large call.
func (b *Bridge) trim() {
	for i := range b.sides {
		b.sides[i].reset()
	}
	b.w = writer{}
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
