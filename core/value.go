package core

import "github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"

// MaxDepth is how deeply input may nest, the options object being level 1
// (D29). Deeper input is an ERR_INVALID_ARGUMENT error.
const MaxDepth = engine.MaxDepth

// Kind is the JavaScript type of a Value.
type Kind uint8

// The kinds of Value. The zero Value is Undefined.
const (
	Undefined = Kind(engine.Undefined) // absent: dropped everywhere (D15)
	Null      = Kind(engine.Null)      // null: an undefined template variable (D12), "null" in a query (D16)
	Bool      = Kind(engine.Bool)      // true or false
	Number    = Kind(engine.Number)    // a number, kept as its text: JavaScript's String(n), or a Go integer's every digit (D12)
	BigInt    = Kind(engine.BigInt)    // a JavaScript bigint, kept as its decimal text (D12)
	String    = Kind(engine.String)    // a string; a lone UTF-16 surrogate is kept as its WTF-8 bytes
	Array     = Kind(engine.Array)     // a list
	Object    = Kind(engine.Object)    // a plain object with ordered keys: an *Obj
	Opaque    = Kind(engine.Opaque)    // a value the engine never looks into: data, request, an io.Reader (D19, D27)
)

// Value is an option or parameter value as the engine sees it: a JSON
// value, or an opaque Go value passed through untouched. From and
// DecodeJSON make Values; the zero Value is Undefined. A Value never
// changes, but for the *Obj it holds.
type Value engine.Value

// From converts a Go value into a Value: string, bool, the integer and float
// types (every digit of an integer kept, as encoding/json writes it), nil
// (null), Value, *Obj, []any, []string, map[string]any (keys sorted, since a
// Go map has no order), []byte (opaque binary data) and io.Reader (an opaque
// stream). Anything else becomes an opaque value, passed through untouched
// and by reference, as the engine passes a JavaScript caller's objects
// (D15, D27): a struct's fields are not read.
//
// From never fails, so it cannot tell what a value will become when it is
// sent: a url and a query refuse an opaque value, and BodyBytes writes one
// as encoding/json does or returns an error naming the member of the body
// it is in. Package core/rest takes any value encoding/json can write,
// structs by their json tags included, and returns an error naming the
// option for what cannot be written.
//
// A []any or map[string]any nested deeper than MaxDepth, as a cyclic one
// is, stays the caller's opaque value from there on (D29): converting it
// would never end.
func From(x any) Value { return Value(engine.FromWith(x, own)) }

// own converts this package's Value and *Obj for the engine, wherever From
// finds them in a Go value.
func own(x any) (engine.Value, bool) {
	switch t := x.(type) {
	case Value:
		return engine.Value(t), true
	case *Obj:
		return engine.ObjValue(t.engine()), true
	}
	return engine.Value{}, false
}

// DecodeJSON decodes one JSON text into a Value, keeping the order of
// object keys and the text of numbers as JavaScript reads them (D12).
// Besides JSON it accepts a bigint literal, digits followed by "n" (123n).
func DecodeJSON(data []byte) (Value, error) {
	v, err := engine.DecodeJSON(data)
	return Value(v), errorOf(err)
}

// Kind returns the value's kind.
func (v Value) Kind() Kind { return Kind(v.engine().Kind()) }

// Text returns the text of a String, Number, BigInt or Bool value, and ""
// for other kinds.
func (v Value) Text() string { return v.engine().Text() }

// List returns a copy of the elements of an Array value (nil for other
// kinds): changing it changes nothing of v's.
func (v Value) List() []Value {
	l := v.engine().Elems()
	if l == nil {
		return nil
	}
	c := make([]Value, len(l))
	for i, e := range l {
		c[i] = Value(e)
	}
	return c
}

// Obj returns the object of an Object value (nil for other kinds).
func (v Value) Obj() *Obj { return (*Obj)(v.engine().Obj()) }

// Ref returns the Go value an Opaque value holds, as From was given it (a
// []byte, an io.Reader, a struct...), and nil for other kinds.
func (v Value) Ref() any {
	r, _ := v.engine().Ref()
	return r
}

// MarshalJSON writes v as BodyBytes writes a body, for encoding/json when v
// is inside a Go value, such as a []core.Value parameter: what JSON cannot
// hold is an error, never null in its place.
func (v Value) MarshalJSON() ([]byte, error) {
	b, err := v.engine().MarshalJSON()
	return b, errorOf(err)
}

// engine returns v as the engine's Value.
func (v Value) engine() engine.Value { return engine.Value(v) }
