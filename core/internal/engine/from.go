package engine

import (
	"io"
	"sort"
	"strconv"
)

// From converts a Go value into a Value: string, bool, the integer and float
// types (every digit of an integer kept, as encoding/json writes it), nil
// (null), Value, *Obj, []any, []string, map[string]any (keys sorted, since a
// Go map has no order), []byte (opaque binary data) and io.Reader (an opaque
// stream). Anything else becomes an opaque value of ClassOther, passed
// through untouched and by reference, as the engine passes a JavaScript
// caller's objects (D15, D27): a struct's fields are not read.
//
// From never fails, so it cannot tell what a value will become when it is
// sent: a url and a query refuse an opaque value, and BodyBytes writes one
// as encoding/json does or returns an error naming the member of the body
// it is in (a WebAssembly build, which does not link encoding/json,
// refuses it). The Go API, package core/rest, takes any value
// encoding/json can write, structs by their json tags included, converts
// it with encoding/json before the engine places it, and returns an error
// naming the option for what cannot be written.
//
// A []any or map[string]any nested deeper than MaxDepth, as a cyclic one
// is, stays the caller's opaque value from there on (D29): converting it
// would never end.
func From(x any) Value { return from(x, 1, nil) }

// FromWith is From that converts, with own, the values of a type of the
// caller's wherever they are in x: package core's Value and *Obj, its
// face over the engine's. own reports false for any other value.
func FromWith(x any, own func(any) (Value, bool)) Value { return from(x, 1, own) }

// from is From at depth (the value given is 1).
func from(x any, depth int, own func(any) (Value, bool)) Value {
	switch t := x.(type) {
	case nil:
		return NullValue()
	case Value:
		return t
	case *Obj:
		return ObjValue(t)
	case string:
		return Str(t)
	case bool:
		return BoolValue(t)
	case int:
		return goInt(int64(t))
	case int8:
		return goInt(int64(t))
	case int16:
		return goInt(int64(t))
	case int32:
		return goInt(int64(t))
	case int64:
		return goInt(t)
	case uint:
		return goUint(uint64(t))
	case uint8:
		return goUint(uint64(t))
	case uint16:
		return goUint(uint64(t))
	case uint32:
		return goUint(uint64(t))
	case uint64:
		return goUint(t)
	case float32:
		return goFloat(float64(t), 32)
	case float64:
		return Num(t)
	case []any:
		if depth > MaxDepth {
			break
		}
		l := make([]Value, len(t))
		for i, e := range t {
			l[i] = from(e, depth+1, own)
		}
		return List(l...)
	case []string:
		l := make([]Value, len(t))
		for i, e := range t {
			l[i] = Str(e)
		}
		return List(l...)
	case map[string]any:
		if depth > MaxDepth {
			break
		}
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		o := NewObj(len(keys))
		for _, k := range keys {
			o.put(k, -1, from(t[k], depth+1, own), len(o.ents))
		}
		o.settle() // "10" sorts before "2" here
		return ObjValue(o)
	case []byte:
		return OpaqueValue(t, ClassBinary)
	case io.Reader:
		return OpaqueValue(t, ClassStream)
	}
	if own != nil {
		if v, ok := own(x); ok {
			return v
		}
	}
	return OpaqueValue(x, ClassOther)
}

// goInt returns a Number value holding every digit of i. A Go integer is
// exact and encoding/json writes it so; Int rounds past 2⁵³ as a
// JavaScript number must, which would change an id without a word.
func goInt(i int64) Value { return textValue(Number, strconv.FormatInt(i, 10)) }

// goUint is goInt for unsigned integers.
func goUint(u uint64) Value { return textValue(Number, strconv.FormatUint(u, 10)) }

// goFloat returns a Number value for a finite float of the given bit size
// with the digits encoding/json writes: for a float32, the shortest that
// read back as the same float32 (0.1, not 0.10000000149011612).
func goFloat(f float64, bits int) Value {
	if bits == 32 {
		f, _ = strconv.ParseFloat(strconv.FormatFloat(f, 'g', -1, 32), 64)
	}
	return Num(f)
}

// IsParameter reports whether key, in options, is a parameter, placed by
// spec rule 4, rather than one of the options method, url, baseUrl,
// headers, mediaType, data and request (D15).
func IsParameter(key string) bool { return !isReservedKey(key) }
