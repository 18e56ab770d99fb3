package rest

import (
	"errors"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/endpoint-wasm/endpoint-wasm/core"
	"github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"
	"github.com/endpoint-wasm/endpoint-wasm/core/internal/govalue"
)

// Go values become the engine's options here. encoding/json writes them
// (govalue.Marshal) and the engine's decoder reads the text back
// (engine.DecodeGoJSON), each number's text kept as encoding/json wrote
// it. Only these are taken as the Go values they are: a core.Value or
// *core.Obj, which are the engine's values already, and data, request and
// headers when their Go values mean something their JSON would lose (D19,
// D27).

// options converts params (a struct, a map with string keys, a *core.Obj
// or core.Value, anything else encoding/json writes as an object, or nil
// for none) into the options the engine takes.
func options(params any) (*engine.Obj, error) {
	switch p := params.(type) {
	case nil:
		return nil, nil
	case *core.Obj:
		if p == nil {
			return nil, nil
		}
		return objOptions((*engine.Obj)(p))
	case core.Value:
		switch p.Kind() {
		case core.Undefined, core.Null:
			return nil, nil
		case core.Object:
			return objOptions((*engine.Obj)(p.Obj()))
		}
		return nil, newError(engine.CodeInvalidArgument, "D28", "options", "options: must be an object")
	}
	v := reflect.ValueOf(params)
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return nil, nil
		}
		v = v.Elem()
	}
	switch {
	case v.Kind() == reflect.Struct:
		return structOptions(params, v)
	case v.Kind() == reflect.Map && v.Type().Key().Kind() == reflect.String:
		return mapOptions(v)
	}
	o, err := fromGo(params, engine.CodeInvalidArgument, "options", 1)
	if err != nil {
		return nil, err
	}
	return object(o, params)
}

// object returns the options params wrote as o: an object, or none for
// null.
func object(o engine.Value, params any) (*engine.Obj, error) {
	switch o.Kind() {
	case engine.Null:
		return nil, nil
	case engine.Object:
		return o.Obj(), nil
	}
	return nil, newError(engine.CodeInvalidArgument, "D28", "options", "options: must be a struct, a map with string keys or a *core.Obj, not a "+reflect.TypeOf(params).String())
}

// structOptions converts a struct s, params or what params points to,
// whose fields are the options: encoding/json writes a copy of it, by its
// tags, with the fields whose Go values are taken as they are (special)
// zeroed; those are then set in their place.
func structOptions(params any, s reflect.Value) (*engine.Obj, error) {
	type member struct {
		name string
		v    engine.Value
	}
	written := reflect.New(s.Type())
	written.Elem().Set(s)
	var taken []member
	var err error
	fields(written.Elem(), true, func(name string, f reflect.Value, own bool) bool {
		if !f.CanInterface() || !special(name, f.Interface()) {
			return true
		}
		var m engine.Value
		if m, err = option(name, f.Interface()); err != nil {
			return false
		}
		taken = append(taken, member{name, m})
		if own && f.CanSet() { // a field reached through an embedded pointer is the caller's: it stays
			f.SetZero()
		}
		return true
	})
	if err != nil {
		return nil, err
	}
	// encoding/json is given the struct as the caller gave it: by pointer,
	// its fields' pointer methods are called.
	byPointer := reflect.TypeOf(params).Kind() == reflect.Pointer
	x := written.Elem().Interface()
	if byPointer {
		x = written.Interface()
	}
	text, err := govalue.Marshal(x, engine.MaxDepth)
	if err != nil {
		return nil, refused(written.Elem(), byPointer, err)
	}
	v, err := engine.DecodeGoJSON(text) // JSON encoding/json wrote, within MaxDepth: it never fails
	if err != nil {
		return nil, engineError(err)
	}
	obj, err := object(v, params)
	if err != nil {
		return nil, err
	}
	for _, m := range taken {
		obj.Set(m.name, m.v) // in its place, or last when omitempty left the zeroed field out
	}
	return obj, nil
}

// refused returns the error for struct s, which encoding/json refused with
// err, naming the option it refused: the first field it refuses alone.
func refused(s reflect.Value, byPointer bool, err error) error {
	field := ""
	fields(s, true, func(name string, f reflect.Value, _ bool) bool {
		if !f.CanInterface() {
			return true
		}
		x := f.Interface()
		if byPointer && f.CanAddr() {
			x = f.Addr().Interface()
		}
		if _, e := govalue.Marshal(x, engine.MaxDepth-1); e != nil {
			field, err = name, e
			return false
		}
		return true
	})
	if field == "" { // in no one field: the struct's own MarshalJSON, say
		return goError(engine.CodeInvalidArgument, "options", err)
	}
	return goError(codeFor(field), field, err)
}

// fields calls f with the name and value of each field of struct v that
// encoding/json may write as an option, in order, until f returns false:
// exported fields not tagged "-", named by their tag or else their Go
// name, and the fields of embedded structs without a tag name, through
// non-nil pointers (own is false past one). Which of two fields of one
// name encoding/json writes, and whether omitempty leaves one out, it
// decides itself as it writes the struct: this finds the Go values of
// data, request and headers, and names the option encoding/json refused.
func fields(v reflect.Value, own bool, f func(name string, fv reflect.Value, own bool) bool) bool {
	t := v.Type()
	for i := range t.NumField() {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		fv := v.Field(i)
		if sf.Anonymous && name == "" {
			fown := own
			for fv.Kind() == reflect.Pointer && !fv.IsNil() && sf.Type.Elem().Kind() == reflect.Struct {
				fv, fown = fv.Elem(), false
			}
			if fv.Kind() == reflect.Struct {
				if !fields(fv, fown, f) {
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
		if !f(name, fv, own) {
			return false
		}
	}
	return true
}

// special reports whether option k's Go value x is taken as it is, its
// JSON losing what it means: request, by reference (D27); data as a
// string, []byte or io.Reader, sent as given (D19); headers as an
// http.Header; and a core.Value or *core.Obj anywhere.
func special(k string, x any) bool {
	switch x.(type) {
	case core.Value, *core.Obj:
		return true
	}
	switch k {
	case "request":
		return x != nil
	case "data":
		switch x.(type) {
		case string, []byte, io.Reader:
			return true
		}
	case "headers":
		_, ok := headerLists(x)
		return ok
	}
	return false
}

// mapOptions converts a map with string keys whose members are the
// options, each by option, in the order of their keys, so that the same
// map gives the same error. The object's keys come sorted, integer-like
// ones first, as in every object of the engine.
func mapOptions(v reflect.Value) (*engine.Obj, error) {
	if v.IsNil() {
		return nil, nil
	}
	keys := v.MapKeys()
	slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
	m := make(map[string]any, len(keys))
	for _, key := range keys {
		k := key.String()
		e, err := option(k, v.MapIndex(key).Interface())
		if err != nil {
			return nil, err
		}
		m[k] = e
	}
	return engine.From(m).Obj(), nil
}

// option converts the Go value x of option k.
func option(k string, x any) (engine.Value, error) {
	switch t := x.(type) {
	case nil:
		return engine.NullValue(), nil
	case core.Value:
		return optionValue(k, engine.Value(t))
	case *core.Obj:
		if t == nil {
			return engine.NullValue(), nil
		}
		return optionValue(k, engine.ObjValue((*engine.Obj)(t)))
	}
	switch k {
	case "request": // the caller's, by reference (D27)
		return engine.Value(core.From(x)), nil
	case "data":
		switch x.(type) {
		case io.Reader:
			if r := reflect.ValueOf(x); r.Kind() == reflect.Pointer && r.IsNil() {
				return engine.Value{}, nilReader(r.Type())
			}
			return engine.Value(core.From(x)), nil // a stream
		case string, []byte:
			return engine.Value(core.From(x)), nil
		}
	case "headers":
		if h, ok := headerLists(x); ok {
			return h, nil
		}
	}
	return fromGo(x, codeFor(k), k, 2)
}

// fromGo converts x, at nesting level depth, as encoding/json writes it.
func fromGo(x any, code engine.Code, field string, depth int) (engine.Value, error) {
	text, err := govalue.Marshal(x, engine.MaxDepth-depth+1)
	if err != nil {
		return engine.Value{}, goError(code, field, err)
	}
	v, err := engine.DecodeGoJSON(text) // JSON encoding/json wrote, within MaxDepth: it never fails
	return v, engineError(err)
}

// goError is the error for field, whose Go value encoding/json refused
// with err: code, or ERR_INVALID_ARGUMENT for a value too deep or cyclic
// (D29). The message gives encoding/json's words, redacted, since a
// MarshalJSON's error may quote a credential (D23); the error wraps
// encoding/json's as it is, for errors.As.
func goError(code engine.Code, field string, err error) error {
	f := engine.Redact(field)
	if errors.Is(err, govalue.ErrTooDeep) {
		return newError(engine.CodeInvalidArgument, "D29", f, f+": nested deeper than "+strconv.Itoa(engine.MaxDepth)+" levels, or cyclic")
	}
	return &core.Error{Code: string(code), Field: f, Rule: "D28", Message: f + ": " + engine.Redact(err.Error()), Err: err}
}

// codeFor returns the code of an error in option k: a parameter is
// ERR_INVALID_PARAMETER, any other option ERR_INVALID_ARGUMENT.
func codeFor(k string) engine.Code {
	if engine.IsParameter(k) {
		return engine.CodeInvalidParameter
	}
	return engine.CodeInvalidArgument
}

// nilReader is the error for a typed nil reader as data, such as a nil
// *bytes.Buffer, which net/http would read and panic on (D19).
func nilReader(t reflect.Type) error {
	return newError(engine.CodeInvalidArgument, "D19", "data", "data: a nil "+t.String()+" has nothing to read")
}

// headerLists converts headers given as an http.Header, or any map of
// string lists: each name's values joined with ", ", as HTTP combines a
// field's lines (RFC 9110, 5.3); a name with no value is left out. The
// names come sorted, as a map's keys do.
func headerLists(x any) (engine.Value, bool) {
	v := reflect.ValueOf(x)
	if !v.IsValid() {
		return engine.Value{}, false
	}
	t := v.Type()
	if t.Kind() != reflect.Map || t.Key().Kind() != reflect.String || t.Elem() != reflect.TypeFor[[]string]() || v.IsNil() {
		return engine.Value{}, false
	}
	names := make([]string, 0, v.Len())
	for _, k := range v.MapKeys() {
		names = append(names, k.String())
	}
	slices.Sort(names)
	h := engine.NewObj(len(names))
	for _, name := range names {
		if vals := v.MapIndex(reflect.ValueOf(name).Convert(t.Key())).Interface().([]string); len(vals) > 0 {
			h.Set(name, engine.Str(strings.Join(vals, ", ")))
		}
	}
	return engine.ObjValue(h), true
}

// objOptions checks options given as a *core.Obj, converting each Go
// value core.From left opaque in them.
func objOptions(o *engine.Obj) (*engine.Obj, error) {
	var w walker // an option is named by its key alone
	v, err := w.object(engine.ObjValue(o), 1, optionValue)
	if err != nil {
		return nil, err
	}
	return v.Obj(), nil
}

// optionValue checks the Value of option k: request is the caller's as it
// is (D27), data that is a string, bytes or a stream is sent as it is
// (D19).
func optionValue(k string, v engine.Value) (engine.Value, error) {
	switch k {
	case "request":
		return v, nil
	case "data":
		if v.Kind() == engine.String {
			return v, nil
		}
		switch ref, _ := v.Ref(); ref.(type) {
		case []byte:
			return v, nil
		case io.Reader:
			if r := reflect.ValueOf(ref); r.Kind() == reflect.Pointer && r.IsNil() {
				return engine.Value{}, nilReader(r.Type())
			}
			return v, nil
		}
	}
	w := walker{code: codeFor(k), field: k}
	return w.value(v, 2)
}

// walker checks a Value a Go caller built with core.O, core.From or the
// constructors: an opaque Go value is converted by encoding/json, and what
// JSON cannot hold is an error naming the field. A Value with nothing to
// change is returned as it is, the very value (D15); otherwise a copy is
// changed.
type walker struct {
	code  engine.Code
	field string        // the field being checked
	open  []*engine.Obj // the objects being walked: meeting one again is a cycle (D29)
}

func (w *walker) fail(code engine.Code, rule, message string) error {
	f := engine.Redact(w.field)
	return newError(code, rule, f, f+": "+message)
}

func (w *walker) value(v engine.Value, depth int) (engine.Value, error) {
	switch v.Kind() {
	case engine.Number:
		if t := v.Text(); t == "NaN" || t == "Infinity" || t == "-Infinity" {
			return engine.Value{}, w.fail(w.code, "D18", "JSON has no number "+t)
		}
	case engine.Opaque:
		switch ref, _ := v.Ref(); ref.(type) {
		case nil:
			return engine.Value{}, w.fail(w.code, "D18", "an opaque value that holds no Go value has no JSON encoding")
		case io.Reader:
			return engine.Value{}, w.fail(w.code, "D19", "a stream can only be the whole body, data")
		default:
			return fromGo(ref, w.code, w.field, depth)
		}
	case engine.Array:
		if depth > engine.MaxDepth {
			return engine.Value{}, w.fail(engine.CodeInvalidArgument, "D29", "nested deeper than "+strconv.Itoa(engine.MaxDepth)+" levels")
		}
		l := v.List()
		var out []engine.Value
		field := w.field
		for i, e := range l {
			w.field = field + "[" + strconv.Itoa(i) + "]"
			c, err := w.value(e, depth+1)
			if err != nil {
				return engine.Value{}, err
			}
			if c != e && out == nil {
				out = slices.Clone(l)
			}
			if out != nil {
				out[i] = c
			}
		}
		w.field = field
		if out != nil {
			return engine.List(out...), nil
		}
	case engine.Object:
		return w.object(v, depth, func(k string, e engine.Value) (engine.Value, error) { return w.value(e, depth+1) })
	}
	return v, nil
}

// object checks the members of an Object value with check, copying the
// object when a member changes. A list cannot hold itself but through an
// object, so the objects alone are followed for cycles.
func (w *walker) object(v engine.Value, depth int, check func(k string, e engine.Value) (engine.Value, error)) (engine.Value, error) {
	o := v.Obj()
	switch {
	case depth > engine.MaxDepth:
		return engine.Value{}, w.fail(engine.CodeInvalidArgument, "D29", "nested deeper than "+strconv.Itoa(engine.MaxDepth)+" levels")
	case slices.Contains(w.open, o):
		return engine.Value{}, w.fail(engine.CodeInvalidArgument, "D29", "a cycle: this value holds itself")
	}
	w.open = append(w.open, o)
	defer func() { w.open = w.open[:len(w.open)-1] }()
	var out *engine.Obj
	field := w.field
	for i := 0; i < o.Len(); i++ {
		k, e := o.Key(i), o.At(i)
		w.field = join(field, k)
		c, err := check(k, e)
		if err != nil {
			return engine.Value{}, err
		}
		if c != e && out == nil {
			out = o.Clone()
		}
		if out != nil {
			out.Set(k, c) // in its place
		}
	}
	w.field = field
	if out != nil {
		return engine.ObjValue(out), nil
	}
	return v, nil
}

// join returns the name of member k of field.
func join(field, k string) string {
	if field == "" {
		return k
	}
	return field + "." + k
}

// describe returns err, an error of the engine for params, with the Go
// type of the parameter it names added to its message when the engine
// spoke of the parameter's JSON kind: "endpoint: filter: an object has no
// query-string encoding (filter is a main.Filter)". The engine sees only
// the converted value; the Go caller wrote the Go one. Any other error is
// returned as it is.
func describe(err error, params any) error {
	e, ok := err.(*core.Error)
	if !ok || e.Code != string(engine.CodeInvalidParameter) {
		return err
	}
	k := e.Field
	if i := strings.IndexAny(k, ".["); i >= 0 {
		k = k[:i]
	}
	if !engine.IsParameter(k) {
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
	return &core.Error{Code: e.Code, Field: e.Field, Message: e.Message + " (" + engine.Redact(k) + " is a " + t.String() + ")"}
}

// goType returns the Go type of the value params gives for key k, or nil.
func goType(params any, k string) reflect.Type {
	var v reflect.Value
	switch p := params.(type) {
	case nil:
		return nil
	case *core.Obj:
		m, _ := p.Get(k)
		return reflect.TypeOf(m.Ref())
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
		var found reflect.Value
		fields(v, true, func(name string, f reflect.Value, _ bool) bool {
			if name == k {
				found = f
			}
			return name != k
		})
		v = found
	default:
		return nil
	}
	if v.IsValid() && v.Kind() == reflect.Interface && !v.IsNil() {
		v = v.Elem()
	}
	if !v.IsValid() || v.Kind() == reflect.Interface {
		return nil
	}
	return v.Type()
}
