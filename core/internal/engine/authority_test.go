package engine

import "testing"

// An authority ends where WHATWG URL parsers end an http(s) url's: at "/",
// "\", "?", "#", white space or a control character; and its host follows
// the last "@" before that (D37). Every byte is tried inside userinfo, so
// that the one reader and this definition cannot part.
func TestAnAuthorityEndsWhereURLParsersEndIt(t *testing.T) { // D37
	for c := range 256 {
		u := "https://us" + string([]byte{byte(c)}) + "r@h.example/x"
		want := authority{start: 8, host: 13, port: 22, end: 22} // h.example, after the last "@"
		if c == '/' || c == '\\' || c == '?' || c == '#' || c <= ' ' || c == 0x7f {
			want = authority{start: 8, host: 8, port: 10, end: 10} // "us", with no "@"
		}
		if got := readAuthority(u, len("https:")); got != want {
			t.Errorf("byte %#02x: %+v, want %+v", c, got, want)
		}
	}
}
