package bridge

import (
	"encoding/binary"
	"strconv"
	"strings"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

// The test side of the wire: a message writer that follows js/protocol.js
// (every key and record takes the next handle; held values keep only their
// kind), a table of the values written, and a reader of answers that turns
// them into JSON text, handles resolved, so that tests compare whole
// results.

// shim plays the JavaScript side of one bridge.
type shim struct {
	b       *Bridge
	layers  map[uint32][]core.Value // each layer's table
	vals    []core.Value            // the call under way
	layer   uint32
	headers bool      // a headers object is being written: its strings may be the layer's
	written bool      // write every string out, never as a layer's (recLayerString)
	added   *core.Obj // the header members the last opMergeAhead wrote out
}

func newShim() *shim {
	s := &shim{layers: map[uint32][]core.Value{0: nil}}
	s.b = New(s.fetch)
	return s
}

// msg writes a message. options is JSON text (core.DecodeJSON), "" for
// none; hold names the top-level keys whose values are written held.
func (s *shim) msg(op byte, layer uint32, route *string, options string, hold ...string) []byte {
	s.layer = layer
	s.vals = nil
	out := s.header(op, layer)
	if route == nil {
		out = binary.LittleEndian.AppendUint32(out, noRoute)
	} else {
		out = appendStr(out, *route)
	}
	return s.options(out, options, hold)
}

// remerge writes an opRemerge or opRemergeParse message changing the merged
// options of call number over, the last message's: its handles go on from
// that message's, as the shim's do.
func (s *shim) remerge(op byte, over uint32, changes string, hold ...string) []byte {
	out := s.header(op, s.layer)
	out = binary.LittleEndian.AppendUint32(out, over)
	return s.options(out, changes, hold)
}

// ahead writes an opMergeAhead message: msg's, then the header members to
// set (JSON text of an object), or, for "", recNull: the members the last
// one wrote out, which take handles as if written again, as the shim's do.
func (s *shim) ahead(layer uint32, route *string, options, added string) []byte {
	out := s.msg(opMergeAhead, layer, route, options)
	if added == "" {
		s.vals = append(s.vals, core.NullValue())
		for i := 0; i < s.added.Len(); i++ {
			s.vals = append(s.vals, core.Str(s.added.Key(i)), s.added.At(i))
		}
		return append(out, recNull)
	}
	v, err := core.DecodeJSON([]byte(added))
	if err != nil {
		panic(err)
	}
	if v.Kind() == core.Object {
		s.added = v.Obj()
	}
	return s.rec(out, v, false)
}

// header writes op, layer and the first handle of the message.
func (s *shim) header(op byte, layer uint32) []byte {
	out := []byte{op}
	out = binary.LittleEndian.AppendUint32(out, layer)
	return binary.LittleEndian.AppendUint32(out, uint32(len(s.layers[layer])+len(s.vals)))
}

// options writes the options record of a message.
func (s *shim) options(out []byte, options string, hold []string) []byte {
	if options == "" {
		s.vals = append(s.vals, core.NullValue())
		return append(out, recNull)
	}
	v, err := core.DecodeJSON([]byte(options))
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
		s.vals = append(s.vals, core.Str(k))
		held := false
		for _, h := range hold {
			held = held || h == k
		}
		s.headers = k == "headers"
		out = s.rec(out, o.At(i), held)
		s.headers = false
	}
	return out
}

// layerString returns the handle of str in the layer's table, for a header
// value of 16 bytes or more. The shim looks among the layer's header values
// only (headerStrings); the engine takes any string of the layer's table,
// and this looks among them all.
func (s *shim) layerString(str string) (int, bool) {
	if !s.headers || s.written || len(str) < 16 {
		return 0, false
	}
	for h, v := range s.layers[s.layer] {
		if v.Kind() == core.String && v.Text() == str {
			return h, true
		}
	}
	return 0, false
}

func appendStr(out []byte, s string) []byte {
	out = binary.LittleEndian.AppendUint32(out, uint32(len(s)))
	return append(out, s...)
}

// rec writes one record, its members in full unless held.
func (s *shim) rec(out []byte, v core.Value, held bool) []byte {
	s.vals = append(s.vals, v)
	switch v.Kind() {
	case core.Undefined:
		return append(out, recUndefined)
	case core.Null:
		return append(out, recNull)
	case core.Bool:
		if v.Text() == "true" {
			return append(out, recTrue)
		}
		return append(out, recFalse)
	case core.Number:
		return append(append(out, recNumber, byte(len(v.Text()))), v.Text()...)
	case core.BigInt:
		return appendStr(append(out, recBigInt), v.Text())
	case core.String:
		if held {
			return append(out, recHeldString)
		}
		if h, ok := s.layerString(v.Text()); ok {
			return binary.LittleEndian.AppendUint32(append(out, recLayerString), uint32(h))
		}
		return appendStr(append(out, recString), v.Text())
	case core.Array:
		if held {
			return append(out, recHeldArray)
		}
		out = binary.LittleEndian.AppendUint32(append(out, recArray), uint32(len(v.List())))
		for _, e := range v.List() {
			out = s.rec(out, e, false)
		}
		return out
	case core.Object:
		if held {
			return append(out, recHeldObject)
		}
		o := v.Obj()
		out = binary.LittleEndian.AppendUint32(append(out, recObject), uint32(o.Len()))
		for i := 0; i < o.Len(); i++ {
			out = appendStr(out, o.Key(i))
			s.vals = append(s.vals, core.Str(o.Key(i)))
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
	base := len(s.layers[s.layer]) + len(s.vals)
	start := len(*arena)
	out := binary.LittleEndian.AppendUint32(*arena, uint32(base))
	save := len(s.vals)
	out = s.rec(out, v, false)
	// The record of v itself takes no new handle: drop it from the table.
	s.vals = append(s.vals[:save], s.vals[save+1:]...)
	*arena = out
	return out[start:], true
}

func (s *shim) resolve(h int) (core.Value, bool) {
	t := s.layers[s.layer]
	if h < len(t) {
		return t[h], true
	}
	if h-len(t) < len(s.vals) {
		return s.vals[h-len(t)], true
	}
	return core.Value{}, false
}

// run sends a message and returns the status and the answer as JSON text
// (handles resolved; "#h" for a host value). For opDefaults the new layer's
// table is kept and the answer starts with "layer <id>: ".
func (s *shim) run(in []byte) (int, string) {
	status := s.b.Call(in)
	r := answerReader{ops: s.b.w.ops, text: s.b.w.text, s: s}
	if status != statusOK {
		return status, r.value() + " " + r.value() + " " + r.value()
	}
	if in[0] == opDefaults {
		id, n := r.ops[0], int(r.ops[1])
		var table []core.Value
		for _, h := range r.ops[2 : 2+n] {
			v, _ := s.resolve(int(h))
			table = append(table, v)
		}
		r.p = 2 + n
		s.layers[id] = table
		s.layer = id
		return status, "layer " + strconv.Itoa(int(id)) + ": " + r.value()
	}
	merged := r.value()
	switch in[0] {
	case opMergeParse, opRemergeParse:
		return status, merged + " then " + r.parsed()
	case opMergeAhead: // then the remerge answered ahead, and its parse; or 0
		r.p++
		if r.ops[r.p-1] == 0 {
			return status, merged + " ahead: none"
		}
		ahead := r.value()
		return status, merged + " ahead: " + ahead + " then " + r.parsed()
	}
	return status, merged
}

// parsed renders the parse part of a merge-and-parse answer: the request
// options, or the parse's error (code, field, message).
func (r *answerReader) parsed() string {
	r.p++
	if r.ops[r.p-1] == 0 {
		return r.value() + " " + r.value() + " " + r.value()
	}
	return r.value()
}

// answerReader renders an answer as JSON text.
type answerReader struct {
	ops  []uint32
	text []byte
	p    int
	s    *shim
}

func (r *answerReader) value() string {
	w := r.ops[r.p]
	r.p++
	tag, arg := int(w&15), int(w>>4)
	switch tag {
	case opRef, opCopy:
		v, ok := r.s.resolve(arg)
		if !ok {
			return "<bad handle " + strconv.Itoa(arg) + ">"
		}
		if v.Kind() == core.Opaque {
			return `"#` + strconv.Itoa(arg) + `"`
		}
		if v.Kind() == core.BigInt {
			return v.Text() + "n"
		}
		return string(core.AppendJSON(nil, v))
	case opText, opNumber, opBigInt:
		n := int(r.ops[r.p] &^ textWide)
		r.p++
		s := string(r.text[arg : arg+n])
		switch tag {
		case opNumber:
			return s
		case opBigInt:
			return s + "n"
		}
		return string(core.AppendJSON(nil, core.Str(s)))
	case opConst:
		if arg < firstString {
			return constants[arg]
		}
		return string(core.AppendJSON(nil, core.Str(constants[arg])))
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
				b.WriteString(string(core.AppendJSON(nil, core.Str(keys[i]))))
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
	case opAgain: // the value from word arg, read again where it was written
		if arg >= r.p-1 {
			return "<opAgain forward>"
		}
		back := r.p
		r.p = arg
		v := r.value()
		r.p = back
		return v
	}
	return "<bad word>"
}

func strconvItoa(n int) string { return strconv.Itoa(n) }
