// Package govalue converts Go values into the engine's values as
// encoding/json writes them, and reports, naming the field, what it cannot
// write. It is the Go caller's side of the boundary, as wasm/bridge is the
// JavaScript caller's: package core/rest converts its parameters with it
// and takes request bodies from it.
//
// It is a package of its own, not a part of package core, because the
// WebAssembly module links package core and never converts a Go value:
// code in package core grows the module even where the module never calls
// it (this converter, as a file of core, added 139 bytes to it).
// It uses core's exported API only, and core.From for every number, string
// and boolean, so that one implementation writes them.
//
// encoding/json itself is not used: it would write text that would then be
// decoded again, and its errors do not say which field is at fault.
package govalue

import (
	"bytes"
	"encoding"
	"io"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

// Of converts a Go value into the Value that encoding/json's Marshal writes
// for it, so that the engine places it as it would place that JSON: a
// struct is an object, refused in a query (D16) and a JSON object in a
// body (D18).
//
//   - structs by their exported fields and `json` tags (names, "-",
//     omitempty, omitzero, string), embedded structs' fields promoted as
//     encoding/json promotes them;
//   - pointers and interfaces as what they point to, nil as null;
//   - maps with string, integer or encoding.TextMarshaler keys;
//   - slices and arrays as lists, nil slices and maps as null, []byte as a
//     base64 string;
//   - json.Marshaler and encoding.TextMarshaler values (time.Time as its
//     RFC 3339 text) by their methods, json.Number as its number;
//   - strings with each byte that is not UTF-8 replaced by U+FFFD;
//   - integers with every digit, floats as encoding/json writes them;
//   - a core.Value or *core.Obj as it is, but for any opaque value in it
//     (core.From leaves what it does not know opaque), converted by these
//     rules.
//
// An object's keys are in the engine's order: integer-like keys first, then
// the others, a struct's in field order and a map's sorted.
//
// What encoding/json cannot write is an *core.Error naming the field:
// channels, functions, complex numbers, NaN and infinities, maps with other
// keys, a MarshalJSON or MarshalText that fails, a MarshalJSON that writes
// invalid JSON; and an io.Reader, which encoding/json would write as {},
// and which only data can be (Options). These are ERR_INVALID_PARAMETER; a
// cycle, or nesting deeper than core.MaxDepth levels, is
// ERR_INVALID_ARGUMENT (D29).
func Of(x any) (core.Value, error) {
	w := walker{code: core.CodeInvalidParameter}
	return w.value(reflect.ValueOf(x), 1, false)
}

// Options converts options given as a Go value (a struct, a map with string
// keys, a *core.Obj, or nil for none) into the options core.Endpoint takes.
// Each member is converted as Of converts it, but for two options:
//
//   - data, the body, is sent as it is when it is a string or []byte (its
//     bytes) or an io.Reader (a stream); anything else is the JSON that Of
//     writes (D19);
//   - request is converted by core.From, by reference: it is the caller's,
//     and never sent (D27).
//
// A member that cannot be written is ERR_INVALID_PARAMETER for a parameter
// and ERR_INVALID_ARGUMENT for another option (headers, mediaType, data...),
// naming the member: "endpoint: labels[1]: encoding/json cannot write a
// value of type func()". Options that are not an object are
// ERR_INVALID_ARGUMENT.
func Options(x any) (*core.Obj, error) {
	var w walker
	return w.options(x)
}

// Body returns the body of r to send as net/http takes it: nil when there
// is none; the io.Reader given as data; otherwise a *bytes.Reader or
// *strings.Reader over its bytes, for which http.NewRequest sets
// ContentLength and GetBody. A string or []byte given as data is sent as it
// is, and any other body as JSON (D18, D19).
//
// Unlike r.BodyBytes, which refuses a Go value core.From left opaque, Body
// converts a Go value that core.From left opaque as Of does, and returns an
// *core.Error for what encoding/json cannot write, naming the member.
func Body(r *core.Request) (io.Reader, error) {
	switch r.Body.Kind() {
	case core.Undefined:
		return nil, nil
	case core.String:
		return strings.NewReader(r.Body.Text()), nil
	case core.Opaque:
		switch b, _ := r.Body.Ref(); b := b.(type) {
		case []byte:
			return bytes.NewReader(b), nil
		case io.Reader:
			if v := reflect.ValueOf(b); v.Kind() == reflect.Pointer && v.IsNil() {
				// A typed nil, such as a nil *bytes.Buffer: net/http would
				// read it and panic.
				return nil, nilReader(v.Type())
			}
			return b, nil
		}
	}
	w := walker{code: core.CodeInvalidParameter}
	v, err := w.checked(r.Body, 1)
	if err != nil {
		return nil, err
	}
	return bytes.NewReader(core.AppendJSON(nil, v)), nil
}

// nilReader is the error for a typed nil reader as data, such as a nil
// *bytes.Buffer, which net/http would read and panic on (D19).
func nilReader(t reflect.Type) error {
	return core.NewError(core.CodeInvalidArgument, "data", "data: a nil "+t.String()+" has nothing to read")
}

// walker converts one Go value (or checks one Value) and knows where it
// is, for the field an error names.
type walker struct {
	code core.Code   // for a value that cannot be written: CodeInvalidParameter, or CodeInvalidArgument for an option
	path []pathStep  // from the outermost member to the one converted now
	open []openValue // the pointers, maps, slices and objects being walked: meeting one again is a cycle
	// fields holds the fields of each struct type met (structFields): a
	// slice of a thousand structs looks at its type once. It is kept for
	// the walk only: a package-level cache would hold types for good.
	fields map[reflect.Type][]field
}

// pathStep is a member's key, or, when index >= 0, a list's index.
type pathStep struct {
	key   string
	index int
}

// openValue names a pointer, map, slice or object by its address, length
// and type: a struct and its first field share an address, and two slices
// of one array differ in length, but neither is a cycle.
type openValue struct {
	p unsafe.Pointer
	n int
	t reflect.Type
}

// The methods encoding/json asks of a value. jsonMarshaler is
// json.Marshaler, declared here so as not to import encoding/json.
type (
	jsonMarshaler interface{ MarshalJSON() ([]byte, error) }
	isZeroer      interface{ IsZero() bool }
)

// field returns the member being converted, as an error names it:
// "labels[1].name"; "value" at the top of Of.
func (w *walker) field() string {
	var b []byte
	for i, s := range w.path {
		if s.index >= 0 {
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(s.index), 10)
			b = append(b, ']')
			continue
		}
		if i > 0 {
			b = append(b, '.')
		}
		b = append(b, s.key...)
	}
	if len(b) == 0 {
		return "value"
	}
	return string(b)
}

func (w *walker) enterKey(k string) { w.path = append(w.path, pathStep{key: k, index: -1}) }
func (w *walker) enterIndex(i int)  { w.path = append(w.path, pathStep{index: i}) }
func (w *walker) leave()            { w.path = w.path[:len(w.path)-1] }
func (w *walker) close()            { w.open = w.open[:len(w.open)-1] }

// fail returns an *core.Error for the field being converted, worded as the
// engine words its own: "<field>: <message>", the field redacted (D23).
func (w *walker) fail(code core.Code, message string) error {
	f := core.Redact(w.field())
	return core.NewError(code, f, f+": "+message)
}

// quote quotes the caller's text for a message, redacted (D23).
func quote(s string) string { return strconv.Quote(core.Redact(s)) }

// deep is the error for nesting past core.MaxDepth (D29).
func (w *walker) deep() error {
	return w.fail(core.CodeInvalidArgument, "nested deeper than "+strconv.Itoa(core.MaxDepth)+" levels")
}

// maxOpen bounds how many pointers, maps, slices and objects may be open
// at once: pointers and interfaces add no level of JSON, but a chain of
// them costs a level of the walk, and its cycle check grows with it.
const maxOpen = 2 * core.MaxDepth

// enter records an open pointer, map, slice or object, or reports that it
// is open already: the value holds itself (D29).
func (w *walker) enter(o openValue, what string) error {
	if len(w.open) >= maxOpen {
		return w.deep()
	}
	for _, e := range w.open {
		if e == o {
			return w.fail(core.CodeInvalidArgument, "a cycle: this "+what+" holds itself")
		}
	}
	w.open = append(w.open, o)
	return nil
}

// cannot is the error for a value of type t that encoding/json cannot write.
func (w *walker) cannot(t reflect.Type) error {
	return w.fail(w.code, "encoding/json cannot write a value of type "+t.String())
}

// value converts v as encoding/json writes it, at nesting level depth (the
// options object being level 1). quoted is the `json:",string"` option of
// the field v is the value of.
func (w *walker) value(v reflect.Value, depth int, quoted bool) (core.Value, error) {
	if !v.IsValid() {
		return core.NullValue(), nil
	}
	t := v.Type()
	switch t {
	case reflect.TypeFor[core.Value]():
		if !v.CanInterface() {
			return core.Value{}, w.cannot(t)
		}
		return w.checked(v.Interface().(core.Value), depth)
	case reflect.TypeFor[*core.Obj]():
		if v.IsNil() {
			return core.NullValue(), nil
		}
		return w.checked(core.ObjValue((*core.Obj)(v.UnsafePointer())), depth)
	}
	if t.Kind() != reflect.Interface { // an interface's dynamic value is asked below
		if r, ok := receiver(v, reflect.TypeFor[jsonMarshaler]()); ok {
			if r.Kind() == reflect.Pointer && r.IsNil() {
				return core.NullValue(), nil
			}
			return w.marshalJSON(r, t, depth)
		}
		if r, ok := receiver(v, reflect.TypeFor[encoding.TextMarshaler]()); ok {
			if r.Kind() == reflect.Pointer && r.IsNil() {
				return core.NullValue(), nil
			}
			text, err := r.Interface().(encoding.TextMarshaler).MarshalText()
			if err != nil {
				return core.Value{}, w.fail(w.code, t.String()+"'s MarshalText failed: "+quote(err.Error()))
			}
			return core.Str(validUTF8(string(text))), nil
		}
		if _, ok := receiver(v, reflect.TypeFor[io.Reader]()); ok {
			// encoding/json would write its exported fields, most often {}:
			// a stream is a body, and only data can be one (D19).
			return core.Value{}, w.fail(w.code, "a "+t.String()+" is an io.Reader: a stream can only be the whole body, data")
		}
	}
	switch t.Kind() {
	case reflect.Bool:
		return quotedIf(core.From(v.Bool()), quoted), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return quotedIf(core.From(v.Int()), quoted), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return quotedIf(core.From(v.Uint()), quoted), nil
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return core.Value{}, w.fail(w.code, "encoding/json cannot write the "+t.String()+" "+strconv.FormatFloat(f, 'g', -1, 64))
		}
		if t.Kind() == reflect.Float32 {
			return quotedIf(core.From(float32(f)), quoted), nil
		}
		return quotedIf(core.From(f), quoted), nil
	case reflect.String:
		if isJSONNumber(t) {
			return w.number(v.String(), quoted)
		}
		s := validUTF8(v.String())
		if quoted { // the string's JSON text, as a string
			return core.Str(string(core.AppendJSON(nil, core.Str(s)))), nil
		}
		return core.Str(s), nil
	case reflect.Interface:
		if v.IsNil() {
			return core.NullValue(), nil
		}
		return w.value(v.Elem(), depth, false)
	case reflect.Pointer:
		if v.IsNil() {
			return core.NullValue(), nil
		}
		if err := w.enter(openValue{v.UnsafePointer(), 0, t}, t.String()); err != nil {
			return core.Value{}, err
		}
		defer w.close()
		return w.value(v.Elem(), depth, quoted)
	case reflect.Struct, reflect.Map:
		return w.object(v, depth, func(k string, fv reflect.Value, quoted bool) (core.Value, error) {
			return w.value(fv, depth+1, quoted)
		})
	case reflect.Slice:
		if v.IsNil() {
			return core.NullValue(), nil
		}
		if isByteSlice(t) {
			return core.Str(base64Std(v.Bytes())), nil
		}
		if err := w.enter(openValue{v.UnsafePointer(), v.Len(), t}, t.String()); err != nil {
			return core.Value{}, err
		}
		defer w.close()
		return w.list(v, depth)
	case reflect.Array:
		return w.list(v, depth)
	}
	return core.Value{}, w.cannot(t) // channels, functions, complex numbers, unsafe pointers
}

// receiver returns the value whose method of interface it the value v
// answers to, as encoding/json chooses it: v itself, or v's address when
// only its pointer has the method and v is addressable (a field of a
// struct given by pointer, not one given by value).
func receiver(v reflect.Value, it reflect.Type) (reflect.Value, bool) {
	t := v.Type()
	if t.Kind() != reflect.Pointer && v.CanAddr() && reflect.PointerTo(t).Implements(it) {
		v = v.Addr()
	} else if !t.Implements(it) {
		return reflect.Value{}, false
	}
	return v, v.CanInterface()
}

// marshalJSON converts the JSON that r's MarshalJSON writes.
func (w *walker) marshalJSON(r reflect.Value, t reflect.Type, depth int) (core.Value, error) {
	text, err := r.Interface().(jsonMarshaler).MarshalJSON()
	if err != nil {
		return core.Value{}, w.fail(w.code, t.String()+"'s MarshalJSON failed: "+quote(err.Error()))
	}
	v, err := core.DecodeGoJSON(text)
	if err != nil {
		// The decoder's message, "endpoint: input: invalid JSON at offset
		// 3: ...", without its prefix.
		msg := err.Error()
		msg = msg[strings.Index(msg, ": ")+2:]
		msg = strings.TrimPrefix(msg, "input: ")
		if strings.HasPrefix(msg, "nested deeper") {
			return core.Value{}, w.deep()
		}
		return core.Value{}, w.fail(w.code, t.String()+"'s MarshalJSON wrote "+msg)
	}
	if depth-1+nesting(v) > core.MaxDepth {
		return core.Value{}, w.deep()
	}
	return v, nil
}

// nesting returns how many levels of arrays and objects v has: 0 for a
// string, 1 for [] or {"a":1}.
func nesting(v core.Value) int {
	n := 0
	switch v.Kind() {
	case core.Array:
		for _, e := range v.List() {
			n = max(n, nesting(e))
		}
	case core.Object:
		o := v.Obj()
		for i := 0; i < o.Len(); i++ {
			n = max(n, nesting(o.At(i)))
		}
	default:
		return 0
	}
	return n + 1
}

// number converts a json.Number: its text, which must be a JSON number
// ("" is 0), as encoding/json requires.
func (w *walker) number(s string, quoted bool) (core.Value, error) {
	if s == "" {
		s = "0"
	}
	v := core.NumText(s)
	if v.Kind() != core.Number || s == "NaN" || s == "Infinity" || s == "-Infinity" {
		return core.Value{}, w.fail(w.code, "json.Number "+quote(s)+" is not a JSON number")
	}
	return quotedIf(v, quoted), nil
}

// quotedIf returns v's text as a String when the field's `json:",string"`
// option asks for it.
func quotedIf(v core.Value, quoted bool) core.Value {
	if quoted {
		return core.Str(v.Text())
	}
	return v
}

// list converts a slice or an array.
func (w *walker) list(v reflect.Value, depth int) (core.Value, error) {
	if depth > core.MaxDepth {
		return core.Value{}, w.deep()
	}
	l := make([]core.Value, v.Len())
	for i := range l {
		w.enterIndex(i)
		e, err := w.value(v.Index(i), depth+1, false)
		if err != nil {
			return core.Value{}, err
		}
		w.leave()
		l[i] = e
	}
	return core.List(l...), nil
}

// object converts a struct or a map into an object, each member converted
// by member: a struct's fields in their order, a map's sorted.
func (w *walker) object(v reflect.Value, depth int, member func(k string, fv reflect.Value, quoted bool) (core.Value, error)) (core.Value, error) {
	if depth > core.MaxDepth {
		return core.Value{}, w.deep()
	}
	t := v.Type()
	if t.Kind() == reflect.Struct {
		fields := w.structFields(t)
		o := core.NewObj(len(fields))
	members:
		for i := range fields {
			f := &fields[i]
			fv := v
			for _, x := range f.index {
				if fv.Kind() == reflect.Pointer {
					if fv.IsNil() { // a nil embedded pointer has no fields
						continue members
					}
					fv = fv.Elem()
				}
				fv = fv.Field(x)
			}
			if f.omitEmpty && isEmptyValue(fv) || f.omitZero && f.isZero(fv) {
				continue
			}
			w.enterKey(f.name)
			e, err := member(f.name, fv, f.quoted)
			if err != nil {
				return core.Value{}, err
			}
			w.leave()
			o.Set(f.name, e) // names are unique (typeFields)
		}
		return core.ObjValue(o), nil
	}
	if v.IsNil() {
		return core.NullValue(), nil
	}
	kt := t.Key()
	switch kt.Kind() {
	case reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
	default:
		if !kt.Implements(reflect.TypeFor[encoding.TextMarshaler]()) {
			return core.Value{}, w.fail(w.code, "encoding/json cannot write a "+t.String()+": its keys are not strings, integers or encoding.TextMarshalers")
		}
	}
	if err := w.enter(openValue{v.UnsafePointer(), 0, t}, t.String()); err != nil {
		return core.Value{}, err
	}
	defer w.close()
	// A map[string]any of converted values, which core.From turns into an
	// object with its keys sorted and in the engine's order, settled once.
	m := make(map[string]any, v.Len())
	for it := v.MapRange(); it.Next(); {
		k, err := w.mapKey(it.Key())
		if err != nil {
			return core.Value{}, err
		}
		k = validUTF8(k)
		w.enterKey(k)
		e, err := member(k, it.Value(), false)
		if err != nil {
			return core.Value{}, err
		}
		w.leave()
		m[k] = e
	}
	return core.From(m), nil
}

// mapKey returns the text of a map key as encoding/json writes it: a
// string as it is, else an encoding.TextMarshaler's text, else an
// integer's digits.
func (w *walker) mapKey(k reflect.Value) (string, error) {
	if k.Kind() == reflect.String {
		return k.String(), nil
	}
	if tm, ok := k.Interface().(encoding.TextMarshaler); ok {
		if k.Kind() == reflect.Pointer && k.IsNil() {
			return "", nil
		}
		text, err := tm.MarshalText()
		if err != nil {
			return "", w.fail(w.code, "the MarshalText of a key of type "+k.Type().String()+" failed: "+quote(err.Error()))
		}
		return string(text), nil
	}
	if k.CanInt() {
		return strconv.FormatInt(k.Int(), 10), nil
	}
	return strconv.FormatUint(k.Uint(), 10), nil
}

// checked checks a Value a Go caller built (with core.O, core.From or the
// constructors) by the same rules: an opaque value is converted from the
// Go value it holds, and what JSON cannot hold is an error. A Value with
// nothing to change is returned as it is, the very value (D15); otherwise
// a copy is changed.
func (w *walker) checked(v core.Value, depth int) (core.Value, error) {
	switch v.Kind() {
	case core.Number:
		if t := v.Text(); t == "NaN" || t == "Infinity" || t == "-Infinity" {
			return core.Value{}, w.fail(w.code, "encoding/json cannot write the number "+t)
		}
	case core.Opaque:
		ref, _ := v.Ref()
		if ref == nil {
			return core.Value{}, w.fail(w.code, "an opaque value that holds no Go value has no JSON encoding")
		}
		return w.value(reflect.ValueOf(ref), depth, false)
	case core.Array:
		if depth > core.MaxDepth {
			return core.Value{}, w.deep()
		}
		l := v.List()
		if err := w.enter(openValue{unsafe.Pointer(unsafe.SliceData(l)), len(l), nil}, "list"); err != nil {
			return core.Value{}, err
		}
		defer w.close()
		var out []core.Value
		for i, e := range l {
			w.enterIndex(i)
			c, err := w.checked(e, depth+1)
			if err != nil {
				return core.Value{}, err
			}
			w.leave()
			if c != e && out == nil {
				out = slices.Clone(l)
			}
			if out != nil {
				out[i] = c
			}
		}
		if out != nil {
			return core.List(out...), nil
		}
	case core.Object:
		return w.checkedObj(v, depth, func(k string, e core.Value) (core.Value, error) { return w.checked(e, depth+1) })
	}
	return v, nil
}

// checkedObj checks the members of an Object value with check, copying
// the object when a member changes.
func (w *walker) checkedObj(v core.Value, depth int, check func(k string, e core.Value) (core.Value, error)) (core.Value, error) {
	if depth > core.MaxDepth {
		return core.Value{}, w.deep()
	}
	o := v.Obj()
	if err := w.enter(openValue{unsafe.Pointer(o), 0, nil}, "object"); err != nil {
		return core.Value{}, err
	}
	defer w.close()
	var out *core.Obj
	for i := 0; i < o.Len(); i++ {
		k, e := o.Key(i), o.At(i)
		w.enterKey(k)
		c, err := check(k, e)
		if err != nil {
			return core.Value{}, err
		}
		w.leave()
		if c != e && out == nil {
			out = o.Clone()
		}
		if out != nil {
			out.Set(k, c) // in its place
		}
	}
	if out != nil {
		return core.ObjValue(out), nil
	}
	return v, nil
}

// options is Options.
func (w *walker) options(x any) (*core.Obj, error) {
	var v core.Value
	switch t := x.(type) {
	case nil:
		return nil, nil
	case *core.Obj:
		if t == nil {
			return nil, nil
		}
		v = core.ObjValue(t)
	case core.Value:
		v = t
	default:
		// Through pointers and interfaces to a struct or a map whose members
		// are the options, unless it writes its own JSON.
		rv := reflect.ValueOf(x)
		for (rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface) && !writesItself(rv) {
			if rv.IsNil() {
				return nil, nil
			}
			rv = rv.Elem()
		}
		if !writesItself(rv) && (rv.Kind() == reflect.Struct || rv.Kind() == reflect.Map && rv.Type().Key().Kind() == reflect.String) {
			o, err := w.object(rv, 1, w.option)
			if err != nil || o.Kind() != core.Object {
				return nil, err // a nil map is no options
			}
			return o.Obj(), nil
		}
		// Anything else must write a JSON object, whose members are then
		// checked as a *core.Obj's are.
		w.code = core.CodeInvalidArgument
		w.path = append(w.path[:0], pathStep{key: "options", index: -1})
		var err error
		if v, err = w.value(rv, 1, false); err != nil {
			return nil, err
		}
		if k := v.Kind(); k != core.Object && k != core.Null {
			return nil, w.fail(core.CodeInvalidArgument, "must be a struct, a map with string keys or a *core.Obj, not a "+rv.Type().String())
		}
		w.path = w.path[:0]
	}
	switch v.Kind() {
	case core.Undefined, core.Null:
		return nil, nil
	case core.Object:
		c, err := w.checkedObj(v, 1, w.optionValue)
		if err != nil {
			return nil, err
		}
		return c.Obj(), nil
	}
	w.path = append(w.path[:0], pathStep{key: "options", index: -1})
	return nil, w.fail(core.CodeInvalidArgument, "must be an object")
}

// codeFor returns the code of an error in option k: a parameter is
// ERR_INVALID_PARAMETER, any other option ERR_INVALID_ARGUMENT.
func codeFor(k string) core.Code {
	if core.IsParameter(k) {
		return core.CodeInvalidParameter
	}
	return core.CodeInvalidArgument
}

// option converts the Go value of option k (Options).
func (w *walker) option(k string, v reflect.Value, quoted bool) (core.Value, error) {
	w.code = codeFor(k)
	switch k {
	case "request": // the caller's, by reference (D27)
		if !v.CanInterface() {
			return core.Value{}, w.cannot(v.Type())
		}
		return core.From(v.Interface()), nil
	case "data":
		return w.data(v)
	case "headers":
		if h, ok := headerLists(v); ok {
			return h, nil
		}
	}
	return w.value(v, 2, quoted)
}

// headerLists converts headers given as an http.Header, or any map of
// string lists: each name's values joined with ", ", as HTTP combines a
// field's lines (RFC 9110, 5.3); a name with no value is left out. The
// names come sorted, as a map's keys do.
func headerLists(v reflect.Value) (core.Value, bool) {
	for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return core.Value{}, false
		}
		v = v.Elem()
	}
	t := v.Type()
	if t.Kind() != reflect.Map || t.Key().Kind() != reflect.String || t.Elem() != reflect.TypeFor[[]string]() || !v.CanInterface() {
		return core.Value{}, false
	}
	names := make([]string, 0, v.Len())
	for _, k := range v.MapKeys() {
		names = append(names, k.String())
	}
	slices.Sort(names)
	h := core.NewObj(len(names))
	for _, name := range names {
		if vals := v.MapIndex(reflect.ValueOf(name).Convert(t.Key())).Interface().([]string); len(vals) > 0 {
			h.Set(name, core.Str(strings.Join(vals, ", ")))
		}
	}
	return core.ObjValue(h), true
}

// optionValue checks the Value of option k (Options of a *core.Obj).
func (w *walker) optionValue(k string, v core.Value) (core.Value, error) {
	w.code = codeFor(k)
	switch k {
	case "request":
		return v, nil
	case "data":
		if v.Kind() == core.String || sendable(v) {
			return v, nil
		}
	}
	return w.checked(v, 2)
}

// sendable reports whether v is an opaque []byte or io.Reader, which data
// sends as it is.
func sendable(v core.Value) bool {
	switch ref, _ := v.Ref(); ref.(type) {
	case []byte, io.Reader:
		return true
	}
	return false
}

// data converts the Go value of the data option (D19): a string or []byte
// is the body's bytes, an io.Reader its stream, anything else its JSON.
func (w *walker) data(v reflect.Value) (core.Value, error) {
	for v.Kind() == reflect.Interface && !v.IsNil() {
		v = v.Elem()
	}
	if !v.IsValid() || v.Kind() == reflect.Interface || !v.CanInterface() {
		return w.value(v, 2, false)
	}
	t := v.Type()
	if t == reflect.TypeFor[core.Value]() {
		return w.optionValue("data", v.Interface().(core.Value))
	}
	if r, ok := receiver(v, reflect.TypeFor[io.Reader]()); ok && !writesItself(v) {
		if r.Kind() == reflect.Pointer && r.IsNil() {
			return core.Value{}, nilReader(r.Type()) // as Body refuses it
		}
		return core.OpaqueValue(r.Interface(), core.ClassStream), nil // r may be v's address: a bytes.Buffer field reads through *bytes.Buffer
	}
	if !writesItself(v) {
		switch {
		case t.Kind() == reflect.String && !isJSONNumber(t):
			return core.Str(v.String()), nil
		case isByteSlice(t):
			return core.OpaqueValue(v.Bytes(), core.ClassBinary), nil
		}
	}
	return w.value(v, 2, false)
}

// isJSONNumber reports whether t is encoding/json's Number, a number
// written as its text; it is recognised by name so as not to import
// encoding/json.
func isJSONNumber(t reflect.Type) bool { return t.PkgPath() == "encoding/json" && t.Name() == "Number" }

// writesItself reports whether v has a MarshalJSON or MarshalText that
// encoding/json would call.
func writesItself(v reflect.Value) bool {
	_, j := receiver(v, reflect.TypeFor[jsonMarshaler]())
	_, t := receiver(v, reflect.TypeFor[encoding.TextMarshaler]())
	return j || t
}

// isByteSlice reports whether t is a slice of bytes that encoding/json
// writes as base64: one whose element type has no marshaling method of its
// own.
func isByteSlice(t reflect.Type) bool {
	if t.Kind() != reflect.Slice || t.Elem().Kind() != reflect.Uint8 {
		return false
	}
	p := reflect.PointerTo(t.Elem())
	return !p.Implements(reflect.TypeFor[jsonMarshaler]()) && !p.Implements(reflect.TypeFor[encoding.TextMarshaler]())
}

// validUTF8 returns s with each byte that is not part of a UTF-8 sequence
// replaced by U+FFFD, as encoding/json writes strings. (A lone surrogate's
// three bytes are three such bytes: in Go text it is not UTF-8.)
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	b := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b = utf8.AppendRune(b, utf8.RuneError)
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return string(b)
}

// base64Std returns b in base64 with padding (RFC 4648's standard
// alphabet), as encoding/json writes a []byte.
func base64Std(b []byte) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	out := make([]byte, 0, (len(b)+2)/3*4)
	for len(b) >= 3 {
		n := uint(b[0])<<16 | uint(b[1])<<8 | uint(b[2])
		out = append(out, alphabet[n>>18&63], alphabet[n>>12&63], alphabet[n>>6&63], alphabet[n&63])
		b = b[3:]
	}
	switch len(b) {
	case 1:
		n := uint(b[0]) << 16
		out = append(out, alphabet[n>>18&63], alphabet[n>>12&63], '=', '=')
	case 2:
		n := uint(b[0])<<16 | uint(b[1])<<8
		out = append(out, alphabet[n>>18&63], alphabet[n>>12&63], alphabet[n>>6&63], '=')
	}
	return string(out)
}

// Describe returns err, an error of the engine for params, with the Go type
// of the parameter it names added to its message when the engine spoke of
// the parameter's JSON kind: "endpoint: filter: an object has no
// query-string encoding (filter is a main.Filter)". The engine sees only
// the converted value; the Go caller wrote the Go one. Any other error is
// returned as it is.
func Describe(err error, params any) error {
	e, ok := err.(*core.Error)
	if !ok || e.Code != core.CodeInvalidParameter {
		return err
	}
	k := e.Field
	if i := strings.IndexAny(k, ".["); i >= 0 {
		k = k[:i]
	}
	if !core.IsParameter(k) {
		return err
	}
	t := goType(params, k)
	if t == nil {
		return err
	}
	base := t
	if base.Kind() == reflect.Pointer {
		base = base.Elem()
	}
	switch base.Kind() {
	case reflect.Struct, reflect.Map, reflect.Slice, reflect.Array: // what the engine calls an object or an array
	default:
		return err
	}
	msg := strings.TrimPrefix(e.Error(), "endpoint: ")
	return core.NewError(e.Code, e.Field, msg+" ("+core.Redact(k)+" is a "+t.String()+")")
}

// goType returns the Go type of the value params gives for key k, or nil.
func goType(params any, k string) reflect.Type {
	var v reflect.Value
	switch p := params.(type) {
	case nil:
		return nil
	case *core.Obj:
		m, _ := p.Get(k)
		ref, _ := m.Ref()
		return reflect.TypeOf(ref)
	case core.Value:
		return goType(p.Obj(), k)
	default:
		v = reflect.ValueOf(params)
	}
	for (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) && !v.IsNil() {
		v = v.Elem()
	}
	switch v.Kind() {
	case reflect.Map:
		if v.Type().Key().Kind() != reflect.String {
			return nil
		}
		v = v.MapIndex(reflect.ValueOf(k).Convert(v.Type().Key()))
	case reflect.Struct:
		var w walker
		found := false
	fields:
		for _, f := range w.structFields(v.Type()) {
			if f.name != k {
				continue
			}
			for _, x := range f.index {
				if v.Kind() == reflect.Pointer {
					if v.IsNil() {
						break fields
					}
					v = v.Elem()
				}
				v = v.Field(x)
			}
			found = true
			break
		}
		if !found {
			return nil
		}
	default:
		return nil
	}
	if v.Kind() == reflect.Interface && !v.IsNil() {
		v = v.Elem()
	}
	if !v.IsValid() || v.Kind() == reflect.Interface {
		return nil
	}
	return v.Type()
}
