package bridge

import (
	"strconv"
	"strings"

	"github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"
)

// The test side of the wire, playing the shim through the bridge's own
// writer (MessageWriter) and reader (AnswerReader): a table of the values
// written, each key and record taking the next handle; held values keep
// only their kind; answers are read into values, handles resolved, and
// rendered as JSON text, so that tests compare whole results.

// shim plays the JavaScript side of one bridge.
type shim struct {
	b    *Bridge
	w    MessageWriter  // messages
	lw   MessageWriter  // loads, written during a call
	vals []engine.Value // the call under way, its layer's values first
	long bool           // strings past ShortString are held, as the shim holds a layer's
}

// layer is a layer of .defaults() as the shim keeps it: the defaults the
// engine answered, its host values the very values the caller gave.
type layer struct {
	defaults engine.Value
}

func newShim() *shim {
	s := &shim{}
	s.b = New(s.fetch)
	return s
}

// msg writes a message on l (nil: the global defaults). options is JSON
// text (engine.DecodeJSON), "" for none; hold names the top-level keys whose
// values are written held.
func (s *shim) msg(op byte, l *layer, route *string, options string, hold ...string) []byte {
	s.vals = nil
	w := &s.w
	w.Begin(op)
	if l == nil {
		w.NoLayer()
	} else {
		at := w.BeginLayer()
		s.long = true
		s.rec(w, l.defaults, 1, false)
		s.long = false
		w.EndLayer(at)
	}
	if route == nil {
		w.NoRoute()
	} else {
		w.Route(*route)
	}
	s.options(options, hold)
	if err := w.Err(); err != nil {
		panic(err)
	}
	return append([]byte(nil), w.Message()...)
}

// defaults runs an OpDefaults on l with options and returns the new layer
// as the shim keeps it (js/protocol.js): the defaults answered, with the
// values named by handle resolved; and the layer's defaults as JSON text,
// as merge() with nothing to merge gives them (the shim's DEFAULTS).
func (s *shim) defaults(l *layer, options string) (*layer, string) {
	status, got := s.run(s.msg(OpDefaults, l, nil, options))
	if status != StatusOK {
		return nil, got
	}
	nl := &layer{defaults: NewAnswerReader[engine.Value](s.b.Ops(), s.b.Text(), maker{s}).Value()}
	_, d := s.run(s.msg(OpMerge, nl, nil, ""))
	return nl, d
}

// options writes the options record of a message.
func (s *shim) options(options string, hold []string) {
	w := &s.w
	if options == "" {
		s.vals = append(s.vals, engine.NullValue())
		w.Null()
		return
	}
	v, err := engine.DecodeJSON([]byte(options))
	if err != nil {
		panic(err)
	}
	s.vals = append(s.vals, v)
	o := v.Obj()
	at, _ := w.Object(1)
	for i := 0; i < o.Len(); i++ {
		k := o.Key(i)
		w.Key(k)
		s.vals = append(s.vals, engine.Str(k))
		s.rec(w, o.At(i), 2, slicesContains(hold, k))
	}
	w.EndObject(at, o.Len())
}

func slicesContains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// rec writes one record at depth, its members in full unless held.
func (s *shim) rec(w *MessageWriter, v engine.Value, depth int, held bool) {
	s.vals = append(s.vals, v)
	switch v.Kind() {
	case engine.Undefined:
		w.Undefined()
	case engine.Null:
		w.Null()
	case engine.Bool:
		w.Bool(v.Text() == "true")
	case engine.Number:
		w.Number(v.Text())
	case engine.BigInt:
		w.BigInt(v.Text())
	case engine.String:
		if held || s.long && len(v.Text()) > ShortString {
			w.HeldString()
		} else {
			w.String(v.Text())
		}
	case engine.Array:
		if held {
			w.HeldArray()
			return
		}
		if w.Array(len(v.Elems()), depth) {
			for _, e := range v.Elems() {
				s.rec(w, e, depth+1, false)
			}
		}
	case engine.Object:
		if held {
			w.HeldObject()
			return
		}
		o := v.Obj()
		at, ok := w.Object(depth)
		for i := 0; ok && i < o.Len(); i++ {
			w.Key(o.Key(i))
			s.vals = append(s.vals, engine.Str(o.Key(i)))
			s.rec(w, o.At(i), depth+1, false)
		}
		w.EndObject(at, o.Len())
	default:
		_, class := v.Ref()
		w.Host(Class(class))
	}
}

// fetch answers a load: the value of handle h, written in full into the
// arena, as the shim writes it into Go's memory (exports.go, hostFetch).
func (s *shim) fetch(h int, arena *[]byte) ([]byte, bool) {
	v, ok := s.resolve(h)
	if !ok {
		return nil, false
	}
	s.lw.BeginLoad(len(s.vals), 0)
	save := len(s.vals)
	s.rec(&s.lw, v, 2, false)
	// The record of v itself takes no new handle: drop it from the table.
	s.vals = append(s.vals[:save], s.vals[save+1:]...)
	start := len(*arena)
	*arena = append(*arena, s.lw.Message()...)
	return (*arena)[start:], true
}

func (s *shim) resolve(h int) (engine.Value, bool) {
	if h < len(s.vals) {
		return s.vals[h], true
	}
	return engine.Value{}, false
}

// run sends a message and returns the status and the answer as JSON text
// (handles resolved; "#h" for a host value; a bigint with its n); an
// error's four values (code, field, message, rule) are separated by spaces.
func (s *shim) run(in []byte) (int, string) {
	status := s.b.Call(in)
	r := NewAnswerReader[engine.Value](s.b.Ops(), s.b.Text(), maker{s})
	if status != StatusOK {
		code, field, message, rule := r.ErrorText()
		return status, quote(code) + " " + quote(field) + " " + quote(message) + " " + quote(rule)
	}
	return status, render(r.Value())
}

func quote(s string) string { return string(engine.AppendJSON(nil, engine.Str(s))) }

// render writes v as JSON text, but a host value as "#h" (its handle) and
// a bigint with its n, and undefined as itself.
func render(v engine.Value) string {
	switch v.Kind() {
	case engine.Undefined:
		return "undefined"
	case engine.Opaque:
		ref, _ := v.Ref()
		if h, ok := ref.(int); ok {
			return `"#` + strconv.Itoa(h) + `"`
		}
	case engine.BigInt:
		return v.Text() + "n"
	case engine.Array:
		parts := make([]string, len(v.Elems()))
		for i, e := range v.Elems() {
			parts[i] = render(e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case engine.Object:
		o := v.Obj()
		parts := make([]string, o.Len())
		for i := range parts {
			parts[i] = quote(o.Key(i)) + ":" + render(o.At(i))
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	return string(engine.AppendJSON(nil, v))
}

// maker makes an answer's values as the shim does: a value named by handle
// is the very value of the table; a host value is made the opaque value of
// its handle, which render names.
type maker struct{ s *shim }

func (m maker) Ref(h int) engine.Value {
	v, ok := m.s.resolve(h)
	if !ok {
		return engine.Str("<bad handle " + strconv.Itoa(h) + ">")
	}
	if v.Kind() == engine.Opaque {
		_, class := v.Ref()
		return engine.OpaqueValue(h, class)
	}
	return v
}
func (maker) Undefined() engine.Value                        { return engine.Value{} }
func (maker) Null() engine.Value                             { return engine.NullValue() }
func (maker) Bool(b bool) engine.Value                       { return engine.BoolValue(b) }
func (maker) String(s string) engine.Value                   { return engine.Str(s) }
func (maker) Number(text string) engine.Value                { return engine.NumText(text) }
func (maker) BigInt(text string) engine.Value                { return engine.Big(text) }
func (maker) Array(n int) engine.Value                       { return engine.List(make([]engine.Value, n)...) }
func (maker) SetIndex(a engine.Value, i int, e engine.Value) { a.Elems()[i] = e }
func (maker) Object(bool) engine.Value                       { return engine.ObjValue(engine.NewObj(4)) }
func (maker) Set(o, k, v engine.Value)                       { o.Obj().Append(k.Text(), v) }
