package govalue

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"time"
)

type (
	issue struct {
		Title  string    `json:"title"`
		Body   string    `json:"body,omitempty"`
		Labels []any     `json:"labels,omitempty"`
		Skip   func()    `json:"-"`
		Due    time.Time `json:"due,omitzero"`
	}
	node struct {
		Name string `json:"name"`
		Next *node  `json:"next"`
	}
	hidden struct {
		next *hidden // unexported: encoding/json never follows it
		Name string
	}
	rawText string
	failing struct{}
)

func (r rawText) MarshalJSON() ([]byte, error) { return []byte(r), nil }
func (failing) MarshalJSON() ([]byte, error)   { return nil, errors.New("no") }

// Marshal writes what encoding/json writes, but for <, > and &, which it
// leaves as JSON.stringify does.
func TestMarshalWritesWhatEncodingJSONWritesWithHTMLCharactersAsTheyAre(t *testing.T) {
	self := &hidden{Name: "a"}
	self.next = self
	for _, x := range []any{
		issue{Title: "a <b> & c", Labels: []any{"bug", 1}},
		map[string]any{"b": []byte("hi"), "a": json.Number("1.50"), "t": time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)},
		map[int]string{10: "ten", 2: "two"},
		[]any{nil, uint64(math.MaxUint64), float32(0.1)},
		"a\xffb",
		self,
	} {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(x); err != nil {
			t.Fatal(err)
		}
		got, err := Marshal(x, 256)
		if err != nil || string(got)+"\n" != want.String() {
			t.Errorf("%#v: got %s, %v; want %s", x, got, err, want.String())
		}
	}
	if got, _ := Marshal("<p>&", 0); string(got) != `"<p>&"` {
		t.Errorf("got %s", got)
	}
}

// What encoding/json refuses is its own error, as it gave it.
func TestMarshalReturnsEncodingJSONsErrors(t *testing.T) {
	var unsupportedType *json.UnsupportedTypeError
	var unsupportedValue *json.UnsupportedValueError
	var marshaler *json.MarshalerError
	for _, c := range []struct {
		name   string
		x      any
		target any
	}{
		{"a function", map[string]any{"hook": func() {}}, &unsupportedType},
		{"a channel", []any{make(chan int)}, &unsupportedType},
		{"a complex number", 1i, &unsupportedType},
		{"NaN", map[string]float64{"score": math.NaN()}, &unsupportedValue},
		{"an infinity", []float32{float32(math.Inf(1))}, &unsupportedValue},
		{"a failing MarshalJSON", []any{failing{}}, &marshaler},
		{"a MarshalJSON writing what is not JSON", rawText("123n"), &marshaler},
	} {
		_, err := Marshal(c.x, 256)
		if !errors.As(err, c.target) || errors.Is(err, ErrTooDeep) {
			t.Errorf("%s: got %v (%T)", c.name, err, err)
		}
	}
}

// The text may have levels levels of arrays and objects, wherever they
// come from, and no more (D29).
func TestMarshalRefusesTextNestedPastTheLevelsAllowed(t *testing.T) {
	nest := func(n int) any { // n levels: [{"a":[...]}]
		var v any = "leaf"
		for i := range n {
			if i%2 == 0 {
				v = []any{v}
			} else {
				v = map[string]any{"a": v}
			}
		}
		return v
	}
	raw := func(n int) rawText { return rawText(strings.Repeat("[", n) + strings.Repeat("]", n)) }
	for _, x := range []any{nest(5), raw(5), []any{nest(4)}, map[string]any{"x": raw(4)}, rawText(`["[[[[[["]`)} {
		if text, err := Marshal(x, 5); err != nil {
			t.Errorf("%#v: %s, %v", x, text, err)
		}
	}
	for _, x := range []any{nest(6), raw(6), map[string]any{"x": []any{1, nest(4)}}} {
		if text, err := Marshal(x, 5); err != ErrTooDeep {
			t.Errorf("%#v: got %s, %v; want ErrTooDeep", x, text, err)
		}
	}
}

// A Go value encoding/json would follow without end, or until its stack
// overflowed and killed the program, is ErrTooDeep before encoding/json
// sees it.
func TestMarshalRefusesGoValuesTooDeepForEncodingJSON(t *testing.T) {
	loop := &node{Name: "a"}
	loop.Next = &node{Name: "b", Next: loop}
	cyclicMap := map[string]any{"a": 1}
	cyclicMap["self"] = cyclicMap
	cyclicSlice := []any{1, nil}
	cyclicSlice[1] = cyclicSlice
	var pointers any = "v"
	for range 1_000_000 {
		p := pointers
		pointers = &p
	}
	var lists any = 1
	for range 1_000_000 {
		lists = []any{lists}
	}
	for name, x := range map[string]any{"a cyclic pointer": loop, "a cyclic map": cyclicMap, "a cyclic slice": cyclicSlice,
		"a million pointers": pointers, "a million lists": lists} {
		if _, err := Marshal(x, 256); err != ErrTooDeep {
			t.Errorf("%s: got %v, want ErrTooDeep", name, err)
		}
	}
}
