package govalue

import (
	"encoding/json"
	"errors"
	"fmt"
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
	meta struct {
		Hook any `json:"hook"`
	}
	withEmbedded struct {
		meta
		Name string
	}
	node struct {
		Name string `json:"name"`
		Next *node  `json:"next"`
	}
	failing     struct{}
	failingText struct{}
	rawText     string
	byPointer   struct{}
	holder      struct {
		P byPointer `json:"p"`
	}
)

func (failing) MarshalJSON() ([]byte, error) {
	return nil, errors.New("no token tok_0123456789abcdefghij")
}
func (failingText) MarshalText() ([]byte, error) { return nil, errors.New("nope") }
func (r rawText) MarshalJSON() ([]byte, error)   { return []byte(r), nil }
func (*byPointer) MarshalJSON() ([]byte, error)  { return []byte(`{"a":[1,func]}`), nil }

// Marshal writes what encoding/json writes, but for <, > and &, which it
// leaves as JSON.stringify does.
func TestMarshalWritesWhatEncodingJSONWritesWithHTMLCharactersAsTheyAre(t *testing.T) {
	cases := []struct {
		x    any
		want string
	}{
		{issue{Title: "a <b> & c", Labels: []any{"bug", 1}}, `{"title":"a <b> & c","labels":["bug",1]}`},
		{map[string]any{"b": []byte("hi"), "a": json.Number("1.50"), "t": time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)}, `{"a":1.50,"b":"aGk=","t":"2024-01-02T03:04:05Z"}`},
		{map[int]string{10: "ten", 2: "two"}, `{"10":"ten","2":"two"}`},
		{[]any{nil, uint64(math.MaxUint64), float32(0.1)}, `[null,18446744073709551615,0.1]`},
		{"a\xffb", `"a\ufffdb"`}, // invalid UTF-8 replaced, as encoding/json does
	}
	for _, c := range cases {
		got, err := Marshal(c.x, 1, 256)
		if err != nil || string(got) != c.want {
			t.Errorf("%#v: got %s, %v; want %s", c.x, got, err, c.want)
		}
	}
}

// What encoding/json cannot write is an Error naming the field at fault,
// with encoding/json's reason; a cycle is TooDeep (D29).
func TestMarshalNamesTheFieldEncodingJSONCannotWrite(t *testing.T) {
	loop := &node{Name: "a"}
	loop.Next = &node{Name: "b", Next: loop}
	cyclicMap := map[string]any{"a": 1}
	cyclicMap["self"] = cyclicMap
	cyclicSlice := []any{1, nil}
	cyclicSlice[1] = cyclicSlice
	cases := []struct {
		name    string
		x       any
		field   string
		tooDeep bool
		reason  string
	}{
		{"a channel", map[string]any{"notify": make(chan int)}, "notify", false, "encoding/json cannot write a value of type chan int"},
		{"a function in a list in a struct", issue{Labels: []any{"a", "b", func() {}}}, "labels[2]", false, "encoding/json cannot write a value of type func()"},
		{"a function in an embedded struct's field", withEmbedded{meta: meta{Hook: func() {}}}, "hook", false, "encoding/json cannot write a value of type func()"},
		{"a complex number, the value itself", 1i, "", false, "encoding/json cannot write a value of type complex128"},
		{"NaN", map[string]float64{"score": math.NaN()}, "score", false, "json: unsupported value: NaN"},
		{"an infinity", []float32{float32(math.Inf(1))}, "[0]", false, "json: unsupported value: +Inf"},
		{"a map with struct keys", map[string]any{"m": map[[2]int]int{{1, 2}: 3}}, "m", false, "encoding/json cannot write a value of type map[[2]int]int"},
		{"a cyclic pointer", loop, "next.next", true, "a cycle: this *govalue.node holds itself"},
		{"a cyclic map", cyclicMap, "self", true, "a cycle: this map[string]interface {} holds itself"},
		{"a cyclic slice", cyclicSlice, "[1]", true, "a cycle: this []interface {} holds itself"},
		{"a failing MarshalJSON", map[string]any{"m": failing{}}, "m", false, "json: error calling MarshalJSON for type govalue.failing: no token tok_0123456789abcdefghij"},
		{"a MarshalJSON writing invalid JSON", []any{0, rawText(`{"a":}`)}, "[1]", false, "json: error calling MarshalJSON for type govalue.rawText: invalid character '}' looking for beginning of value"},
		{"a pointer's MarshalJSON on an addressable field", &holder{}, "p", false, "json: error calling MarshalJSON for type *govalue.byPointer: invalid character 'u' in literal false (expecting 'a')"},
		{"a failing MarshalText", map[string]any{"t": failingText{}}, "t", false, "json: error calling MarshalText for type govalue.failingText: nope"},
		{"a failing MarshalText of a key", map[string]any{"k": map[failingText]int{{}: 1}}, "k", false, `json: encoding error for type "map[govalue.failingText]int": "nope"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text, err := Marshal(c.x, 1, 256)
			if err == nil {
				t.Fatalf("wrote %s", text)
			}
			if err.Field != c.field || err.TooDeep != c.tooDeep || err.Reason != c.reason {
				t.Errorf("got %q, %v, %q\nwant %q, %v, %q", err.Field, err.TooDeep, err.Reason, c.field, c.tooDeep, c.reason)
			}
		})
	}
}

// levels arrays and objects are allowed, wherever they come from, and one
// more is TooDeep, naming where the level too many opens (D29).
func TestMarshalRefusesNestingPastTheLevelsAllowed(t *testing.T) {
	nest := func(n int) any { // n levels: {"a":[...]}
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
	for _, x := range []any{nest(5), raw(5), []any{nest(4)}, map[string]any{"x": raw(4)}} {
		if text, err := Marshal(x, 1, 5); err != nil {
			t.Errorf("%s: %v", text, err)
		}
	}
	cases := []struct {
		x     any
		field string
	}{
		{nest(6), "a[0].a[0].a"},
		{raw(6), "[0][0][0][0][0]"},
		{map[string]any{"x": []any{1, nest(4)}}, "x[1].a[0].a"},
	}
	for _, c := range cases {
		text, err := Marshal(c.x, 1, 5)
		if err == nil || err.Field != c.field || !err.TooDeep || err.Reason != "nested deeper than 5 levels" {
			t.Errorf("%v: got %s, %+v; want %q too deep", c.x, text, err, c.field)
		}
	}
}

// A value nested far deeper than allowed, given as a Go value, is refused
// as encoding/json writes it, once: a cost in proportion to the value.
func TestMarshalRefusesAValueAMillionLevelsDeep(t *testing.T) {
	var v any = 1
	for range 1_000_000 {
		v = []any{v}
	}
	_, err := Marshal(v, 1, 256)
	if err == nil || !err.TooDeep || err.Field != strings.Repeat("[0]", 256) {
		t.Errorf("got %+v", err)
	}
}

func ExampleMarshal() {
	_, err := Marshal(map[string]any{"labels": []any{"bug", func() {}}}, 1, 256)
	fmt.Println(err)
	// Output: labels[1]: encoding/json cannot write a value of type func()
}

// counted counts the calls of its MarshalJSON.
type counted struct{ calls *int }

func (c counted) MarshalJSON() ([]byte, error) {
	*c.calls++
	return []byte("1"), nil
}

// Finding the field of a refused value gives encoding/json each value it
// holds once more, however deep the field: the cost stays in proportion to
// the value.
func TestMarshalFindsAFieldWritingEachValueAtMostTwice(t *testing.T) {
	calls := 0
	const levels, siblings = 100, 50
	var v any = func() {}
	for range levels {
		l := make([]any, 0, siblings+1)
		for range siblings {
			l = append(l, counted{&calls})
		}
		v = append(l, v)
	}
	_, err := Marshal(v, 1, 256)
	if err == nil || err.Field != strings.Repeat("[50]", levels) {
		t.Fatalf("got %+v", err)
	}
	if calls > 2*levels*siblings {
		t.Errorf("%d calls of MarshalJSON for %d values", calls, levels*siblings)
	}
}
