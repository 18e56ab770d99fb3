package engine

import (
	"errors"
	"strings"
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

// The names nearly every call sends are checked and lower-cased as any
// other name is (D22), and so are names of the same lengths that differ
// from them by a letter's case or by a character that no token holds.
func TestCommonHeaderNamesAreCheckedAsAnyOther(t *testing.T) { // D22
	for _, name := range []string{
		"accept", "Accept", "accepT", "accep ", "acce\x00t",
		"user-agent", "User-Agent", "user agent", "user-agenT", "user/agent",
		"content-type", "Content-Type", "content type", "content-typ\n",
		"authorization", "Authorization", "authorizatioN", "authorizatio@", "authori:ation",
	} {
		r, err := Endpoint("GET /user", O("headers", O(name, "v")))
		lower := string(appendLowerASCII(nil, name))
		if !isTokenByHand(name) {
			if !errors.Is(err, ErrInvalidHeader) {
				t.Errorf("%q: got %v, want ErrInvalidHeader", name, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", name, err)
			continue
		}
		if v, ok := r.Headers.Get(lower); !ok || v.text() != "v" {
			t.Errorf("%q: headers %v, want %q: v", name, r.Headers, lower)
		}
	}
}

// isTokenByHand is RFC 9110's token, byte by byte.
func isTokenByHand(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
			return false
		}
	}
	return s != ""
}
