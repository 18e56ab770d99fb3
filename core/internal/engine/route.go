package engine

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/endpoint-wasm/endpoint-wasm/core/internal/ascii"
)

// parseRoute splits a route "METHOD url" or "url" (D6). An empty route
// gives neither. The method comes back as written; merge keeps it so (D3).
// It does not allocate: method and url are substrings of route.
func parseRoute(route string) (method, url string, err error) {
	fields, n, err := routeWords(route)
	if err != nil {
		return "", "", err
	}
	switch n {
	case 0:
		return "", "", nil
	case 1:
		return "", fields[0], nil
	}
	method, url = fields[0], fields[1]
	if !isLetters(method) {
		return "", "", errorf(CodeInvalidRoute, "D6", "route", "%s is not \"METHOD url\": the method must be letters only", quote(route))
	}
	if !supportedMethod(method) {
		return "", "", errorf(CodeUnsupportedMethod, "D4", "route", "unsupported method %s in %s", quote(method), quote(route))
	}
	return method, url, nil
}

// routeWords returns the words of route, split at white space, ASCII's
// or Unicode's (U+00A0, U+2028..., as D8 counts it), and how many there
// are: no more than two.
func routeWords(route string) (words [2]string, n int, err error) {
	// The usual route, "METHOD url" with one space and no other white
	// space or control character, is cut at once: walking it byte by byte
	// costs a few branches a byte in WebAssembly.
	if sp := strings.IndexByte(route, ' '); sp > 0 && sp < len(route)-1 && ascii.Printable(route) && strings.IndexByte(route[sp+1:], ' ') < 0 {
		return [2]string{route[:sp], route[sp+1:]}, 2, nil
	}
	for i := 0; i < len(route); {
		for k := spaceLen(route, i); k > 0; k = spaceLen(route, i) {
			i += k
		}
		if i == len(route) {
			break
		}
		j := i
		for j < len(route) && spaceLen(route, j) == 0 {
			j++
		}
		if n == 2 {
			return words, n, errorf(CodeInvalidRoute, "D6", "route", "%s is not \"METHOD url\": it has more than two words", quote(route))
		}
		words[n] = route[i:j]
		n++
		i = j
	}
	return words, n, nil
}

// spaceLen returns the length of the white space that starts s[i:], or 0
// (also past the end of s).
func spaceLen(s string, i int) int {
	if i >= len(s) {
		return 0
	}
	if c := s[i]; c < utf8.RuneSelf {
		if isSpace(c) {
			return 1
		}
		return 0
	}
	if r, size := utf8.DecodeRuneInString(s[i:]); unicode.IsSpace(r) {
		return size
	}
	return 0
}

// isSpace reports whether c is ASCII white space: space, or \t \n \v \f \r
// (9 to 13). One comparison rejects the usual byte.
func isSpace(c byte) bool {
	return c <= ' ' && (c == ' ' || c-'\t' <= '\r'-'\t')
}

func isLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return s != ""
}

// methods are the supported HTTP methods in upper case (D4).
var methods = [...]string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"}

// supportedMethod reports whether m is one of methods, in any case (D4).
func supportedMethod(m string) bool { return methodIndex(m) >= 0 }

// methodIndex returns the position of m in methods, in any case, or -1.
// Upper and lower case, the usual spellings, are matched without a loop.
func methodIndex(m string) int {
	switch m {
	case "GET", "get":
		return 0
	case "HEAD", "head":
		return 1
	case "POST", "post":
		return 2
	case "PUT", "put":
		return 3
	case "PATCH", "patch":
		return 4
	case "DELETE", "delete":
		return 5
	}
	for i, s := range methods {
		if strings.EqualFold(m, s) {
			return i
		}
	}
	return -1
}

// checkMethod returns the error for an options.method that is not a
// supported method's name, a string or not (D4, D28).
func checkMethod(v Value, field string) error {
	if v.kind() != String || v.unloaded() {
		return errorf(CodeUnsupportedMethod, "D4", field, "must be one of GET, HEAD, POST, PUT, PATCH and DELETE, not %s", kindName(v.kind()))
	}
	if !supportedMethod(v.text()) {
		return errorf(CodeUnsupportedMethod, "D4", field, "unsupported method %s", quote(v.text()))
	}
	return nil
}
