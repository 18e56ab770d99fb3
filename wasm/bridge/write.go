package bridge

import (
	"unsafe"

	"github.com/endpoint-wasm/endpoint-wasm/core"
	"github.com/endpoint-wasm/endpoint-wasm/internal/ascii"
)

// writer writes an answer (protocol.go): words into ops, strings into text.
// A value the caller gave is named by its handle, never written out.
type writer struct {
	ops  []uint32
	text []byte
	base int    // the first handle of the call: smaller ones are the layer's
	rec  []byte // the layer's record, whose strings the answer names by place
	bad  bool
}

func (w *writer) reset(base int, rec []byte) {
	w.ops, w.text, w.base, w.bad, w.rec = w.ops[:0], w.text[:0], base, false, rec
}

func (w *writer) word(tag, arg int) { w.ops = append(w.ops, uint32(tag)|uint32(arg)<<4) }

// str writes s as a constant when it is one, else as text.
func (w *writer) str(s string) {
	if k, ok := constantIndex(s); ok {
		w.word(opConst, k)
		return
	}
	w.textOp(opText, s)
}

// layerStr writes s, the string of handle h of the call's layer: as a
// constant when it is one, else as opLayerText when it is a view into the
// layer's record (as every string decoded from it is), else as str does.
func (w *writer) layerStr(s string, h int) {
	if k, ok := constantIndex(s); ok {
		w.word(opConst, k)
		return
	}
	rec := w.rec
	if len(rec) > 0 && len(s) > 0 {
		off := uintptr(unsafe.Pointer(unsafe.StringData(s))) - uintptr(unsafe.Pointer(&rec[0]))
		if off < uintptr(len(rec)) && uintptr(len(s)) <= uintptr(len(rec))-off {
			w.word(opLayerText, h)
			w.ops = append(w.ops, uint32(off), uint32(len(s))) // decoded as UTF-8 (the shim does it once)
			return
		}
	}
	w.str(s)
}

// textOp writes s into the text buffer under tag (opText, opNumber or
// opBigInt), flagging text that may not be ASCII (textWide): browsers read
// ASCII text through the JS String Builtins, for less than a TextDecoder
// call. Text past textScanned bytes is flagged unlooked.
func (w *writer) textOp(tag int, s string) {
	w.word(tag, len(w.text))
	w.ops = append(w.ops, textLen(s))
	w.text = append(w.text, s...)
}

// textLen is the length word of a text: its byte length, with textWide
// when it may not be ASCII.
func textLen(s string) uint32 {
	n := uint32(len(s))
	if len(s) > textScanned || !ascii.Is(s) {
		n |= textWide
	}
	return n
}

// value writes v: by handle when it is one of the call's values, or one of
// the layer's that the shim keeps in its table, a host value or a string
// it held (protocol.go, opDefaults); else what it holds. The layer's other
// values are written out, its plain objects and arrays member by member,
// so that a result never shares one with a layer (D2), and its strings by
// their place in its record.
func (w *writer) value(v core.Value) {
	h, held := hc.Handle(v)
	if h >= w.base || h >= 0 && (held || v.Kind() == core.Opaque) {
		w.word(opRef, h)
		return
	}
	switch v.Kind() {
	case core.Undefined:
		w.word(opConst, constUndefined)
	case core.Null:
		w.word(opConst, constNull)
	case core.Bool:
		if v.Text() == "true" {
			w.word(opConst, constTrue)
		} else {
			w.word(opConst, constFalse)
		}
	case core.Number:
		w.textOp(opNumber, v.Text())
	case core.BigInt:
		w.textOp(opBigInt, v.Text())
	case core.String:
		if h >= 0 {
			w.layerStr(v.Text(), h)
		} else {
			w.str(v.Text())
		}
	case core.Array:
		w.array(hc.List(v))
	case core.Object:
		w.object(v.Obj())
	default: // an opaque value without a handle: only Go callers make them
		w.bad = true
		w.word(opConst, constNull)
	}
}

// array writes the members of a list.
func (w *writer) array(list []core.Value) {
	w.word(opArray, len(list))
	for _, e := range list {
		w.value(e)
	}
}

// object writes o's members, leaving out undefined ones (D15).
func (w *writer) object(o *core.Obj) { w.members(opObject, o) }

// members writes o as an object of tag opObject (opShaped when its defined
// members begin with a shape's keys) or opBare; the count is patched in
// once the defined members are written.
func (w *writer) members(tag int, o *core.Obj) {
	at := len(w.ops)
	w.ops = append(w.ops, 0)
	shape, unkeyed := -1, 0 // the first unkeyed members are written without their keys
	if tag == opObject {
		if shape = shapeOf(o); shape >= 0 {
			unkeyed = len(shapes[shape])
		}
	}
	n := 0
	for i := 0; i < o.Len(); i++ {
		v := o.At(i)
		if v.Kind() == core.Undefined {
			continue
		}
		n++
		if n > unkeyed {
			if kh, ok := hc.KeyHandle(o, i); !ok {
				w.str(o.Key(i))
			} else if kh >= w.base {
				w.word(opRef, kh)
			} else {
				w.layerStr(o.Key(i), kh)
			}
		}
		w.value(v)
	}
	if shape >= 0 {
		w.ops[at] = uint32(opShaped) | uint32(n<<shapeBits|shape)<<4
	} else {
		w.ops[at] = uint32(tag) | uint32(n)<<4
	}
}

// shapeOf returns the shape whose keys o's defined members begin with, or
// -1. It compares with constant strings, which Go compiles to a length
// test and a load or two, where a comparison with a string of the shapes
// table calls memequal: looked up so for every object written, the table
// cost as much as the keys left out saved (profiled in Node).
// TestShapeOfFindsEachShape holds it to the table.
func shapeOf(o *core.Obj) int {
	i := nextDefined(o, 0)
	if i == o.Len() {
		return -1
	}
	switch o.Key(i) {
	case "method":
		switch keyAfter(o, &i) {
		case "baseUrl":
			if keyAfter(o, &i) == "headers" && keyAfter(o, &i) == "mediaType" {
				return shapeOptions
			}
		case "url":
			if keyAfter(o, &i) == "headers" {
				return shapeRequest
			}
		}
	case "accept":
		if keyAfter(o, &i) == "user-agent" {
			return shapeHeaders
		}
	case "format":
		if keyAfter(o, &i) == "previews" {
			return shapeMediaType
		}
	}
	return -1
}

// keyAfter moves *i to o's next defined member and returns its key, or ""
// (no key of a shape) when there is none.
func keyAfter(o *core.Obj, i *int) string {
	if *i = nextDefined(o, *i+1); *i == o.Len() {
		return ""
	}
	return o.Key(*i)
}

// nextDefined returns the index of o's first member from i whose value is
// not undefined (D15), or o.Len().
func nextDefined(o *core.Obj, i int) int {
	for i < o.Len() && o.At(i).Kind() == core.Undefined {
		i++
	}
	return i
}

// request writes request options: {method, url, headers, body?, request?},
// in the reference's key order. merged, when given, is the merged options
// the request was parsed from: a url that is their url unchanged (a next
// page's, taken from a link header) is named by its handle, not written as
// text that the shim would decode again.
func (w *writer) request(r *core.Request, merged *core.Obj) {
	n := 3
	if r.Body.Kind() != core.Undefined {
		n++
	}
	if r.Request.Kind() != core.Undefined {
		n++
	}
	w.word(opShaped, n<<shapeBits|shapeRequest) // method, url, headers
	w.word(opConst, constGet+methodOf(r.Method))
	w.url(r.URL, merged)
	w.object(r.Headers)
	if r.Body.Kind() != core.Undefined {
		w.word(opConst, constBody)
		if h, _ := hc.Handle(r.Body); r.Body.Kind() == core.Object && h < 0 {
			w.members(opBare, r.Body.Obj()) // the JSON body the engine built (D18)
		} else {
			w.value(r.Body)
		}
	}
	if r.Request.Kind() != core.Undefined {
		w.word(opConst, constRequest)
		w.value(r.Request)
	}
}

// url writes a request's url: by the handle of the caller's url option when
// it is that string (a next page's url, say), so that the shim answers the
// caller's own string instead of decoding a copy; else as text.
func (w *writer) url(url string, merged *core.Obj) {
	if merged != nil {
		// A url the engine never loaded was not the one it used (a route's).
		if v, ok := merged.Get("url"); ok && v.Kind() == core.String {
			if h, unloaded := hc.Handle(v); h >= 0 && !unloaded && v.Text() == url {
				w.word(opRef, h)
				return
			}
		}
	}
	w.textOp(opText, url)
}

// constantsOfLength lists, for each length, the indexes of the string
// constants of that length: the writer looks every string it writes up
// there. A map of strings cost more: hashing runs in Go's WebAssembly code,
// with no hardware help, and was a tenth of a short merge() (profiled).
var constantsOfLength = func() (byLen [maxConstantLen + 1][]uint8) {
	for i := firstString; i < len(constants); i++ {
		byLen[len(constants[i])] = append(byLen[len(constants[i])], uint8(i))
	}
	return byLen
}()

// maxConstantLen is the length of the longest constant.
const maxConstantLen = len("application/json; charset=utf-8")

// constantIndex returns the index of s in constants, if it is one of their strings.
func constantIndex(s string) (int, bool) {
	if len(s) > maxConstantLen {
		return 0, false
	}
	for _, i := range constantsOfLength[len(s)] {
		if c := constants[i]; s == "" || c[0] == s[0] && c == s {
			return int(i), true
		}
	}
	return 0, false
}

// methodOf returns the position of a result's method (lower case, D3) in
// constants after constGet.
func methodOf(m string) int {
	for i, c := range constants[constGet : constGet+6] {
		if c == m {
			return i
		}
	}
	panic("endpoint: a result with an unknown method " + m)
}

// layer writes the answer of opDefaults: the new layer's defaults as a
// record in the text buffer (its offset and length, and how many handles
// its records take), the keys where they
// hold a plain object, which a call's plain object merges with (D21), and
// the record's handles whose values the shim keeps, each with the handle
// its value had in the message (protocol.go).
func (w *writer) layer(d *core.Obj, r *record) {
	r.dst, r.refs, r.next = w.text, r.refs[:0], 0
	at := len(w.text)
	r.value(core.ObjValue(d))
	w.text = r.dst
	w.ops = append(w.ops, uint32(at), uint32(len(w.text)-at), uint32(r.next))
	n := len(w.ops)
	w.ops = append(w.ops, 0)
	for i := 0; i < d.Len(); i++ {
		if k := d.Key(i); d.At(i).Kind() == core.Object && k != "headers" && k != "mediaType" {
			w.str(k)
			w.ops[n]++
		}
	}
	w.ops = append(w.ops, uint32(len(r.refs)/2))
	w.ops = append(w.ops, r.refs...)
}

// errorText writes an error as three strings: code, field, message (D28).
func (w *writer) errorText(e *core.Error) {
	w.textOp(opText, string(e.Code))
	w.textOp(opText, e.Field)
	w.textOp(opText, e.Error())
}
