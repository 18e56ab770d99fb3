package bridge

import (
	"math"

	"github.com/endpoint-wasm/endpoint-wasm/core/internal/ascii"
	"github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"
)

// answerWriter writes an answer (protocol.go): words into ops, strings into
// text; the twin of js/protocol.js's AnswerReader, method for method. A
// value the caller gave is named by its handle, never written out.
type answerWriter struct {
	ops  []uint32
	text []byte
	base int // the first handle of the call's options: smaller ones are the layer's
	bad  bool
}

// copyAll as base makes the writer write every plain object and array out,
// for an answer that becomes a layer.
const copyAll = math.MaxInt

func (w *answerWriter) reset(base int) {
	w.ops, w.text, w.base, w.bad = w.ops[:0], w.text[:0], base, false
}

func (w *answerWriter) word(tag, arg int) { w.ops = append(w.ops, uint32(tag)|uint32(arg)<<4) }

// str writes s as a constant when it is one, else as text.
func (w *answerWriter) str(s string) {
	if k, ok := constantIndex(s); ok {
		w.word(opConst, k)
		return
	}
	w.textOp(opText, s)
}

// named writes s, the key of handle h (h < 0: none): by its handle when it
// is the call's; else as a constant when it is one (the layer's keys mostly
// are, which the shim then sets at once), else by its handle when it has
// one, else as text.
func (w *answerWriter) named(s string, h int) {
	if h >= w.base {
		w.word(opRef, h)
	} else if k, ok := constantIndex(s); ok {
		w.word(opConst, k)
	} else if h >= 0 {
		w.word(opRef, h)
	} else {
		w.textOp(opText, s)
	}
}

// textOp writes s into the text buffer under tag (opText, opNumber or
// opBigInt), flagging text that may not be ASCII (textWide): browsers read
// ASCII text through the JS String Builtins, for less than a TextDecoder
// call. Text past textScanned bytes is flagged unlooked.
func (w *answerWriter) textOp(tag int, s string) {
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

// value writes v: by handle when the shim has it, else what it holds. The
// layer's plain objects and arrays are written out, member by member, so
// that a result never shares one with a layer (D2); a string, a host value
// or a value the shim held is named by its handle wherever it comes from,
// which the shim reads as quickly as a constant.
func (w *answerWriter) value(v engine.Value) {
	h, held := v.Handle()
	if k := v.Kind(); h >= 0 && (h >= w.base || held || k == engine.Opaque || k == engine.String) {
		w.word(opRef, h)
		return
	}
	switch v.Kind() {
	case engine.Undefined:
		w.word(opConst, constUndefined)
	case engine.Null:
		w.word(opConst, constNull)
	case engine.Bool:
		if v.Text() == "true" {
			w.word(opConst, constTrue)
		} else {
			w.word(opConst, constFalse)
		}
	case engine.Number:
		w.textOp(opNumber, v.Text())
	case engine.BigInt:
		w.textOp(opBigInt, v.Text())
	case engine.String:
		w.str(v.Text()) // a string the engine made
	case engine.Array:
		w.array(v.Elems())
	case engine.Object:
		w.object(v.Obj())
	default: // an opaque value without a handle: only Go callers make them
		w.bad = true
		w.word(opConst, constNull)
	}
}

// array writes the members of a list.
func (w *answerWriter) array(list []engine.Value) {
	w.word(opArray, len(list))
	for _, e := range list {
		w.value(e)
	}
}

// object writes o's members, leaving out undefined ones (D15).
func (w *answerWriter) object(o *engine.Obj) { w.members(opObject, o) }

// members writes o as an object of tag opObject (opShaped when its defined
// members begin with a shape's keys) or opBare; the count is patched in
// once the defined members are written.
func (w *answerWriter) members(tag int, o *engine.Obj) {
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
		if v.Kind() == engine.Undefined {
			continue
		}
		n++
		if n > unkeyed {
			kh, _ := o.KeyHandle(i)
			w.named(o.Key(i), kh)
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
func shapeOf(o *engine.Obj) int {
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
func keyAfter(o *engine.Obj, i *int) string {
	if *i = nextDefined(o, *i+1); *i == o.Len() {
		return ""
	}
	return o.Key(*i)
}

// nextDefined returns the index of o's first member from i whose value is
// not undefined (D15), or o.Len().
func nextDefined(o *engine.Obj, i int) int {
	for i < o.Len() && o.At(i).Kind() == engine.Undefined {
		i++
	}
	return i
}

// request writes request options: {method, url, headers, body?, request?},
// in the reference's key order. merged, when given, is the merged options
// the request was parsed from: a url that is their url unchanged (a next
// page's, taken from a link header) is named by its handle, not written as
// text that the shim would decode again.
func (w *answerWriter) request(r *engine.Request, merged *engine.Obj) {
	n := 3
	if r.Body.Kind() != engine.Undefined {
		n++
	}
	if r.Request.Kind() != engine.Undefined {
		n++
	}
	w.word(opShaped, n<<shapeBits|shapeRequest) // method, url, headers
	w.word(opConst, constGet+methodOf(r.Method))
	w.url(r.URL, merged)
	w.object(r.Headers)
	if r.Body.Kind() != engine.Undefined {
		w.word(opConst, constBody)
		if h, _ := r.Body.Handle(); r.Body.Kind() == engine.Object && h < 0 {
			w.members(opBare, r.Body.Obj()) // the JSON body the engine built (D18)
		} else {
			w.value(r.Body)
		}
	}
	if r.Request.Kind() != engine.Undefined {
		w.word(opConst, constRequest)
		w.value(r.Request)
	}
}

// url writes a request's url: by the handle of the caller's url option when
// it is that string (a next page's url, say), so that the shim answers the
// caller's own string instead of decoding a copy; else as text.
func (w *answerWriter) url(url string, merged *engine.Obj) {
	if merged != nil {
		// A url the engine never loaded was not the one it used (a route's).
		if v, ok := merged.Get("url"); ok && v.Kind() == engine.String {
			if h, unloaded := v.Handle(); h >= 0 && !unloaded && ascii.Equal(v.Text(), url) {
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
		if c := constants[i]; s == "" || c[0] == s[0] && ascii.Equal(c, s) {
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

// errorText writes an error as four strings: code, field, message and
// rule (D28).
func (w *answerWriter) errorText(e *engine.Error) {
	w.textOp(opText, string(e.Code))
	w.textOp(opText, e.Field)
	w.textOp(opText, e.Error())
	w.textOp(opText, e.Rule)
}
