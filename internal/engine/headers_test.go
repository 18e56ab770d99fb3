package engine

import (
	"errors"
	"testing"
)

// TestEveryCallChecksTheHeadersItSends: a header value that holds CR, LF
// or NUL is refused wherever it comes from, whatever checked it before:
// set into merged options that a merge returned (and so checked), into a
// layer's defaults after the layer was made, or under a name that is not a
// token (D22).
func TestEveryCallChecksTheHeadersItSends(t *testing.T) {
	layer, err := New().Defaults(O("headers", O("User-Agent", "u", "x-n", 1, "x-null", nil)))
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"a\r\nx-evil: 1", "a\nb", "a\x00"} {
		m, err := layer.Merge("GET /user", O("headers", O("x-trace", "abc")))
		if err != nil {
			t.Fatal(err)
		}
		h, _ := m.Get("headers")
		h.obj().Set("x-trace", Str(bad))
		if _, err := New().Merge("", m); !errors.Is(err, ErrInvalidHeader) {
			t.Errorf("merge of merged options holding %q: got %v", bad, err)
		}
		if _, err := Parse(m); !errors.Is(err, ErrInvalidHeader) {
			t.Errorf("parse of merged options holding %q: got %v", bad, err)
		}
		lh, _ := layer.defaults.Get("headers")
		was, _ := lh.obj().Get("user-agent")
		lh.obj().Set("user-agent", Str(bad))
		if _, err := layer.Endpoint("GET /user", nil); !errors.Is(err, ErrInvalidHeader) {
			t.Errorf("a call on a layer whose header became %q: got %v", bad, err)
		}
		lh.obj().Set("user-agent", was)
	}
	m, err := New().Merge("GET /user", O("headers", O("x-trace", "abc")))
	if err != nil {
		t.Fatal(err)
	}
	checked, _ := m.Get("headers")
	checked, _ = checked.obj().Get("x-trace")
	h := NewObj(1)
	h.Append("bad name", checked)
	m.Set("headers", ObjValue(h))
	if _, err := New().Merge("", m); !errors.Is(err, ErrInvalidHeader) {
		t.Fatalf("a checked value under a name that is no token: got %v", err)
	}
}
