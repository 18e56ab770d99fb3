package rest

import (
	"encoding/json"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/endpoint-wasm/endpoint-wasm/core"
	"github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"
	"github.com/endpoint-wasm/endpoint-wasm/core/internal/govalue"
)

// Go values become the engine's options here: each is written by
// encoding/json (govalue.Marshal) and read back by engine.DecodeGoJSON, which
// keeps each number's text as encoding/json wrote it, but for data,
// request and headers, whose Go values have meanings of their own (D19,
// D27).

// options converts params (a struct, a map with string keys, a *core.Obj
// or core.Value, or nil for none) into the options the engine takes.
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
	for (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) && !govalue.WritesItself(v) {
		if v.IsNil() {
			return nil, nil
		}
		v = v.Elem()
	}
	if !govalue.WritesItself(v) {
		switch {
		case v.Kind() == reflect.Struct:
			return structOptions(v)
		case v.Kind() == reflect.Map && v.Type().Key().Kind() == reflect.String:
			return mapOptions(v)
		}
	}
	// Anything else must write a JSON object.
	o, err := fromGo(v.Interface(), engine.CodeInvalidArgument, "options", 1)
	if err != nil {
		return nil, err
	}
	switch o.Kind() {
	case engine.Null:
		return nil, nil
	case engine.Object:
		return o.Obj(), nil
	}
	return nil, newError(engine.CodeInvalidArgument, "D28", "options", "options: must be a struct, a map with string keys or a *core.Obj, not a "+v.Type().String())
}

// codeFor returns the code of an error in option k: a parameter is
// ERR_INVALID_PARAMETER, any other option ERR_INVALID_ARGUMENT.
func codeFor(k string) engine.Code {
	if engine.IsParameter(k) {
		return engine.CodeInvalidParameter
	}
	return engine.CodeInvalidArgument
}

// goError is the error for a Go value that has no JSON, the one way this
// package reports one: field is the option, and e says where inside it and
// why, redacted (D23). Too deep or cyclic is ERR_INVALID_ARGUMENT (D29);
// any other value JSON cannot hold is one the engine cannot read (D28).
func goError(code engine.Code, field string, e *govalue.Error) error {
	rule := "D28"
	if e.TooDeep {
		code, rule = engine.CodeInvalidArgument, "D29"
	}
	f := engine.Redact(govalue.Join(field, e.Field))
	return newError(code, rule, f, f+": "+engine.Redact(e.Reason))
}

// fromGo converts x, at nesting level depth, as encoding/json writes it.
func fromGo(x any, code engine.Code, field string, depth int) (engine.Value, error) {
	text, e := govalue.Marshal(x, depth, engine.MaxDepth)
	if e != nil {
		return engine.Value{}, goError(code, field, e)
	}
	v, err := engine.DecodeGoJSON(text) // JSON encoding/json wrote, within MaxDepth: it never fails
	return v, engineError(err)
}

// structOptions converts a struct whose fields are the options:
// encoding/json writes it, by its tags, but for the fields data, request
// and headers when their Go values have meanings of their own (special),
// which are taken from the struct as they are, in their place.
func structOptions(v reflect.Value) (*engine.Obj, error) {
	type member struct {
		name string
		v    engine.Value
	}
	var taken []member
	var err error
	govalue.EachField(v, func(name string, sf reflect.StructField, f reflect.Value) bool {
		if !special(name, f) || omitted(sf, f) {
			return true
		}
		var m engine.Value
		if m, err = option(name, f); err != nil {
			return false
		}
		taken = append(taken, member{name, m})
		return true
	})
	if err != nil {
		return nil, err
	}
	// encoding/json writes a copy of the struct with those fields zeroed,
	// where they are the struct's own: a field reached through an embedded
	// pointer is the caller's, and stays.
	written := reflect.New(v.Type()).Elem()
	written.Set(v)
	base, size := written.Addr().Pointer(), v.Type().Size()
	govalue.EachField(written, func(name string, _ reflect.StructField, f reflect.Value) bool {
		if special(name, f) && f.CanSet() && f.Addr().Pointer()-base < size {
			f.SetZero()
		}
		return true
	})
	text, e := govalue.Marshal(written.Interface(), 1, engine.MaxDepth)
	if e != nil {
		option, _, _ := strings.Cut(e.Field, ".")
		option, _, _ = strings.Cut(option, "[")
		return nil, goError(codeFor(option), "", e)
	}
	o, err := engine.DecodeGoJSON(text)
	if err != nil {
		return nil, engineError(err)
	}
	obj := o.Obj()
	for _, m := range taken {
		obj.Set(m.name, m.v) // in its place, or last when omitempty left the zeroed field out
	}
	return obj, nil
}

// special reports whether option k's Go value v has a meaning of its own
// that its JSON would lose: request, by reference (D27); data as a
// string, []byte or io.Reader, sent as given (D19); headers as an
// http.Header; and a core.Value or *core.Obj anywhere, taken as it is.
func special(k string, v reflect.Value) bool {
	for v.Kind() == reflect.Interface && !v.IsNil() {
		v = v.Elem()
	}
	if !v.IsValid() || !v.CanInterface() {
		return false
	}
	switch v.Interface().(type) {
	case core.Value, *core.Obj:
		return true
	}
	switch k {
	case "request":
		return true
	case "data":
		if r, ok := reader(v); ok && r.Kind() == reflect.Pointer && r.IsNil() {
			return true // refused by option
		}
		_, sendable := dataAsGiven(v)
		return sendable
	case "headers":
		_, ok := headerLists(v)
		return ok
	}
	return false
}

// omitted reports whether encoding/json leaves out the field sf of value v
// by its omitempty or omitzero option.
func omitted(sf reflect.StructField, v reflect.Value) bool {
	_, opts, _ := strings.Cut(sf.Tag.Get("json"), ",")
	for _, o := range strings.Split(opts, ",") {
		switch {
		case o == "omitzero" && v.IsZero():
			return true
		case o == "omitempty":
			switch v.Kind() {
			case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
				if v.Len() == 0 {
					return true
				}
			case reflect.Struct:
			default:
				if v.IsZero() {
					return true
				}
			}
		}
	}
	return false
}

// mapOptions converts a map with string keys whose members are the
// options, each by option. Its keys come sorted, integer-like ones first,
// as in every object of the engine.
func mapOptions(v reflect.Value) (*engine.Obj, error) {
	if v.IsNil() {
		return nil, nil
	}
	m := make(map[string]any, v.Len())
	for it := v.MapRange(); it.Next(); {
		k := it.Key().String()
		e, err := option(k, it.Value())
		if err != nil {
			return nil, err
		}
		m[k] = e
	}
	return engine.From(m).Obj(), nil
}

// option converts the Go value v of option k.
func option(k string, v reflect.Value) (engine.Value, error) {
	for v.Kind() == reflect.Interface && !v.IsNil() {
		v = v.Elem()
	}
	if !v.IsValid() || v.Kind() == reflect.Interface {
		return engine.NullValue(), nil
	}
	if !v.CanInterface() {
		return engine.Value{}, newError(codeFor(k), "D28", engine.Redact(k), engine.Redact(k)+": an unexported value cannot be read")
	}
	x := v.Interface()
	switch t := x.(type) {
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
		if r, ok := reader(v); ok && r.Kind() == reflect.Pointer && r.IsNil() {
			return engine.Value{}, nilReader(r.Type())
		}
		if d, ok := dataAsGiven(v); ok {
			return d, nil
		}
	case "headers":
		if h, ok := headerLists(v); ok {
			return h, nil
		}
	}
	return fromGo(x, codeFor(k), k, 2)
}

// reader returns the io.Reader v is, or whose address it is when only the
// pointer reads and v is addressable (a bytes.Buffer field of a struct
// given by pointer), unless encoding/json writes v by a method of its own.
func reader(v reflect.Value) (reflect.Value, bool) {
	if govalue.WritesItself(v) {
		return reflect.Value{}, false
	}
	it := reflect.TypeFor[io.Reader]()
	switch {
	case v.Type().Implements(it):
		return v, true
	case v.Kind() != reflect.Pointer && v.CanAddr() && reflect.PointerTo(v.Type()).Implements(it):
		return v.Addr(), true
	}
	return reflect.Value{}, false
}

// dataAsGiven returns data that is sent as it is given (D19): a string's
// bytes, a []byte, or an io.Reader's stream; a json.Number, or a value
// with a MarshalJSON or MarshalText, is JSON.
func dataAsGiven(v reflect.Value) (engine.Value, bool) {
	if r, ok := reader(v); ok {
		if r.Kind() == reflect.Pointer && r.IsNil() {
			return engine.Value{}, false
		}
		return engine.OpaqueValue(r.Interface(), engine.ClassStream), true
	}
	if govalue.WritesItself(v) {
		return engine.Value{}, false
	}
	t := v.Type()
	switch {
	case t.Kind() == reflect.String && t != reflect.TypeFor[json.Number]():
		return engine.Str(v.String()), true
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 && !govalue.WritesItself(reflect.New(t.Elem()).Elem()):
		return engine.OpaqueValue(v.Bytes(), engine.ClassBinary), true
	}
	return engine.Value{}, false
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
func headerLists(v reflect.Value) (engine.Value, bool) {
	for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return engine.Value{}, false
		}
		v = v.Elem()
	}
	t := v.Type()
	if t.Kind() != reflect.Map || t.Key().Kind() != reflect.String || t.Elem() != reflect.TypeFor[[]string]() || !v.CanInterface() {
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
// constructors: an opaque Go value is converted as encoding/json writes
// it, and what JSON cannot hold is an error naming the field. A Value with
// nothing to change is returned as it is, the very value (D15); otherwise
// a copy is changed.
type walker struct {
	code  engine.Code
	field string           // the field being checked
	open  []unsafe.Pointer // the lists and objects being walked: meeting one again is a cycle (D29)
}

// fail is the error of the field being checked, breaking rule.
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
		l := v.List()
		if err := w.enter(unsafe.Pointer(unsafe.SliceData(l)), depth); err != nil {
			return engine.Value{}, err
		}
		defer w.leave()
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
// object when a member changes.
func (w *walker) object(v engine.Value, depth int, check func(k string, e engine.Value) (engine.Value, error)) (engine.Value, error) {
	o := v.Obj()
	if err := w.enter(unsafe.Pointer(o), depth); err != nil {
		return engine.Value{}, err
	}
	defer w.leave()
	var out *engine.Obj
	field := w.field
	for i := 0; i < o.Len(); i++ {
		k, e := o.Key(i), o.At(i)
		w.field = govalue.Join(field, k)
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

// enter records an open list or object at level depth, or reports that it
// is too deep or open already: the value holds itself (D29).
func (w *walker) enter(p unsafe.Pointer, depth int) error {
	if depth > engine.MaxDepth {
		return w.fail(engine.CodeInvalidArgument, "D29", "nested deeper than "+strconv.Itoa(engine.MaxDepth)+" levels")
	}
	if slices.Contains(w.open, p) {
		return w.fail(engine.CodeInvalidArgument, "D29", "a cycle: this value holds itself")
	}
	w.open = append(w.open, p)
	return nil
}

func (w *walker) leave() { w.open = w.open[:len(w.open)-1] }

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
	return &core.Error{Code: e.Code, Field: e.Field, Rule: e.Rule, Message: e.Message + " (" + engine.Redact(k) + " is a " + t.String() + ")"}
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
		govalue.EachField(v, func(name string, _ reflect.StructField, f reflect.Value) bool {
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
