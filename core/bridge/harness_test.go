package bridge

import (
	"encoding/binary"
	"strconv"
	"strings"

	"github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"
)

// The test side of the wire: a message writer that follows js/protocol.js
// (every key and record takes the next handle; held values keep only their
// kind), a table of the values written, and a reader of answers that turns
// them into JSON text, handles resolved, so that tests compare whole
// results.

// shim plays the JavaScript side of one bridge.
type shim struct {
	b    *Bridge
	vals []engine.Value // the call under way, its layer's values first
	long bool           // strings past shortString are held, as the shim holds a layer's
}

// shortString is the shim's SHORT_STRING (js/protocol.js): a layer's
// strings longer than it are held.
const shortString = 256

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
	out := []byte{op}
	if l == nil {
		out = binary.LittleEndian.AppendUint32(out, 0)
	} else {
		s.long = true
		out = appendStr(out, string(s.rec(nil, l.defaults, false)))
		s.long = false
	}
	if route == nil {
		out = binary.LittleEndian.AppendUint32(out, noRoute)
	} else {
		out = appendStr(out, *route)
	}
	return s.options(out, options, hold)
}

// defaults runs an opDefaults on l with options and returns the new layer
// as the shim keeps it (js/protocol.js): the defaults answered, with the
// values named by handle resolved; and the layer's defaults as JSON text,
// as merge() with nothing to merge gives them (the shim's DEFAULTS).
func (s *shim) defaults(l *layer, options string) (*layer, string) {
	status, got := s.run(s.msg(opDefaults, l, nil, options))
	if status != statusOK {
		return nil, got
	}
	r := answerReader{ops: s.b.w.ops, text: s.b.w.text, s: s}
	nl := &layer{defaults: r.core()}
	_, d := s.run(s.msg(opMerge, nl, nil, ""))
	return nl, d
}

// options writes the options record of a message.
func (s *shim) options(out []byte, options string, hold []string) []byte {
	if options == "" {
		s.vals = append(s.vals, engine.NullValue())
		return append(out, recNull)
	}
	v, err := engine.DecodeJSON([]byte(options))
	if err != nil {
		panic(err)
	}
	s.vals = append(s.vals, v)
	o := v.Obj()
	out = append(out, recObject)
	out = binary.LittleEndian.AppendUint32(out, uint32(o.Len()))
	for i := 0; i < o.Len(); i++ {
		k := o.Key(i)
		out = appendStr(out, k)
		s.vals = append(s.vals, engine.Str(k))
		held := false
		for _, h := range hold {
			held = held || h == k
		}
		out = s.rec(out, o.At(i), held)
	}
	return out
}

func appendStr(out []byte, s string) []byte {
	out = binary.LittleEndian.AppendUint32(out, uint32(len(s)))
	return append(out, s...)
}

// rec writes one record, its members in full unless held.
func (s *shim) rec(out []byte, v engine.Value, held bool) []byte {
	s.vals = append(s.vals, v)
	switch v.Kind() {
	case engine.Undefined:
		return append(out, recUndefined)
	case engine.Null:
		return append(out, recNull)
	case engine.Bool:
		if v.Text() == "true" {
			return append(out, recTrue)
		}
		return append(out, recFalse)
	case engine.Number:
		return appendStr(append(out, recNumber), v.Text())
	case engine.BigInt:
		return appendStr(append(out, recBigInt), v.Text())
	case engine.String:
		if held || s.long && len(v.Text()) > shortString {
			return append(out, recHeldString)
		}
		return appendStr(append(out, recString), v.Text())
	case engine.Array:
		if held {
			return append(out, recHeldArray)
		}
		out = binary.LittleEndian.AppendUint32(append(out, recArray), uint32(len(v.Elems())))
		for _, e := range v.Elems() {
			out = s.rec(out, e, false)
		}
		return out
	case engine.Object:
		if held {
			return append(out, recHeldObject)
		}
		o := v.Obj()
		out = binary.LittleEndian.AppendUint32(append(out, recObject), uint32(o.Len()))
		for i := 0; i < o.Len(); i++ {
			out = appendStr(out, o.Key(i))
			s.vals = append(s.vals, engine.Str(o.Key(i)))
			out = s.rec(out, o.At(i), false)
		}
		return out
	}
	_, class := v.Ref()
	return append(out, recHost, byte(class))
}

// fetch answers a load: the value of handle h, written in full into the
// arena, as the shim writes it into Go's memory (exports.go, hostFetch).
func (s *shim) fetch(h int, arena *[]byte) ([]byte, bool) {
	v, ok := s.resolve(h)
	if !ok {
		return nil, false
	}
	base := len(s.vals)
	start := len(*arena)
	out := binary.LittleEndian.AppendUint32(*arena, uint32(base))
	save := len(s.vals)
	out = s.rec(out, v, false)
	// The record of v itself takes no new handle: drop it from the table.
	s.vals = append(s.vals[:save], s.vals[save+1:]...)
	*arena = out
	return out[start:], true
}

func (s *shim) resolve(h int) (engine.Value, bool) {
	if h < len(s.vals) {
		return s.vals[h], true
	}
	return engine.Value{}, false
}

// run sends a message and returns the status and the answer as JSON text
// (handles resolved; "#h" for a host value); an error's four values (code,
// field, message, rule) are separated by spaces.
func (s *shim) run(in []byte) (int, string) {
	status := s.b.Call(in)
	r := answerReader{ops: s.b.w.ops, text: s.b.w.text, s: s}
	if status != statusOK {
		got := r.value() + " " + r.value() + " " + r.value() + " " + r.value()
		if r.p != len(r.ops) {
			got += " and more"
		}
		return status, got
	}
	return status, r.value()
}

// answerReader renders an answer as JSON text.
type answerReader struct {
	ops  []uint32
	text []byte
	p    int
	s    *shim
}

// next returns the tag and argument of the answer's next word.
func (r *answerReader) next() (tag, arg int) {
	w := r.ops[r.p]
	r.p++
	return int(w & 15), int(w >> 4)
}

// textAt returns the text at arg of the answer's text, its length the next word.
func (r *answerReader) textAt(arg int) string {
	n := int(r.ops[r.p] &^ textWide)
	r.p++
	return string(r.text[arg : arg+n])
}

func (r *answerReader) value() string {
	tag, arg := r.next()
	switch tag {
	case opRef:
		v, ok := r.s.resolve(arg)
		if !ok {
			return "<bad handle " + strconv.Itoa(arg) + ">"
		}
		if v.Kind() == engine.Opaque {
			return `"#` + strconv.Itoa(arg) + `"`
		}
		if v.Kind() == engine.BigInt {
			return v.Text() + "n"
		}
		return string(engine.AppendJSON(nil, v))
	case opText, opNumber, opBigInt:
		s := r.textAt(arg)
		switch tag {
		case opNumber:
			return s
		case opBigInt:
			return s + "n"
		}
		return string(engine.AppendJSON(nil, engine.Str(s)))
	case opConst:
		if arg < firstString {
			return constants[arg]
		}
		return string(engine.AppendJSON(nil, engine.Str(constants[arg])))
	case opObject, opBare, opShaped:
		var keys []string // an opShaped object's first keys, not written
		if tag == opShaped {
			keys, arg = shapes[arg&(1<<shapeBits-1)], arg>>shapeBits
		}
		var b strings.Builder
		b.WriteByte('{')
		for i := 0; i < arg; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			if i < len(keys) {
				b.WriteString(string(engine.AppendJSON(nil, engine.Str(keys[i]))))
			} else {
				b.WriteString(r.value())
			}
			b.WriteByte(':')
			b.WriteString(r.value())
		}
		b.WriteByte('}')
		return b.String()
	case opArray:
		var b strings.Builder
		b.WriteByte('[')
		for i := 0; i < arg; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(r.value())
		}
		b.WriteByte(']')
		return b.String()
	}
	return "<bad word>"
}

// core reads an answer into a value, as the shim builds it: a value named
// by handle is the very value of the table.
func (r *answerReader) core() engine.Value {
	tag, arg := r.next()
	switch tag {
	case opRef:
		v, _ := r.s.resolve(arg)
		return v
	case opText, opNumber, opBigInt:
		s := r.textAt(arg)
		switch tag {
		case opNumber:
			return engine.NumText(s)
		case opBigInt:
			return engine.Big(s)
		}
		return engine.Str(s)
	case opConst:
		switch arg {
		case constUndefined:
			return engine.Value{}
		case constNull:
			return engine.NullValue()
		case constFalse, constTrue:
			return engine.BoolValue(arg == constTrue)
		}
		return engine.Str(constants[arg])
	case opObject, opBare, opShaped:
		var keys []string
		if tag == opShaped {
			keys, arg = shapes[arg&(1<<shapeBits-1)], arg>>shapeBits
		}
		o := engine.NewObj(arg)
		for i := 0; i < arg; i++ {
			k := ""
			if i < len(keys) {
				k = keys[i]
			} else {
				k = r.core().Text()
			}
			o.Append(k, r.core())
		}
		return engine.ObjValue(o)
	case opArray:
		l := make([]engine.Value, arg)
		for i := range l {
			l[i] = r.core()
		}
		return engine.List(l...)
	}
	panic("a bad answer word")
}
