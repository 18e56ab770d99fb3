package engine

import (
	"math"
	"strconv"
	"unsafe"
)

// Kind is the JavaScript type of a Value.
type Kind uint8

// The kinds of Value. The zero Value is Undefined.
const (
	Undefined Kind = iota // absent: dropped everywhere (D15)
	Null                  // null: an undefined template variable (D12), "null" in a query (D16)
	Bool                  // true or false
	Number                // a finite or non-finite number, kept as JavaScript's String(n) text (D12)
	BigInt                // a JavaScript bigint, kept as its decimal text (D12)
	String                // a string; a lone UTF-16 surrogate is kept as its WTF-8 bytes
	Array                 // a list
	Object                // a plain object with ordered keys
	Opaque                // a host value the engine never looks into (D19, D27)
)

// Class tells what kind of host value an Opaque Value is. The engine needs
// it only to decide whether a body gets the default content-type (D20).
type Class uint8

// The classes of Opaque values.
const (
	ClassOther           Class = iota // a function, AbortSignal, agent, class instance...
	ClassFormData                     // FormData: the HTTP client must set content-type with its boundary
	ClassBlob                         // Blob or File
	ClassURLSearchParams              // URLSearchParams
	ClassBinary                       // ArrayBuffer, a typed array or DataView; []byte in Go
	ClassStream                       // ReadableStream or a Node stream; io.Reader in Go
)

// Value is a JavaScript value as the engine sees it: the bridge decodes the
// caller's options into Values, and Go programs build them with the
// constructors below. Values are immutable once built, except through the
// *Obj they hold, which the engine never changes after merging.
//
// A Value the JavaScript bridge decodes may carry a handle, the caller's
// name for where it came from, or be unloaded, its kind known but not its
// content (bridge.go). The engine carries a handle through merge and
// parse with the value, so that the bridge hands back the caller's own
// value instead of a copy (D15, D19, D27), and asks for the content of an
// unloaded value only where it must read it. Values a Go program builds
// have neither.
type Value struct {
	// p is the text of a String, Number, BigInt or Bool value, the *Obj of
	// an Object, the first element of an Array, or a *any holding an Opaque
	// payload; n is the length of the text or of the list; m packs the
	// kind, the class, whether the value is unloaded and the handle (the
	// meta* constants). Three fields of a word each: Go's compiler keeps a
	// struct of at most four fields and four words in registers, and copies
	// any larger one through memory each time it is passed, returned or
	// asked a method of. A Value is the engine's most handled thing, and in
	// WebAssembly each such copy is a load and a store per word.
	p unsafe.Pointer
	n int
	m uint64
}

// The fields packed in Value.m.
const (
	metaClassShift  = 8       // bits 8-15: the Class of an Opaque value
	metaUnloaded    = 1 << 16 // the content is to be asked of the session's loader
	metaHandleShift = 32      // bits 32-63: the caller's handle plus one; 0 for none
)

// kind returns v's kind.
func (v Value) kind() Kind { return Kind(v.m) }

// class returns the class of an Opaque value.
func (v Value) class() Class { return Class(v.m >> metaClassShift) }

// unloaded reports whether v's content is still to be asked of the session's loader.
func (v Value) unloaded() bool { return v.m&metaUnloaded != 0 }

// handle returns v's handle plus one, 0 for none.
func (v Value) handle() int32 { return int32(v.m >> metaHandleShift) }

// withHandle returns v with handle plus one h1.
func (v Value) withHandle(h1 int32) Value {
	v.m = v.m&(1<<metaHandleShift-1) | uint64(uint32(h1))<<metaHandleShift
	return v
}

// text returns the text of a String, Number, BigInt or Bool value, and ""
// for other kinds.
func (v Value) text() string {
	if v.kind() >= Array {
		return ""
	}
	if v.unloaded() {
		panic(errUnloaded)
	}
	return unsafe.String((*byte)(v.p), v.n)
}

// textValue returns a value of kind k with text s.
func textValue(k Kind, s string) Value {
	return Value{p: unsafe.Pointer(unsafe.StringData(s)), n: len(s), m: uint64(k)}
}

// obj returns the object of an Object value, or nil.
func (v Value) obj() *Obj {
	if v.kind() != Object {
		return nil
	}
	if v.unloaded() {
		panic(errUnloaded)
	}
	return (*Obj)(v.p)
}

// list returns the elements of an Array value, or nil.
func (v Value) list() []Value {
	if v.kind() != Array {
		return nil
	}
	if v.unloaded() {
		panic(errUnloaded)
	}
	return unsafe.Slice((*Value)(v.p), v.n) // nil for no elements
}

// errUnloaded is the panic of reading a value that was not loaded
// (session.load): a defect of the engine, never of the input, which the
// bridge answers as ERR_INTERNAL, where reading it as empty would build a
// request from nothing. Only the bridge makes unloaded values.
const errUnloaded = "a value was read before it was loaded (session.load)"

// setList makes v's elements l.
func (v *Value) setList(l []Value) { v.p, v.n = unsafe.Pointer(unsafe.SliceData(l)), len(l) }

// Str returns a String value.
func Str(s string) Value { return textValue(String, s) }

// Num returns a Number value formatted as JavaScript's String(n) (D12).
func Num(f float64) Value { return textValue(Number, string(appendJSNumber(nil, f))) }

// Int returns a Number value for an integer.
func Int(i int64) Value {
	if i > 1<<53 || i < -(1<<53) {
		return Num(float64(i))
	}
	return textValue(Number, strconv.FormatInt(i, 10))
}

// NumText returns a Number value from JavaScript's own text for it, as
// String(n) writes it (D12): a JavaScript caller has already formatted it.
// It returns Undefined when the text is not such a number.
func NumText(text string) Value {
	if !isJSNumberText(text) {
		return Value{}
	}
	return textValue(Number, text)
}

// isJSNumberText reports whether s has the form of String(n): NaN,
// Infinity, -Infinity, or a JSON number (scanNumber), which is what
// JavaScript writes for every other number.
func isJSNumberText(s string) bool {
	switch s {
	case "NaN", "Infinity", "-Infinity":
		return true
	}
	n := scanNumber(s, 0)
	return n.why == "" && !n.bigint && n.end == len(s)
}

// Big returns a BigInt value from its decimal digits (an optional "-"
// followed by digits); it returns Undefined when the text is not that.
func Big(decimal string) Value {
	if !isDecimalInteger(decimal) {
		return Value{}
	}
	return textValue(BigInt, decimal)
}

// BoolValue returns a Bool value.
func BoolValue(b bool) Value {
	if b {
		return textValue(Bool, "true")
	}
	return textValue(Bool, "false")
}

// NullValue returns null.
func NullValue() Value { return Value{m: uint64(Null)} }

// List returns an Array value holding vs.
func List(vs ...Value) Value {
	v := Value{m: uint64(Array)}
	v.setList(vs)
	return v
}

// ObjValue returns an Object value for o (nil gives an empty object).
func ObjValue(o *Obj) Value {
	if o == nil {
		o = &Obj{}
	}
	return Value{p: unsafe.Pointer(o), m: uint64(Object)}
}

// OpaqueValue wraps a host value that the engine passes through untouched:
// a JavaScript handle in the bridge, or any Go value (an io.Reader as data,
// a context in request). class tells the content-type rule what it is (D20).
func OpaqueValue(ref any, class Class) Value {
	v := Value{m: uint64(Opaque) | uint64(class)<<metaClassShift}
	if ref != nil {
		// A box of its own, made only here: taking &ref instead would move
		// ref to the heap on every call, nil or not (the bridge's host
		// values are all nil, and a call must not allocate).
		box := new(any)
		*box = ref
		v.p = unsafe.Pointer(box)
	}
	return v
}

// Class returns the class of an Opaque value (ClassOther for other kinds).
func (v Value) Class() Class { return v.class() }

// Kind returns the value's kind.
func (v Value) Kind() Kind { return v.kind() }

// Text returns the text of a String, Number, BigInt or Bool value, and ""
// for other kinds.
func (v Value) Text() string { return v.text() }

// List returns a copy of the elements of an Array value (nil for other
// kinds): changing it changes nothing of v's, which is immutable.
func (v Value) List() []Value { return append([]Value(nil), v.list()...) }

// Obj returns the object of an Object value (nil for other kinds).
func (v Value) Obj() *Obj { return v.obj() }

// Ref returns the payload of an Opaque value and its class.
func (v Value) Ref() (any, Class) { return v.refOf(), v.Class() }

// refOf returns the payload of an Opaque value, or nil.
func (v Value) refOf() any {
	if v.kind() != Opaque || v.p == nil {
		return nil
	}
	return *(*any)(v.p)
}

// IsDefined reports whether v is neither undefined nor null.
func (v Value) IsDefined() bool { return v.kind() > Null }

// appendJSNumber appends f formatted as JavaScript's Number.prototype.toString
// (ECMA-262 Number::toString with radix 10): the shortest digits that
// round-trip, in plain notation for 1e-7 <= |f| < 1e21 and in exponent
// notation with an explicit sign ("1e+21", "1e-7") otherwise. -0 is "0".
// strconv's 'g' format differs ("1e+06" for 1e6), hence this function.
func appendJSNumber(dst []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(dst, "NaN"...)
	case math.IsInf(f, 1):
		return append(dst, "Infinity"...)
	case math.IsInf(f, -1):
		return append(dst, "-Infinity"...)
	case f == 0:
		return append(dst, '0')
	}
	if f < 0 {
		dst = append(dst, '-')
		f = -f
	}
	if f < 1e21 && f == math.Trunc(f) {
		return strconv.AppendFloat(dst, f, 'f', -1, 64)
	}
	var buf [32]byte
	e := strconv.AppendFloat(buf[:0], f, 'e', -1, 64) // d.ddddde±XX
	mant, exp := e, 0
	for i := range e {
		if e[i] == 'e' {
			mant = e[:i]
			exp, _ = strconv.Atoi(string(e[i+1:]))
			break
		}
	}
	var digits [24]byte
	k := 0
	for _, c := range mant {
		if c != '.' {
			digits[k] = c
			k++
		}
	}
	ds := digits[:k]
	n := exp + 1 // the position of the decimal point relative to the digits
	switch {
	case k <= n && n <= 21:
		dst = append(dst, ds...)
		for i := 0; i < n-k; i++ {
			dst = append(dst, '0')
		}
	case 0 < n && n <= 21:
		dst = append(dst, ds[:n]...)
		dst = append(dst, '.')
		dst = append(dst, ds[n:]...)
	case -6 < n && n <= 0:
		dst = append(dst, '0', '.')
		for i := 0; i < -n; i++ {
			dst = append(dst, '0')
		}
		dst = append(dst, ds...)
	default:
		dst = append(dst, ds[0])
		if k > 1 {
			dst = append(dst, '.')
			dst = append(dst, ds[1:]...)
		}
		dst = append(dst, 'e')
		if n-1 >= 0 {
			dst = append(dst, '+')
		}
		dst = strconv.AppendInt(dst, int64(n-1), 10)
	}
	return dst
}

// isDecimalInteger reports whether s is an optional "-" followed by one or
// more ASCII digits.
func isDecimalInteger(s string) bool {
	if len(s) > 0 && s[0] == '-' {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
