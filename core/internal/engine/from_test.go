package engine

import (
	"math"
	"strings"
	"testing"
)

// From keeps every digit of a Go integer, as encoding/json writes it: a Go
// int64 is exact, and rounding it as a JavaScript number would change an
// id. A float32 has the digits encoding/json gives it, not its float64's.
func TestFromWritesGoNumbersAsEncodingJSONDoes(t *testing.T) {
	cases := []struct {
		x    any
		want string
	}{
		{int64(math.MaxInt64), "9223372036854775807"},
		{int64(math.MinInt64), "-9223372036854775808"},
		{uint64(math.MaxUint64), "18446744073709551615"},
		{1<<53 + 1, "9007199254740993"},
		{uint(7), "7"},
		{int8(-8), "-8"},
		{float32(0.1), "0.1"},
		{float32(16777216), "16777216"},
		{float32(1e-7), "1e-7"},
		{0.1, "0.1"},
		{1e21, "1e+21"},
	}
	for _, c := range cases {
		v := From(c.x)
		if v.Kind() != Number || v.Text() != c.want {
			t.Errorf("From(%T %v) = %v %q, want %q", c.x, c.x, v.Kind(), v.Text(), c.want)
		}
	}
	r, err := Endpoint("GET /x/{id}", O("id", int64(math.MaxInt64), "n", uint64(math.MaxUint64)))
	if err != nil || r.URL != "https://api.github.com/x/9223372036854775807?n=18446744073709551615" {
		t.Errorf("got %v %v", r, err)
	}
}

func TestOptionNamesAreNotParametersAndEveryOtherKeyIs(t *testing.T) { // D15
	for _, k := range []string{"method", "url", "baseUrl", "headers", "mediaType", "data", "request"} {
		if IsParameter(k) {
			t.Errorf("%s is an option", k)
		}
	}
	for _, k := range []string{"owner", "Data", "base_url", "", "__proto__"} {
		if !IsParameter(k) {
			t.Errorf("%q is a parameter", k)
		}
	}
}

func TestRedactCutsARunThatLooksLikeATokenToItsFirstFourCharacters(t *testing.T) { // D23
	if got := Redact("token 0123456789abcdefghij and more"); got != "token 0123[redacted] and more" {
		t.Errorf("got %q", got)
	}
	// Where the text is shortened in the middle of a token, the token is
	// judged whole: its head alone would not look like one.
	for _, n := range []int{183, 190, 195} {
		long := strings.Repeat("a", n) + "/ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8/{a"
		want := strings.Repeat("a", n) + "/ghp_[redacted]"
		if got, want := Redact(long), want[:min(len(want), 200)]+"..."; got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

// A cyclic map or slice is converted as far as MaxDepth, and is the
// caller's opaque value past it, so that converting it ends rather than
// overflowing the stack (D29); where the engine must read it, it is an error.
func TestFromOfACyclicMapOrSliceEnds(t *testing.T) { // D29
	m := map[string]any{"a": 1}
	m["self"] = m
	s := []any{"x", nil}
	s[1] = s
	for _, v := range []any{m, s} {
		if _, err := Endpoint("GET /x", O("q", v)); err == nil {
			t.Errorf("%T: a cyclic value in a query string gave no error", v)
		}
	}
	deep := From(m)
	for i := 0; i < MaxDepth-1; i++ {
		deep, _ = deep.Obj().Get("self")
	}
	if deep.Kind() != Object {
		t.Fatalf("converted to depth %d: %v", MaxDepth, deep.Kind())
	}
	if past, _ := deep.Obj().Get("self"); past.Kind() != Opaque {
		t.Errorf("past MaxDepth: %v, want the caller's opaque value", past.Kind())
	}
}
