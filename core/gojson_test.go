//go:build !(js && wasm)

package core

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"time"
)

type goIssue struct {
	Title  string    `json:"title"`
	Labels []any     `json:"labels,omitempty"`
	Secret string    `json:"-"`
	Due    time.Time `json:"due,omitzero"`
}

// BodyBytes writes a Go value From left opaque, wherever it is in the body,
// as encoding/json writes it (D18, D19): struct tags, []byte as base64,
// map keys sorted.
func TestBodyBytesWritesGoValuesAsEncodingJSONWritesThem(t *testing.T) {
	for _, c := range []struct {
		name    string
		options *Obj
		want    string
	}{
		{"plain values", O("title", "c", "labels", []string{"bug"}, "n", O("a", 1)), `{"title":"c","labels":["bug"],"n":{"a":1}}`},
		{"a struct as data", O("data", goIssue{Title: "c", Secret: "s"}), `{"title":"c"}`},
		{"a struct as a parameter", O("issue", goIssue{Title: "c", Due: time.Date(2025, 1, 2, 0, 0, 0, 0, time.UTC)}), `{"issue":{"title":"c","due":"2025-01-02T00:00:00Z"}}`},
		{"bytes inside the body, as base64", O("content", []byte("hi")), `{"content":"aGk="}`},
		{"a map of other types, keys sorted", O("m", map[string]int{"b": 2, "a": 1}), `{"m":{"a":1,"b":2}}`},
		{"a pointer to a struct in a list", O("list", []any{1, &goIssue{Title: "<p>"}}), `{"list":[1,{"title":"<p>"}]}`},
	} {
		c.options.Set("owner", From("o")) // used up by the url (D13)
		c.options.Set("repo", From("r"))
		r, err := New().Endpoint("POST /repos/{owner}/{repo}/issues", c.options)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if b, err := r.BodyBytes(); err != nil || string(b) != c.want {
			t.Errorf("%s: %s, %v; want %s", c.name, b, err, c.want)
		}
	}
}

// What encoding/json cannot write is an *Error naming the member of the
// body it is, that wraps encoding/json's error, never null in its place
// (D28).
func TestBodyBytesRefusesWhatEncodingJSONCannotWriteNamingTheMember(t *testing.T) {
	var unsupportedType *json.UnsupportedTypeError
	var unsupportedValue *json.UnsupportedValueError
	var marshaler *json.MarshalerError
	for _, c := range []struct {
		name    string
		options *Obj
		field   string
		target  any
	}{
		{"a function in a Go list", O("issue", goIssue{Labels: []any{"a", "b", func() {}}}), "body.issue", &unsupportedType},
		{"a function in a core list", O("list", []any{1, func() {}}), "body.list[1]", &unsupportedType},
		{"a NaN inside a Go map as data", O("data", map[string]float64{"score": math.NaN()}), "body", &unsupportedValue},
		{"a failing MarshalJSON", O("x", leaky{}), "body.x", &marshaler},
	} {
		r, err := New().Endpoint("POST /x", c.options)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		b, err := r.BodyBytes()
		var e *Error
		if !errors.Is(err, ErrInvalidParameter) || !errors.As(err, &e) || e.Field != c.field || !strings.HasPrefix(err.Error(), "endpoint: "+c.field+": ") || b != nil {
			t.Errorf("%s: %q, %v\nwant %s naming %s", c.name, b, err, ErrInvalidParameter.Code, c.field)
		} else if !errors.As(err, c.target) {
			t.Errorf("%s: %v wraps %T, not %T", c.name, err, e.Err, c.target)
		}
	}
	// The message redacts a credential a MarshalJSON's error quotes (D23).
	r, _ := New().Endpoint("POST /x", O("x", leaky{}))
	if _, err := r.BodyBytes(); strings.Contains(err.Error(), "ghp_abc") || !strings.Contains(err.Error(), "ghp_[redacted]") || !errors.Is(err, errLeaky) {
		t.Errorf("got %v", err)
	}
}

// What else JSON cannot hold is an *Error of the engine's naming the
// member: ERR_INVALID_PARAMETER, or ERR_INVALID_ARGUMENT for a value too
// deep or cyclic (D28, D29).
func TestBodyBytesRefusesWhatJSONCannotHoldNamingTheMember(t *testing.T) {
	type node struct {
		Next *node `json:"next"`
	}
	loop := &node{}
	loop.Next = loop
	type nest []any // not a []any: From leaves it opaque, for encoding/json
	deep := any("leaf")
	for range MaxDepth + 1 {
		deep = nest{deep}
	}
	for _, c := range []struct {
		name    string
		options *Obj
		err     *Error
		message string
	}{
		{"a NaN Number value", O("score", math.NaN()), ErrInvalidParameter, "endpoint: body.score: JSON has no number NaN"},
		{"a stream inside the body (D19)", O("file", strings.NewReader("x")), ErrInvalidParameter, "endpoint: body.file: a stream can only be the whole body, data"},
		{"a cycle (D29)", O("head", loop), ErrInvalidArgument, "endpoint: body.head: nested deeper than 256 levels, or cyclic"},
		{"nesting deeper than MaxDepth (D29)", O("data", deep), ErrInvalidArgument, "endpoint: body: nested deeper than 256 levels, or cyclic"},
	} {
		r, err := New().Endpoint("POST /x", c.options)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		b, err := r.BodyBytes()
		var e *Error
		if !errors.Is(err, c.err) || err.Error() != c.message || !errors.As(err, &e) || e.Err != nil || b != nil {
			t.Errorf("%s: %q, %v\nwant %s %q", c.name, b, err, c.err.Code, c.message)
		}
	}
	// MaxDepth levels are allowed.
	r, _ := New().Endpoint("POST /x", O("data", deep.(nest)[0]))
	if _, err := r.BodyBytes(); err != nil {
		t.Errorf("%d levels: %v", MaxDepth, err)
	}
}

type leaky struct{}

var errLeaky = errors.New("bad token ghp_abcdefghijklmnopqrstuvwxyz0123456789")

func (leaky) MarshalJSON() ([]byte, error) { return nil, errLeaky }

// A stream given as data is sent as it is: BodyBytes has no bytes for it.
func TestBodyBytesHasNoBytesForAStreamAsData(t *testing.T) { // D19
	r, err := New().Endpoint("POST /x", O("data", strings.NewReader("x")))
	if err != nil {
		t.Fatal(err)
	}
	if b, err := r.BodyBytes(); b != nil || err != nil {
		t.Errorf("a reader as data: %q, %v", b, err)
	}
}

// A core.Value or *core.Obj inside a Go value is written by its
// MarshalJSON as the body is; a Go value From left opaque inside it is
// refused, since writing it would call encoding/json again, without end
// for a value that holds itself.
func TestBodyBytesWritesCoreValuesInsideGoValues(t *testing.T) {
	type values []any // not a []any: From leaves it opaque, for encoding/json
	r, err := New().Endpoint("POST /x", O("data", values{From("a"), O("b", 1, "c", []any{true}), (*Obj)(nil)}))
	if err != nil {
		t.Fatal(err)
	}
	if b, err := r.BodyBytes(); err != nil || string(b) != `["a",{"b":1,"c":[true]},null]` {
		t.Errorf("%s, %v", b, err)
	}
	r, err = New().Endpoint("POST /x", O("data", values{1, O("p", goIssue{})}))
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.BodyBytes()
	var e, inner *Error
	var m *json.MarshalerError
	if !errors.Is(err, ErrInvalidParameter) || !errors.As(err, &e) || e.Field != "body" || !errors.As(err, &m) || !errors.As(m.Err, &inner) || inner.Field != "value.p" || b != nil {
		t.Errorf("%q, %v; want the error of the *Obj's MarshalJSON naming value.p", b, err)
	}
}
