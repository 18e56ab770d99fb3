package govalue

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

// Types exercising encoding/json's rules for struct fields.
type (
	tagged struct {
		Title    string   `json:"title"`
		Body     string   `json:"body,omitempty"`
		Labels   []string `json:"labels,omitempty"`
		Skipped  int      `json:"-"`
		Dash     int      `json:"-,"`
		Untagged bool
		private  int
		Count    int     `json:"count,string"`
		Ratio    float64 `json:",string"`
		Flag     bool    `json:"flag,string"`
		Text     string  `json:"text,string"`
		PtrNum   *int    `json:"ptr_num,string"`
		Bad      string  `json:"bad\"name"` // not a valid tag name: the field's name is used
	}
	inner struct {
		A int `json:"a"`
		B int
	}
	innerToo struct {
		A int `json:"a"`
		C int
	}
	hidden struct{ Shown int }
	myInt  int
	embeds struct {
		inner          // A (as "a") and B promoted
		*innerToo      // "a" ties with inner's at the same depth: both dropped; C promoted
		hidden         // unexported, but its exported field is promoted
		myInt          // an unexported non-struct: left out
		Own       int  `json:"own"`
		B         bool // shallower than inner.B: wins
	}
	dominated struct {
		inner
		Tagged int `json:"B"` // tagged at depth 0: beats inner.B
	}
	zeroer    struct{ N int }
	omitZeros struct {
		When  time.Time `json:"when,omitzero"`
		Z     zeroer    `json:"z,omitzero"`
		P     *zeroer   `json:"p,omitzero"`
		Plain int       `json:"plain,omitzero"`
	}
	byValue   struct{ X int }
	byPointer struct{ X int }
	holder    struct {
		V byValue   `json:"v"`
		P byPointer `json:"p"`
	}
	textKey struct{ a, b int }
	texter  struct{ s string }
)

func (z zeroer) IsZero() bool                { return z.N == 42 }
func (byValue) MarshalJSON() ([]byte, error) { return []byte(`{"by":"value"}`), nil }
func (*byPointer) MarshalJSON() ([]byte, error) {
	return []byte(` [ 1 , "pointer" ] `), nil
}
func (k textKey) MarshalText() ([]byte, error) { return []byte(fmt.Sprintf("%d-%d", k.a, k.b)), nil }
func (t texter) MarshalText() ([]byte, error)  { return []byte("text:" + t.s), nil }

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

// TestOfWritesWhatEncodingJSONWrites converts each value and compares the
// JSON the engine writes of it with encoding/json's: the same value, and,
// where no key is integer-like (which the engine puts first), the same
// bytes, field order included.
func TestOfWritesWhatEncodingJSONWrites(t *testing.T) {
	one := 1
	var nilPtr *inner
	var nilIface any
	ts := time.Date(2024, 2, 29, 13, 4, 5, 600, time.FixedZone("x", 3600))
	cases := []struct {
		name    string
		x       any
		ordered bool // compare bytes, not only values
	}{
		{"string", "octokit", true},
		{"invalid UTF-8 becomes U+FFFD per byte", "a\xffb\xed\xa0\x80", false}, // encoding/json escapes U+FFFD
		{"bool", true, true},
		{"int64 max, every digit", int64(math.MaxInt64), true},
		{"uint64 max", uint64(math.MaxUint64), true},
		{"negative", -42, true},
		{"float64", 0.1, true},
		{"float64 large", 1e21, true},
		{"float64 small", 1e-7, true},
		{"float64 integral", 123456789.0, true},
		{"float64 denormal", 5e-324, true},
		{"float32 shortest", float32(0.1), true},
		{"float32 large", float32(16777216), true},
		{"nil", nil, true},
		{"nil pointer", nilPtr, true},
		{"pointer", &one, true},
		{"nil interface in a list", []any{nilIface, 1}, true},
		{"tagged struct", tagged{Title: "t", Dash: 2, Untagged: true, private: 3, Count: 7, Ratio: 0.5, Flag: true, Text: "q\"", PtrNum: &one, Bad: "b"}, true},
		{"tagged struct, zero", tagged{}, true},
		{"embedded structs", embeds{inner: inner{1, 2}, innerToo: &innerToo{3, 4}, hidden: hidden{5}, myInt: 6, Own: 7, B: true}, true},
		{"embedded nil pointer", embeds{inner: inner{1, 2}}, true},
		{"tagged field dominates", dominated{inner{1, 2}, 3}, true},
		{"omitzero", omitZeros{}, true},
		{"omitzero with IsZero", omitZeros{When: ts, Z: zeroer{42}, P: &zeroer{42}, Plain: 1}, true},
		{"omitzero kept", omitZeros{Z: zeroer{1}, P: &zeroer{0}}, true},
		{"MarshalJSON by value", byValue{}, true},
		{"MarshalJSON by pointer, not addressable", holder{}, true},
		{"MarshalJSON by pointer, addressable", &holder{}, true},
		{"TextMarshaler", texter{"x"}, true},
		{"time.Time", ts, true},
		{"time.Duration", 90 * time.Second, true},
		{"json.RawMessage", json.RawMessage(`{"raw":[1,2]}`), true},
		{"json.Number", json.Number("1.50"), true},
		{"json.Number empty", json.Number(""), true},
		{"map[string]int", map[string]int{"b": 2, "a": 1}, true},
		{"map[string]any nested", map[string]any{"x": []any{1, "y", map[string]any{"z": nil}}}, true},
		{"map[int]string", map[int]string{10: "ten", 2: "two", -1: "neg"}, false},
		{"map[TextMarshaler]int", map[textKey]int{{1, 2}: 3, {0, 1}: 4}, true},
		{"nil map", map[string]int(nil), true},
		{"nil slice", []int(nil), true},
		{"empty slice", []int{}, true},
		{"[]byte as base64", []byte("hello, world"), true},
		{"[]byte of each length", [][]byte{{}, {1}, {1, 2}, {1, 2, 3}, {0xff, 0xfe, 0xfd, 0xfc}}, true},
		{"[3]byte as numbers", [3]byte{1, 2, 3}, true},
		{"slice of structs", []inner{{1, 2}, {3, 4}}, true},
		{"anonymous struct", struct {
			Owner string `json:"owner"`
			N     int    `json:"n,omitempty"`
		}{Owner: "o"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want, err := json.Marshal(c.x)
			if err != nil {
				t.Fatal(err)
			}
			v, err := Of(c.x)
			if err != nil {
				t.Fatal(err)
			}
			got := core.AppendJSON(nil, v)
			if c.ordered {
				var buf bytes.Buffer
				enc := json.NewEncoder(&buf)
				enc.SetEscapeHTML(false) // the engine writes <, > and & as they are, JSON.stringify's way
				if err := enc.Encode(c.x); err != nil {
					t.Fatal(err)
				}
				if w := bytes.TrimSuffix(buf.Bytes(), []byte("\n")); !bytes.Equal(got, w) {
					t.Errorf("got  %s\nwant %s", got, w)
				}
			}
			if g, w := canonJSON(t, got), canonJSON(t, want); g != w {
				t.Errorf("got  %s\nwant %s", g, w)
			}
		})
	}
}

// A map's integer-like keys come first, in numeric order, as in every
// object of the engine (and of JavaScript); encoding/json sorts them as
// text.
func TestOfPutsIntegerLikeKeysFirst(t *testing.T) {
	v, err := Of(map[int]string{10: "ten", 2: "two", -1: "neg"})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(core.AppendJSON(nil, v)); got != `{"2":"two","10":"ten","-1":"neg"}` {
		t.Errorf("got %s", got)
	}
}

func TestOfTakesAValueWithNothingToConvertAsItIs(t *testing.T) { // D15
	o := core.O("a", 1, "b", core.O("c", "d"))
	v, err := Of(o)
	if err != nil || v.Obj() != o {
		t.Errorf("a *core.Obj with nothing to convert was copied: %v", err)
	}
	// An opaque value From made is converted; the caller's object is not
	// changed.
	type point struct{ X, Y int }
	o2 := core.O("p", point{1, 2}, "n", 1)
	v, err = Of(o2)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(core.AppendJSON(nil, v)); got != `{"p":{"X":1,"Y":2},"n":1}` {
		t.Errorf("got %s", got)
	}
	if p, _ := o2.Get("p"); p.Kind() != core.Opaque {
		t.Error("the caller's object was changed")
	}
}

// Each way a value cannot be written is an error with its code, naming the
// field and, in Go's words, what is wrong.
func TestOfRefusesWhatEncodingJSONCannotWrite(t *testing.T) {
	type node struct {
		Name string `json:"name"`
		Next *node  `json:"next"`
	}
	loop := &node{Name: "a"}
	loop.Next = &node{Name: "b", Next: loop}
	cyclicMap := map[string]any{"a": 1}
	cyclicMap["self"] = cyclicMap
	cyclicSlice := []any{1, nil}
	cyclicSlice[1] = cyclicSlice
	deep := any("leaf")
	for range core.MaxDepth + 1 {
		deep = []any{deep}
	}
	deepText := json.RawMessage(strings.Repeat("[", core.MaxDepth) + strings.Repeat("]", core.MaxDepth))
	cyclicObj := core.O("a", 1)
	cyclicObj.Set("self", core.ObjValue(cyclicObj))
	x := 1
	cases := []struct {
		name  string
		x     any
		code  core.Code
		field string
		says  string
	}{
		{"a channel", map[string]any{"notify": make(chan int)}, core.CodeInvalidParameter, "notify", "encoding/json cannot write a value of type chan int"},
		{"a function", []any{1, func() {}}, core.CodeInvalidParameter, "[1]", "encoding/json cannot write a value of type func()"},
		{"a complex number", struct{ Z complex128 }{1i}, core.CodeInvalidParameter, "Z", "encoding/json cannot write a value of type complex128"},
		{"an unsafe pointer", map[string]any{"p": unsafe.Pointer(&x)}, core.CodeInvalidParameter, "p", "unsafe.Pointer"},
		{"NaN", map[string]float64{"score": math.NaN()}, core.CodeInvalidParameter, "score", "encoding/json cannot write the float64 NaN"},
		{"an infinity", []float32{float32(math.Inf(1))}, core.CodeInvalidParameter, "[0]", "the float32 +Inf"},
		{"a map with struct keys", map[string]any{"m": map[[2]int]int{{1, 2}: 3}}, core.CodeInvalidParameter, "m", "its keys are not strings, integers or encoding.TextMarshalers"},
		{"a cyclic pointer", loop, core.CodeInvalidArgument, "next.next", "a cycle: this *govalue.node holds itself"},
		{"a cyclic map", cyclicMap, core.CodeInvalidArgument, "self", "a cycle"},
		{"a cyclic slice", cyclicSlice, core.CodeInvalidArgument, "[1]", "a cycle"},
		{"a cyclic core object", cyclicObj, core.CodeInvalidArgument, "self", "a cycle"},
		{"nesting deeper than MaxDepth", deep, core.CodeInvalidArgument, "", "nested deeper than 256 levels"},
		{"a MarshalJSON nesting too deep", []any{deepText}, core.CodeInvalidArgument, "[0]", "nested deeper than 256 levels"},
		{"a failing MarshalJSON", map[string]any{"m": failing{}}, core.CodeInvalidParameter, "m", `govalue.failing's MarshalJSON failed: "no token tok_[redacted]"`},
		{"a MarshalJSON writing invalid JSON", map[string]any{"m": json.RawMessage(`{"a":}`)}, core.CodeInvalidParameter, "m", "json.RawMessage's MarshalJSON wrote invalid JSON at offset 5"},
		{"a failing MarshalText", map[string]any{"t": failingText{}}, core.CodeInvalidParameter, "t", "govalue.failingText's MarshalText failed"},
		{"a failing MarshalText of a key", map[failingText]int{{}: 1}, core.CodeInvalidParameter, "value", "the MarshalText of a key of type govalue.failingText failed"},
		{"an io.Reader", map[string]any{"file": strings.NewReader("x")}, core.CodeInvalidParameter, "file", "a *strings.Reader is an io.Reader: a stream can only be the whole body, data"},
		{"an invalid json.Number", []json.Number{"0x10"}, core.CodeInvalidParameter, "[0]", `json.Number "0x10" is not a JSON number`},
		{"an opaque value From made", core.O("hook", make(chan bool)), core.CodeInvalidParameter, "hook", "chan bool"},
		{"an opaque value with no Go value", core.O("blob", core.OpaqueValue(nil, core.ClassBlob)), core.CodeInvalidParameter, "blob", "an opaque value that holds no Go value"},
		{"a NaN Number value", []core.Value{core.Num(math.NaN())}, core.CodeInvalidParameter, "[0]", "encoding/json cannot write the number NaN"},
		{"a nested field", map[string]any{"a": []any{0, map[string]any{"b": func() {}}}}, core.CodeInvalidParameter, "a[1].b", "func()"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Of(c.x)
			var e *core.Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want a *core.Error", err)
			}
			if e.Code != c.code || c.field != "" && e.Field != c.field {
				t.Errorf("code %s, field %q; want %s, %q (%v)", e.Code, e.Field, c.code, c.field, err)
			}
			if !strings.HasPrefix(err.Error(), "endpoint: "+e.Field+": ") || !strings.Contains(err.Error(), c.says) {
				t.Errorf("message %q does not say %q", err, c.says)
			}
			if strings.Contains(err.Error(), "0123456789abcdef") {
				t.Errorf("a credential in the message: %q", err)
			}
		})
	}
}

type (
	failing     struct{}
	failingText struct{}
)

func (failing) MarshalJSON() ([]byte, error) {
	return nil, errors.New("no token tok_0123456789abcdefghij")
}
func (failingText) MarshalText() ([]byte, error) { return nil, errors.New("nope") }

// Up to MaxDepth levels, counting the options object as level 1, is
// allowed, wherever the levels come from (D29).
func TestOptionsAllowsMaxDepthLevels(t *testing.T) {
	nest := func(n int) any { // n levels of lists
		var v any = "leaf"
		for range n {
			v = []any{v}
		}
		return v
	}
	if _, err := Options(map[string]any{"p": nest(core.MaxDepth - 1)}); err != nil {
		t.Errorf("%d levels: %v", core.MaxDepth, err)
	}
	if _, err := Options(map[string]any{"p": nest(core.MaxDepth)}); !errors.Is(err, core.ErrInvalidArgument) {
		t.Errorf("%d levels: %v", core.MaxDepth+1, err)
	}
	raw := func(n int) json.RawMessage {
		return json.RawMessage(strings.Repeat("[", n) + strings.Repeat("]", n))
	}
	if _, err := Options(map[string]any{"p": raw(core.MaxDepth - 1)}); err != nil {
		t.Errorf("%d levels from MarshalJSON: %v", core.MaxDepth, err)
	}
	if _, err := Options(map[string]any{"p": raw(core.MaxDepth)}); !errors.Is(err, core.ErrInvalidArgument) {
		t.Errorf("%d levels from MarshalJSON: %v", core.MaxDepth+1, err)
	}
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
		{"a named string type", json.Number("1"), func(v core.Value) bool { return v.Kind() == core.Number }},
		{"[]byte", bin, func(v core.Value) bool {
			ref, class := v.Ref()
			b, ok := ref.([]byte)
			return class == core.ClassBinary && ok && &b[0] == &bin[0]
		}},
		{"an io.Reader", r, func(v core.Value) bool { ref, class := v.Ref(); return class == core.ClassStream && ref == r }},
		{"a struct", payload{"x"}, func(v core.Value) bool { return string(core.AppendJSON(nil, v)) == `{"name":"x"}` }},
		{"a pointer to a string, as JSON", &text, func(v core.Value) bool { return v.Kind() == core.String && v.Text() == "caf\ufffd" }},
		{"json.RawMessage, as JSON", json.RawMessage(`[1]`), func(v core.Value) bool { return v.Kind() == core.Array }},
		{"a core.Value", core.OpaqueValue(bin, core.ClassBinary), func(v core.Value) bool { return v.Kind() == core.Opaque }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, p := range []any{params{Owner: "o", Data: c.data}, map[string]any{"owner": "o", "data": c.data}, core.O("owner", "o", "data", c.data)} {
				o, err := Options(p)
				if err != nil {
					t.Fatal(err)
				}
				if v, _ := o.Get("data"); !c.check(v) {
					t.Errorf("%T: data became %s", p, core.AppendJSON(nil, v))
				}
			}
		})
	}
	// A bytes.Buffer field of a struct given by pointer reads through its
	// address, as encoding/json would call its pointer's methods.
	withBuffer := &struct {
		Data bytes.Buffer `json:"data"`
	}{}
	withBuffer.Data.WriteString("buffered")
	o, err := Options(withBuffer)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := o.Get("data"); v.Kind() != core.Opaque {
		t.Errorf("a bytes.Buffer as data became %s", core.AppendJSON(nil, v))
	} else if r, _ := v.Ref(); r != &withBuffer.Data {
		t.Errorf("a bytes.Buffer as data is %T, not the buffer's address", r)
	}
	o, err = Options(params{Owner: "o", Request: hook})
	if err != nil {
		t.Fatal(err)
	}
	v, _ := o.Get("request")
	if ref, _ := v.Ref(); reflect.ValueOf(ref).Pointer() != reflect.ValueOf(hook).Pointer() {
		t.Error("request is not the caller's, by reference")
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
		if got := canonJSON(t, core.AppendJSON(nil, core.ObjValue(o))); got != canonJSON(t, []byte(want)) {
			t.Errorf("%T: got %s", p, got)
		}
	}
	for _, p := range []any{nil, (*params)(nil), map[string]any(nil), (*core.Obj)(nil), core.NullValue()} {
		if o, err := Options(p); o != nil || err != nil {
			t.Errorf("%#v: %v %v, want no options", p, o, err)
		}
	}
}

// Options that are not an object, or a member that cannot be written, are
// errors; a member of an option that is not a parameter is
// ERR_INVALID_ARGUMENT.
func TestOptionsRefusesWhatIsNotAnObjectOrCannotBeWritten(t *testing.T) {
	cases := []struct {
		name   string
		x      any
		code   core.Code
		field  string
		inText string
	}{
		{"a number", 42, core.CodeInvalidArgument, "options", "must be a struct, a map with string keys or a *core.Obj, not a int"},
		{"a slice", []string{"a"}, core.CodeInvalidArgument, "options", "not a []string"},
		{"a map with int keys", map[int]int{1: 2}, core.CodeInvalidArgument, "", ""}, // an object: checked, no error
		{"a string Value", core.Str("x"), core.CodeInvalidArgument, "options", "must be an object"},
		{"a parameter", map[string]any{"labels": []any{"a", func() {}}}, core.CodeInvalidParameter, "labels[1]", "func()"},
		{"a header", map[string]any{"headers": map[string]any{"x-hook": func() {}}}, core.CodeInvalidArgument, "headers.x-hook", "func()"},
		{"data", map[string]any{"data": map[string]any{"c": make(chan int)}}, core.CodeInvalidArgument, "data.c", "chan int"},
		{"a struct's field", struct {
			Hook func() `json:"hook"`
		}{}, core.CodeInvalidParameter, "hook", "func()"},
		{"in a *core.Obj", core.O("mediaType", core.O("format", make(chan int))), core.CodeInvalidArgument, "mediaType.format", "chan int"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Options(c.x)
			if c.field == "" {
				if err != nil {
					t.Errorf("got %v", err)
				}
				return
			}
			var e *core.Error
			if !errors.As(err, &e) || e.Code != c.code || e.Field != c.field || !strings.Contains(err.Error(), c.inText) {
				t.Errorf("got %v (%#v), want %s at %q saying %q", err, e, c.code, c.field, c.inText)
			}
		})
	}
}

// Body sends a string, bytes and a stream as they are, anything else as
// JSON, and nothing when there is no body.
func TestBodySendsStringsBytesAndStreamsAsTheyAreAndTheRestAsJSON(t *testing.T) {
	type issue struct {
		Title string `json:"title"`
	}
	stream := strings.NewReader("s")
	cases := []struct {
		name string
		body core.Value
		want string // "" with nilBody: no body
		same io.Reader
	}{
		{"none", core.Value{}, "", nil},
		{"a string, as it is", core.Str(`{"not":"re-encoded"}`), `{"not":"re-encoded"}`, nil},
		{"bytes, as they are", core.From([]byte{'h', 'i'}), "hi", nil},
		{"a stream, itself", core.From(stream), "", stream},
		{"an object, as JSON", core.ObjValue(core.O("title", "t", "n", 1)), `{"title":"t","n":1}`, nil},
		{"a struct From left opaque, as JSON", core.From(issue{"t"}), `{"title":"t"}`, nil},
		{"a struct in an object, as JSON", core.ObjValue(core.O("issue", issue{"t"})), `{"issue":{"title":"t"}}`, nil},
		{"null", core.NullValue(), "null", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := Body(&core.Request{Body: c.body})
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case c.same != nil:
				if r != c.same {
					t.Errorf("got %v, want the stream itself", r)
				}
			case c.body.Kind() == core.Undefined:
				if r != nil {
					t.Errorf("got %v, want nil", r)
				}
			default:
				b, _ := io.ReadAll(r)
				if string(b) != c.want {
					t.Errorf("got %q, want %q", b, c.want)
				}
			}
		})
	}
	_, err := Body(&core.Request{Body: core.ObjValue(core.O("notify", make(chan int)))})
	if !errors.Is(err, core.ErrInvalidParameter) || !strings.Contains(err.Error(), "notify: encoding/json cannot write a value of type chan int") {
		t.Errorf("a channel in a body: %v", err)
	}
}

func TestDescribeNamesTheGoType(t *testing.T) {
	type filter struct{ State string }
	engine := core.NewError(core.CodeInvalidParameter, "filter", "filter: an object has no query-string encoding")
	cases := []struct {
		params any
		err    error
		want   string
	}{
		{map[string]any{"filter": filter{}}, engine, "endpoint: filter: an object has no query-string encoding (filter is a govalue.filter)"},
		{map[string]any{"filter": &filter{}}, engine, "(filter is a *govalue.filter)"},
		{struct {
			F []any `json:"filter"`
		}{}, engine, "(filter is a []interface {})"},
		{core.O("filter", filter{}), engine, "(filter is a govalue.filter)"},
		{map[string]any{"filter": "a string"}, engine, "encoding\x00"}, // not a struct, map, slice or array: as it was
		{map[string]any{"filter": filter{}}, core.ErrInvalidRoute, "encoding\x00"},
	}
	for _, c := range cases {
		got := Describe(c.err, c.params)
		if c.want == "encoding\x00" {
			if got != c.err {
				t.Errorf("%#v: changed to %v", c.params, got)
			}
			continue
		}
		if !strings.Contains(got.Error(), c.want) || !errors.Is(got, core.ErrInvalidParameter) {
			t.Errorf("%#v: got %v, want %q", c.params, got, c.want)
		}
	}
}
