package core

import (
	"io"
	"sort"
)

// From converts a Go value into a Value: string, bool, the integer and float
// types, nil (null), Value, *Obj, []any, []string, map[string]any (keys
// sorted, since a Go map has no order), []byte (opaque binary data) and
// io.Reader (an opaque stream). Anything else becomes an opaque value of
// ClassOther, passed through untouched.
func From(x any) Value {
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
		return Int(int64(t))
	case int8:
		return Int(int64(t))
	case int16:
		return Int(int64(t))
	case int32:
		return Int(int64(t))
	case int64:
		return Int(t)
	case uint:
		return Num(float64(t))
	case uint8:
		return Int(int64(t))
	case uint16:
		return Int(int64(t))
	case uint32:
		return Int(int64(t))
	case uint64:
		return Num(float64(t))
	case float32:
		return Num(float64(t))
	case float64:
		return Num(t)
	case []any:
		l := make([]Value, len(t))
		for i, e := range t {
			l[i] = From(e)
		}
		return List(l...)
	case []string:
		l := make([]Value, len(t))
		for i, e := range t {
			l[i] = Str(e)
		}
		return List(l...)
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		o := NewObj(len(keys))
		for _, k := range keys {
			o.put(k, -1, From(t[k]), len(o.ents))
		}
		o.settle() // "10" sorts before "2" here
		return ObjValue(o)
	case []byte:
		return OpaqueValue(t, ClassBinary)
	case io.Reader:
		return OpaqueValue(t, ClassStream)
	}
	return OpaqueValue(x, ClassOther)
}
