package rest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/endpoint-wasm/endpoint-wasm/core"
	"github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"
)

// canonJSON returns JSON text re-encoded by encoding/json from its decoded
// value, numbers kept as written: two texts are equal exactly when they are
// the same JSON value, whatever their key order.
func canonJSON(t *testing.T, text []byte) string {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(text))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("invalid JSON %s: %v", text, err)
	}
	out, _ := json.Marshal(v)
	return string(out)
}

type params struct {
	Owner   string            `json:"owner"`
	Page    int               `json:"page,omitempty"`
	Headers map[string]string `json:"headers,omitempty"`
	Data    any               `json:"data,omitempty"`
	Request any               `json:"request,omitempty"`
}

// data is sent as given when it is a string, []byte or an io.Reader, and
// as JSON otherwise (D19); request stays the caller's (D27).
func TestOptionsKeepsDataAsGivenOrMakesItJSONAndKeepsRequestByReference(t *testing.T) {
	text := "caf\xe9" // not UTF-8: sent as the bytes given, not replaced
	bin := []byte{0, 1, 2}
	r := strings.NewReader("stream")
	hook := func() {}
	type payload struct {
		Name string `json:"name"`
	}
	cases := []struct {
		name  string
		data  any
		check func(v core.Value) bool
	}{
		{"a string", text, func(v core.Value) bool { return v.Kind() == core.String && v.Text() == text }},
		{"a json.Number, as JSON", json.Number("1"), func(v core.Value) bool { return v.Kind() == core.Number }},
		{"[]byte", bin, func(v core.Value) bool {
			b, ok := v.Ref().([]byte)
			return v.Kind() == core.Opaque && ok && &b[0] == &bin[0]
		}},
		{"an io.Reader", r, func(v core.Value) bool { return v.Kind() == core.Opaque && v.Ref() == r }},
		{"a struct", payload{"x"}, func(v core.Value) bool { return string(jsonOf(v)) == `{"name":"x"}` }},
		{"a pointer to a string, as JSON", &text, func(v core.Value) bool { return v.Kind() == core.String && v.Text() == "caf\ufffd" }},
		{"json.RawMessage, as JSON", json.RawMessage(`[1]`), func(v core.Value) bool { return v.Kind() == core.Array }},
		{"a core.Value", core.From(bin), func(v core.Value) bool { return v.Kind() == core.Opaque }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, p := range []any{params{Owner: "o", Data: c.data}, map[string]any{"owner": "o", "data": c.data}, core.O("owner", "o", "data", c.data)} {
				o, err := Options(p)
				if err != nil {
					t.Fatal(err)
				}
				if v, _ := o.Get("data"); !c.check(v) {
					t.Errorf("%T: data became %s", p, jsonOf(v))
				}
			}
		})
	}
	for _, p := range []any{params{Owner: "o", Request: hook}, Params{"owner": "o", "request": hook}} {
		o, err := Options(p)
		if err != nil {
			t.Fatal(err)
		}
		v, _ := o.Get("request")
		if ref := v.Ref(); reflect.ValueOf(ref).Pointer() != reflect.ValueOf(hook).Pointer() {
			t.Errorf("%T: request is not the caller's, by reference", p)
		}
	}
}

// A struct, a pointer to it, a map and a *core.Obj of the same members are
// the same options; a nil of any of them is no options.
func TestOptionsTakesAStructAMapOrACoreObjAlike(t *testing.T) {
	want := `{"owner":"o","page":2,"headers":{"authorization":"token t"}}`
	m := map[string]any{"owner": "o", "page": 2, "headers": map[string]string{"authorization": "token t"}}
	s := params{Owner: "o", Page: 2, Headers: map[string]string{"authorization": "token t"}}
	for _, p := range []any{s, &s, m, core.O("owner", "o", "page", 2, "headers", core.O("authorization", "token t"))} {
		o, err := Options(p)
		if err != nil {
			t.Fatalf("%T: %v", p, err)
		}
		if got := canonJSON(t, jsonOf(o)); got != canonJSON(t, []byte(want)) {
			t.Errorf("%T: got %s", p, got)
		}
	}
	for _, p := range []any{nil, (*params)(nil), map[string]any(nil), (*core.Obj)(nil), core.From(nil)} {
		if o, err := Options(p); o != nil || err != nil {
			t.Errorf("%#v: %v %v, want no options", p, o, err)
		}
	}
}

// A struct's fields keep their order; a map's keys come sorted,
// integer-like keys first, as in every object of the engine.
func TestOptionsKeepAStructsFieldOrderAndSortAMapsKeys(t *testing.T) {
	for _, c := range []struct {
		params any
		want   string
	}{
		{struct {
			Zeta  int    `json:"zeta"`
			Alpha string `json:"alpha"`
		}{1, "a"}, `{"zeta":1,"alpha":"a"}`},
		{Params{"b": 1, "10": 2, "a": 3, "2": 4}, `{"2":4,"10":2,"a":3,"b":1}`},
	} {
		o, err := Options(c.params)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(jsonOf(o)); got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
}

// A *core.Obj with nothing to convert is taken as it is, the very object
// (D15); one holding a Go value From left opaque is copied with it
// converted, the caller's left as it was.
func TestOptionsTakeACoreObjAsItIsOrConvertACopy(t *testing.T) {
	o := core.O("a", 1, "b", core.O("c", "d"))
	if got, err := Options(o); err != nil || got != o {
		t.Errorf("a *core.Obj with nothing to convert was copied: %v", err)
	}
	type point struct{ X, Y int }
	o2 := core.O("p", point{1, 2}, "n", 1)
	got, err := Options(o2)
	if err != nil {
		t.Fatal(err)
	}
	if s := string(jsonOf(got)); s != `{"p":{"X":1,"Y":2},"n":1}` {
		t.Errorf("got %s", s)
	}
	if p, _ := o2.Get("p"); p.Kind() != core.Opaque {
		t.Error("the caller's object was changed")
	}
}

// Up to MaxDepth levels, counting the options object as level 1, are
// allowed, whether they come from Go lists or a MarshalJSON (D29).
func TestOptionsAllowMaxDepthLevelsAndNoMore(t *testing.T) {
	nest := func(n int) any { // n levels of lists
		var v any = "leaf"
		for range n {
			v = []any{v}
		}
		return v
	}
	raw := func(n int) json.RawMessage {
		return json.RawMessage(strings.Repeat("[", n) + strings.Repeat("]", n))
	}
	for _, p := range []any{nest(core.MaxDepth - 1), raw(core.MaxDepth - 1)} {
		if _, err := Options(Params{"p": p}); err != nil {
			t.Errorf("%d levels: %v", core.MaxDepth, err)
		}
	}
	for _, p := range []any{nest(core.MaxDepth), raw(core.MaxDepth)} {
		_, err := Options(Params{"p": p})
		var e *core.Error
		if !errors.Is(err, core.ErrInvalidArgument) || !errors.As(err, &e) || e.Field != "p" || !strings.HasSuffix(err.Error(), ": nested deeper than 256 levels, or cyclic") {
			t.Errorf("%d levels: %v", core.MaxDepth+1, err)
		}
	}
}

// Options that are not an object are errors naming options, with their
// Go type when they are no core value.
func TestOptionsRefuseWhatIsNotAnObject(t *testing.T) {
	for _, c := range []struct {
		x       any
		message string
	}{
		{42, "endpoint: options: must be a struct, a map with string keys or a *core.Obj, not a int"},
		{[]string{"a"}, "endpoint: options: must be a struct, a map with string keys or a *core.Obj, not a []string"},
		{core.From("x"), "endpoint: options: must be an object"},
	} {
		_, err := Options(c.x)
		var e *core.Error
		if !errors.Is(err, core.ErrInvalidArgument) || !errors.As(err, &e) || e.Field != "options" || err.Error() != c.message {
			t.Errorf("%#v: got %v\nwant %q", c.x, err, c.message)
		}
	}
	for _, x := range []any{map[int]int{1: 2}, json.RawMessage(`{"a":1}`)} { // encoding/json writes an object
		if _, err := Options(x); err != nil {
			t.Errorf("%#v: %v", x, err)
		}
	}
}

// leaky's MarshalJSON fails with an error that quotes a credential.
type leaky struct{}

var errLeaky = errors.New("bad token ghp_abcdefghijklmnopqrstuvwxyz0123456789")

func (leaky) MarshalJSON() ([]byte, error) { return nil, errLeaky }

// refusing is a struct whose own MarshalJSON fails: no one option is at
// fault.
type refusing struct {
	Owner string `json:"owner"`
}

func (refusing) MarshalJSON() ([]byte, error) { return nil, errors.New("no") }

// A member encoding/json cannot write is an *core.Error naming the option,
// ERR_INVALID_PARAMETER for a parameter and ERR_INVALID_ARGUMENT for
// another option (D28), that wraps encoding/json's error as it gave it.
func TestOptionsRefuseWhatEncodingJSONCannotWriteNamingTheOption(t *testing.T) {
	var unsupportedType *json.UnsupportedTypeError
	var unsupportedValue *json.UnsupportedValueError
	var marshaler *json.MarshalerError
	cases := []struct {
		name   string
		x      any
		err    *core.Error
		field  string
		target any // the error of encoding/json's the error wraps
	}{
		{"a function in a parameter", Params{"labels": []any{"a", func() {}}}, core.ErrInvalidParameter, "labels", &unsupportedType},
		{"a function in headers", Params{"headers": Params{"x-hook": func() {}}}, core.ErrInvalidArgument, "headers", &unsupportedType},
		{"a channel in data", Params{"data": Params{"c": make(chan int)}}, core.ErrInvalidArgument, "data", &unsupportedType},
		{"a complex number", Params{"z": 1i}, core.ErrInvalidParameter, "z", &unsupportedType},
		{"a NaN", Params{"score": math.NaN()}, core.ErrInvalidParameter, "score", &unsupportedValue},
		{"a failing MarshalJSON", Params{"x": leaky{}}, core.ErrInvalidParameter, "x", &marshaler},
		{"a struct's field", struct {
			Owner string `json:"owner"`
			Hook  func() `json:"hook"`
		}{"o", func() {}}, core.ErrInvalidParameter, "hook", &unsupportedType},
		{"a struct's header", &struct {
			Headers map[string]any `json:"headers"`
		}{map[string]any{"x-hook": func() {}}}, core.ErrInvalidArgument, "headers", &unsupportedType},
		{"a struct's own MarshalJSON", refusing{"o"}, core.ErrInvalidArgument, "options", &marshaler},
		{"in a *core.Obj", core.O("mediaType", core.O("format", make(chan int))), core.ErrInvalidArgument, "mediaType.format", &unsupportedType},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Options(c.x)
			var e *core.Error
			if !errors.Is(err, c.err) || !errors.As(err, &e) || e.Field != c.field || !strings.HasPrefix(err.Error(), "endpoint: "+c.field+": ") {
				t.Fatalf("got %v (%#v)\nwant %s naming %q", err, e, c.err.Code, c.field)
			}
			if !errors.As(err, c.target) {
				t.Errorf("%v wraps %T, not %T", err, e.Err, c.target)
			}
		})
	}
	// The message redacts a credential a MarshalJSON's error quotes (D23);
	// the error wrapped is the MarshalJSON's own.
	_, err := Options(Params{"x": leaky{}})
	if strings.Contains(err.Error(), "ghp_abc") || !strings.Contains(err.Error(), "ghp_[redacted]") || !errors.Is(err, errLeaky) {
		t.Errorf("got %v", err)
	}
}

// Every other way a member cannot be an option is an error of this
// package's naming the field, wrapping no error.
func TestOptionsRefuseWhatJSONCannotHoldNamingTheField(t *testing.T) {
	type node struct {
		Next *node `json:"next"`
	}
	loop := &node{}
	loop.Next = loop
	cyclic := core.O("a", 1)
	cyclic.Set("self", core.From(cyclic))
	cases := []struct {
		name    string
		x       any
		err     *core.Error
		field   string
		message string
	}{
		{"a NaN in a *core.Obj", core.O("score", core.From(math.NaN())), core.ErrInvalidParameter, "score", "endpoint: score: JSON has no number NaN"},
		{"a Go cycle (D29)", Params{"head": loop}, core.ErrInvalidArgument, "head", "endpoint: head: nested deeper than 256 levels, or cyclic"},
		{"a Go cycle in a struct (D29)", struct {
			Head *node `json:"head"`
		}{loop}, core.ErrInvalidArgument, "head", "endpoint: head: nested deeper than 256 levels, or cyclic"},
		{"a *core.Obj cycle (D29)", core.O("p", cyclic), core.ErrInvalidArgument, "p.self", "endpoint: p.self: a cycle: this value holds itself"},
		{"a stream as a parameter (D19)", core.O("file", strings.NewReader("x")), core.ErrInvalidParameter, "file", "endpoint: file: a stream can only be the whole body, data"},
		{"a nil reader as data (D19)", Params{"data": (*bytes.Buffer)(nil)}, core.ErrInvalidArgument, "data", "endpoint: data: a nil *bytes.Buffer has nothing to read"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Options(c.x)
			var e *core.Error
			if !errors.Is(err, c.err) || !errors.As(err, &e) || e.Field != c.field || err.Error() != c.message || e.Err != nil {
				t.Errorf("got %v (%#v)\nwant %s at %q: %q", err, e, c.err.Code, c.field, c.message)
			}
		})
	}
}

// An error the engine gives for a parameter's JSON kind names its Go type.
func TestAnErrorOfTheEngineNamesTheParametersGoType(t *testing.T) {
	type filter struct{ State string }
	engineErr := &core.Error{Code: core.ErrInvalidParameter.Code, Field: "filter", Message: "filter: an object has no query-string encoding"}
	cases := []struct {
		params any
		err    error
		want   string // "" for the error as it was
	}{
		{map[string]any{"filter": filter{}}, engineErr, "endpoint: filter: an object has no query-string encoding (filter is a rest.filter)"},
		{map[string]any{"filter": &filter{}}, engineErr, "endpoint: filter: an object has no query-string encoding (filter is a *rest.filter)"},
		{struct {
			F []any `json:"filter"`
		}{}, engineErr, "endpoint: filter: an object has no query-string encoding (filter is a []interface {})"},
		{core.O("filter", filter{}), engineErr, "endpoint: filter: an object has no query-string encoding (filter is a rest.filter)"},
		{map[string]any{"filter": "a string"}, engineErr, ""},
		{map[string]any{"filter": filter{}}, core.ErrInvalidRoute, ""},
	}
	for _, c := range cases {
		got := describe(c.err, c.params)
		if c.want == "" {
			if got != c.err {
				t.Errorf("%#v: changed to %v", c.params, got)
			}
			continue
		}
		if got.Error() != c.want || !errors.Is(got, core.ErrInvalidParameter) {
			t.Errorf("%#v: got %v, want %q", c.params, got, c.want)
		}
	}
}

// HTTPRequest sends a string, bytes and a stream as they are, anything
// else as JSON, and nothing when there is no body (D18, D19).
func TestHTTPRequestSendsStringsBytesAndStreamsAsTheyAreAndTheRestAsJSON(t *testing.T) {
	type issue struct {
		Title string `json:"title"`
	}
	stream := strings.NewReader("s")
	cases := []struct {
		name string
		body core.Value
		want string
		same io.Reader // the stream itself, when set
	}{
		{"a string, as it is", core.From(`{"not":"re-encoded"}`), `{"not":"re-encoded"}`, nil},
		{"bytes, as they are", core.From([]byte{'h', 'i'}), "hi", nil},
		{"a stream, itself", core.From(stream), "", stream},
		{"an object, as JSON", core.From(core.O("title", "t", "n", 1)), `{"title":"t","n":1}`, nil},
		{"a struct From left opaque, as JSON", core.From(issue{"t"}), `{"title":"t"}`, nil},
		{"a struct in an object, as JSON", core.From(core.O("issue", issue{"t"})), `{"issue":{"title":"t"}}`, nil},
		{"null", core.From(nil), "null", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req, err := HTTPRequest(context.Background(), &core.Request{Method: "post", URL: "https://api.github.com/x", Headers: new(core.Obj), Body: c.body})
			if err != nil {
				t.Fatal(err)
			}
			if c.same != nil {
				if req.Body == nil {
					t.Fatal("no body")
				}
				if b, _ := io.ReadAll(req.Body); string(b) != "s" {
					t.Errorf("got %q, want the stream's bytes", b)
				}
				return
			}
			b, _ := io.ReadAll(req.Body)
			if string(b) != c.want || req.ContentLength != int64(len(c.want)) {
				t.Errorf("got %q (length %d), want %q", b, req.ContentLength, c.want)
			}
		})
	}
	req, err := HTTPRequest(context.Background(), &core.Request{Method: "get", URL: "https://api.github.com/x", Headers: new(core.Obj)})
	if err != nil || req.Body != nil && req.Body != http.NoBody {
		t.Errorf("no body: %v, %v", req, err)
	}
}

// A core.Value inside a Go value, such as a []core.Value parameter, is
// written as the engine writes it; a NaN in it is refused, naming it.
func TestOptionsWriteCoreValuesInsideGoValues(t *testing.T) {
	o, err := Options(Params{"xs": []core.Value{core.From("a"), core.From(1.5), core.From(core.O("b", true))}})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(jsonOf(o)); got != `{"xs":["a",1.5,{"b":true}]}` {
		t.Errorf("got %s", got)
	}
	// encoding/json reports the error of the core.Value's MarshalJSON,
	// which names it inside the Go value.
	_, err = Options(Params{"xs": []core.Value{core.From("a"), core.From(math.NaN())}})
	var e, inner *core.Error
	var m *json.MarshalerError
	if !errors.Is(err, core.ErrInvalidParameter) || !errors.As(err, &e) || e.Field != "xs" || !errors.As(err, &m) || !errors.As(m.Err, &inner) || inner.Field != "value" {
		t.Errorf("got %v", err)
	}
}

// jsonOf writes a *core.Obj or a core.Value as JSON, an opaque value as
// null.
func jsonOf(x any) []byte { return engine.AppendJSON(nil, engine.Value(core.From(x))) }

// A struct's data, request and headers are taken as the Go values they
// are, wherever encoding/json finds them (an embedded struct's fields
// included), and the caller's struct is left as it was.
func TestOptionsTakeAStructsSpecialFieldsAndLeaveTheStructAsItWas(t *testing.T) {
	type upload struct {
		Data    io.Reader   `json:"data"`
		Headers http.Header `json:"headers,omitempty"`
	}
	type params struct {
		Owner string `json:"owner"`
		*upload
	}
	body := strings.NewReader("bytes")
	p := &params{Owner: "o", upload: &upload{Data: body, Headers: http.Header{"X-Tags": {"a", "b"}}}}
	o, err := Options(p)
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := o.Get("data"); d.Ref() != body {
		t.Errorf("data became %s", jsonOf(d))
	}
	if got := string(jsonOf(o)); got != `{"owner":"o","data":null,"headers":{"X-Tags":"a, b"}}` {
		t.Errorf("got %s", got)
	}
	if p.Data != body || p.Headers == nil {
		t.Errorf("the caller's struct was changed: %+v", p.upload)
	}
}
