package engine

import (
	"strings"
	"testing"
)

// wordsByDefinition splits route at white space (D6), ASCII's or
// Unicode's, the definition routeWords must agree with, its shortcut for
// the usual route included.
func wordsByDefinition(route string) []string { return strings.Fields(route) }

func TestRouteWordsAgreeWithSplittingAtWhiteSpace(t *testing.T) { // D6
	for _, route := range []string{
		"GET /repos/{owner}/{repo}", "GET  /x", " GET /x", "GET /x ", "GET\t/x", "GET /x\n",
		"GET /a b", "/x", "", " ", "GET /é", "GET\x7f /x", "GET /x\x00", "a b", "G /",
		"POST\u00a0/x", "\u00a0GET /x\u2028", "GET\u3000/x", "GET /x\u0085", "GET /\xe2\x80", "GET\xa0/x",
	} {
		want := wordsByDefinition(route)
		words, n, err := routeWords(route)
		if len(want) > 2 {
			if err == nil {
				t.Errorf("routeWords(%q): no error for %d words", route, len(want))
			}
			continue
		}
		if err != nil || n != len(want) || strings.Join(words[:n], "|") != strings.Join(want, "|") {
			t.Errorf("routeWords(%q) = %q, %d, %v; want %q", route, words[:n], n, err, want)
		}
	}
}

// FuzzRouteWords: routeWords agrees with splitting at white space.
func FuzzRouteWords(f *testing.F) {
	f.Add("GET /repos/{owner}/{repo}/issues")
	f.Add("POST\t https://uploads.github.com/x ")
	f.Fuzz(func(t *testing.T, route string) {
		want := wordsByDefinition(route)
		words, n, err := routeWords(route)
		if (err != nil) != (len(want) > 2) {
			t.Fatalf("routeWords(%q): error %v for %d words", route, err, len(want))
		}
		if err == nil && strings.Join(words[:n], "\x00") != strings.Join(want, "\x00") {
			t.Errorf("routeWords(%q) = %q, want %q", route, words[:n], want)
		}
	})
}

func TestAUnicodeSpaceSeparatesAndIsTrimmedAsASpaceIs(t *testing.T) { // D6
	r, err := Endpoint("POST\u00a0/repos/{owner}/{repo}/issues\u2028", O("owner", "o", "repo", "r", "title", "t"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := r.BodyBytes()
	if r.Method != "post" || r.URL != "https://api.github.com/repos/o/r/issues" || string(body) != `{"title":"t"}` {
		t.Errorf("got %s", r.AppendJSON(nil))
	}
}
