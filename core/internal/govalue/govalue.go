// Package govalue writes a Go value as JSON with encoding/json and, for a
// value it cannot write, says which field is at fault: encoding/json's own
// errors name a type, never a field. It does not import the engine, so
// that the engine can use it for its Go callers while the WebAssembly
// module, which links the engine, links neither it nor encoding/json
// (core/internal/engine/gojson.go).
package govalue

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unsafe"
)

// Error is why a Go value has no JSON text, and where in the value.
type Error struct {
	Field   string // the path from the value to the field at fault ("labels[2].name"), "" for the value itself
	TooDeep bool   // nested deeper than allowed, or cyclic: ERR_INVALID_ARGUMENT (D29)
	Reason  string // what is wrong, in encoding/json's words where it gave them
}

func (e *Error) Error() string { return e.Field + ": " + e.Reason }

// Join returns the path of field inside the member named prefix.
func Join(prefix, field string) string {
	switch {
	case field == "":
		return prefix
	case prefix == "" || field[0] == '[':
		return prefix + field
	}
	return prefix + "." + field
}

// Marshal returns x as encoding/json writes it, HTML characters unescaped
// as JavaScript's JSON.stringify leaves them, with at most maxDepth levels
// of arrays and objects in all, x being at level depth (D29).
//
// x is walked first for its nesting and cycles alone, since encoding/json
// bounds neither and a value a million levels deep would exhaust its
// stack; then encoding/json writes it once; and only a value it refuses is
// walked again, each value it holds given to encoding/json alone once, to
// find the field. The cost stays in proportion to x.
func Marshal(x any, depth, maxDepth int) ([]byte, *Error) {
	v := reflect.ValueOf(x)
	levels := maxDepth - depth + 1 // the levels x may have
	shape := locator{levels: levels, maxDepth: maxDepth}
	if shape.find(v, 1, 0) {
		return nil, shape.error()
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(x); err != nil {
		l := locator{levels: levels, maxDepth: maxDepth, marshal: true}
		if l.find(v, 1, 0) {
			return nil, l.error()
		}
		return nil, &Error{Reason: reason(err)} // not found again: named at the value
	}
	text := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	if nesting(text) > levels { // a MarshalJSON wrote it
		return nil, tooDeep(text, levels, maxDepth)
	}
	return text, nil
}

// reason words an error of encoding/json: its own message, but for a type
// it cannot write, which it words as Go's error strings go.
func reason(err error) string {
	var te *json.UnsupportedTypeError
	if errors.As(err, &te) {
		return "encoding/json cannot write a value of type " + te.Type.String()
	}
	return err.Error()
}

// deeper is the reason for nesting past maxDepth levels in all (D29).
func deeper(maxDepth int) string { return "nested deeper than " + strconv.Itoa(maxDepth) + " levels" }

// nesting returns how deeply arrays and objects nest in the JSON text: 0
// for a string, 1 for [] or {"a":1}.
func nesting(text []byte) int {
	depth, deepest, inString := 0, 0, false
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			depth++
			deepest = max(deepest, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest
}

// tooDeep returns the error for the first array or object of the JSON
// text that opens past levels levels, naming where it is.
func tooDeep(text []byte, levels, maxDepth int) *Error {
	type frame struct {
		object  bool
		wantKey bool
		key     string
		index   int
	}
	var stack []frame
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	for {
		tok, err := dec.Token()
		if err != nil {
			return &Error{TooDeep: true, Reason: deeper(maxDepth)}
		}
		d, delim := tok.(json.Delim)
		top := len(stack) - 1
		switch {
		case delim && (d == ']' || d == '}'):
			stack = stack[:top]
			if top > 0 && stack[top-1].object {
				stack[top-1].wantKey = true
			}
			continue
		case top >= 0 && stack[top].wantKey:
			stack[top].key, stack[top].wantKey = tok.(string), false
			continue
		case top >= 0 && !stack[top].object:
			stack[top].index++
		}
		if !delim {
			if top >= 0 && stack[top].object {
				stack[top].wantKey = true
			}
			continue
		}
		if len(stack) == levels {
			field := ""
			for _, f := range stack {
				if f.object {
					field = Join(field, f.key)
				} else {
					field += "[" + strconv.Itoa(f.index) + "]"
				}
			}
			return &Error{Field: field, TooDeep: true, Reason: deeper(maxDepth)}
		}
		stack = append(stack, frame{object: d == '{', wantKey: d == '{', index: -1})
	}
}

// locator walks a value as encoding/json writes it, through pointers,
// interfaces, structs, maps, slices and arrays, to find what it cannot
// write: nesting past levels, a cycle, and, when marshal is set, the value
// encoding/json refuses, which it gives encoding/json alone. Without
// marshal it skips what holds no further container.
type locator struct {
	levels   int // the levels the value may have
	maxDepth int // the levels in all, for the message
	marshal  bool
	path     []step
	open     map[openValue]bool // the pointers, maps and slices being walked: meeting one again is a cycle
	err      *Error
}

// step is a struct field's name, a map's key (formatted only for an
// error) or, when index >= 0, a list's index.
type step struct {
	name  string
	key   reflect.Value
	index int
}

// openValue names a pointer, map or slice by its address, length and type:
// a struct and its first field share an address, and two slices of one
// array differ in length, but neither is a cycle.
type openValue struct {
	p unsafe.Pointer
	n int
	t reflect.Type
}

// maxHops bounds the pointers and interfaces on the way to a value, per
// level allowed: they add no level of JSON, but each is a level of
// encoding/json's recursion.
const maxHops = 2

func (l *locator) fail(tooDeep bool, reason string) bool {
	l.err = &Error{TooDeep: tooDeep, Reason: reason}
	return true
}

// error returns the error found, naming its field.
func (l *locator) error() *Error {
	var b strings.Builder
	for i, s := range l.path {
		switch {
		case s.index >= 0:
			b.WriteString("[" + strconv.Itoa(s.index) + "]")
			continue
		case i > 0:
			b.WriteByte('.')
		}
		if s.key.IsValid() {
			k, _ := keyText(s.key)
			b.WriteString(k)
		} else {
			b.WriteString(s.name)
		}
	}
	l.err.Field = b.String()
	return l.err
}

// whole reports whether encoding/json refuses v, given alone.
func (l *locator) whole(v reflect.Value) bool {
	if !l.marshal || !v.CanInterface() {
		return false
	}
	if _, err := json.Marshal(v.Interface()); err != nil {
		return l.fail(false, reason(err))
	}
	return false
}

// enter records an open pointer, map or slice, or reports that it is open
// already: the value holds itself (D29).
func (l *locator) enter(o openValue) bool {
	if l.open == nil {
		l.open = map[openValue]bool{}
	}
	if l.open[o] {
		return l.fail(true, "a cycle: this "+o.t.String()+" holds itself")
	}
	l.open[o] = true
	return false
}

// holdsNone reports whether a value of type t is written without
// recursing further: a bool, number or string.
func holdsNone(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128, reflect.String,
		reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return true
	}
	return false
}

// find walks v, at nesting level depth after hops pointers and
// interfaces, and reports whether it found what encoding/json cannot
// write, recording it in l.err and its place in l.path.
func (l *locator) find(v reflect.Value, depth, hops int) bool {
	if !v.IsValid() {
		return false
	}
	if r, ok := writesItself(v); ok {
		return l.whole(r)
	}
	t := v.Type()
	switch t.Kind() {
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			return false
		}
		if hops >= maxHops*l.levels {
			return l.fail(true, deeper(l.maxDepth))
		}
		if t.Kind() == reflect.Pointer {
			o := openValue{v.UnsafePointer(), 0, t}
			if l.enter(o) {
				return true
			}
			defer delete(l.open, o)
		}
		return l.find(v.Elem(), depth, hops+1)
	case reflect.Struct:
		if depth > l.levels {
			return l.fail(true, deeper(l.maxDepth))
		}
		found := false
		EachField(v, func(name string, sf reflect.StructField, f reflect.Value) bool {
			if !l.marshal && holdsNone(sf.Type) {
				return true
			}
			l.path = append(l.path, step{name: name, index: -1})
			if found = l.find(f, depth+1, hops); !found {
				l.path = l.path[:len(l.path)-1]
			}
			return !found
		})
		return found
	case reflect.Map:
		if l.whole(reflect.MakeMap(t)) { // keys encoding/json cannot write
			return true
		}
		if v.IsNil() || !l.marshal && holdsNone(t.Elem()) {
			return false
		}
		if depth > l.levels {
			return l.fail(true, deeper(l.maxDepth))
		}
		o := openValue{v.UnsafePointer(), 0, t}
		if l.enter(o) {
			return true
		}
		defer delete(l.open, o)
		keys := v.MapKeys()
		if l.marshal { // encoding/json's order, to find the member it refused first
			texts := make(map[reflect.Value]string, len(keys))
			for _, k := range keys {
				text, err := keyText(k)
				if err != nil {
					return l.whole(v) // encoding/json's words for a key it cannot write
				}
				texts[k] = text
			}
			slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(texts[a], texts[b]) })
		}
		for _, k := range keys {
			l.path = append(l.path, step{key: k, index: -1})
			if l.find(v.MapIndex(k), depth+1, hops) {
				return true
			}
			l.path = l.path[:len(l.path)-1]
		}
		return false
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && (v.IsNil() || t.Elem().Kind() == reflect.Uint8) { // null, or base64
			return l.whole(v)
		}
		if !l.marshal && holdsNone(t.Elem()) {
			return false
		}
		if depth > l.levels {
			return l.fail(true, deeper(l.maxDepth))
		}
		if t.Kind() == reflect.Slice {
			o := openValue{v.UnsafePointer(), v.Len(), t}
			if l.enter(o) {
				return true
			}
			defer delete(l.open, o)
		}
		for i := 0; i < v.Len(); i++ {
			l.path = append(l.path, step{index: i})
			if l.find(v.Index(i), depth+1, hops) {
				return true
			}
			l.path = l.path[:len(l.path)-1]
		}
		return false
	}
	return l.whole(v) // a bool, number, string, channel, function...
}

// keyText returns a map key as encoding/json writes it: a string as it is,
// else a TextMarshaler's text, else an integer's digits.
func keyText(k reflect.Value) (string, error) {
	if k.Kind() == reflect.String {
		return k.String(), nil
	}
	if tm, ok := k.Interface().(encoding.TextMarshaler); ok {
		if k.Kind() == reflect.Pointer && k.IsNil() {
			return "", nil
		}
		b, err := tm.MarshalText()
		return string(b), err
	}
	if k.CanInt() {
		return strconv.FormatInt(k.Int(), 10), nil
	}
	return strconv.FormatUint(k.Uint(), 10), nil
}

// writesItself returns the value whose MarshalJSON or MarshalText
// encoding/json calls for v, if any: v, or its address when only the
// pointer has the method and v is addressable (a field of a struct given
// by pointer).
func writesItself(v reflect.Value) (reflect.Value, bool) {
	for _, it := range [...]reflect.Type{reflect.TypeFor[json.Marshaler](), reflect.TypeFor[encoding.TextMarshaler]()} {
		t := v.Type()
		if t.Kind() == reflect.Interface {
			return reflect.Value{}, false // its dynamic value is asked
		}
		if t.Implements(it) {
			return v, true
		}
		if t.Kind() != reflect.Pointer && v.CanAddr() && reflect.PointerTo(t).Implements(it) {
			return v.Addr(), true
		}
	}
	return reflect.Value{}, false
}

// WritesItself reports whether encoding/json writes v by its own
// MarshalJSON or MarshalText.
func WritesItself(v reflect.Value) bool {
	_, ok := writesItself(v)
	return ok
}

// EachField calls f with the name and value of each field of struct v that
// encoding/json may write, in order, until f returns false: exported
// fields not tagged "-", named by their tag or else their Go name, and the
// fields of embedded structs without a tag name, through non-nil pointers.
// It serves to name a field and to find an option by name; which of two
// fields of one name encoding/json writes, and whether omitempty leaves one
// out, encoding/json decides when it writes the value.
func EachField(v reflect.Value, f func(name string, sf reflect.StructField, fv reflect.Value) bool) bool {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		fv := v.Field(i)
		if sf.Anonymous && name == "" {
			for fv.Kind() == reflect.Pointer && !fv.IsNil() && sf.Type.Elem().Kind() == reflect.Struct {
				fv = fv.Elem()
			}
			if fv.Kind() == reflect.Struct {
				if !EachField(fv, f) {
					return false
				}
				continue
			}
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		if !f(name, sf, fv) {
			return false
		}
	}
	return true
}
