package engine

import (
	"strings"
	"unicode/utf8"

	"github.com/endpoint-wasm/endpoint-wasm/core/internal/ascii"
	"github.com/endpoint-wasm/endpoint-wasm/core/internal/escape"
)

// The escape helpers below are named for what they emulate. Each works on
// UTF-8 bytes and writes upper-case %XX triplets, as JavaScript and RFC 3986
// do. None of them is net/url's: url.QueryEscape writes a space as "+" and
// escapes "!'()*", and url.PathEscape keeps ":@&=+$" — neither matches
// encodeURIComponent, which the reference uses for query strings (D16).

// Character classes, one bit each, looked up in charClass.
const (
	classUnreserved   = 1 << iota // RFC 3986 unreserved: ALPHA DIGIT - . _ ~
	classReserved                 // RFC 3986 reserved: gen-delims and sub-delims
	classURIComponent             // kept by encodeURIComponent: ALPHA DIGIT - _ . ! ~ * ' ( )
	classToken                    // an RFC 9110 token character (header names, D22)
	classBreaksHeader             // CR, LF or NUL: never in a header (D22)
	classUpper                    // A-Z, which header names are lower-cased of (D22)
	classAuthority                // ends an authority, or is the "@" that ends its userinfo (readAuthority)
)

var charClass = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] |= classUnreserved | classURIComponent
		t[c-'a'+'A'] |= classUnreserved | classURIComponent | classUpper
	}
	for c := '0'; c <= '9'; c++ {
		t[c] |= classUnreserved | classURIComponent
	}
	for _, c := range "-._~" {
		t[c] |= classUnreserved
	}
	for _, c := range ":/?#[]@!$&'()*+,;=" {
		t[c] |= classReserved
	}
	for _, c := range "-_.!~*'()" {
		t[c] |= classURIComponent
	}
	for c := 0; c < 128; c++ {
		if isNameChar(byte(c)) && c != '_' { // ALPHA DIGIT
			t[c] |= classToken
		}
	}
	for _, c := range "!#$%&'*+-.^_`|~" {
		t[c] |= classToken
	}
	for c := 0; c <= ' '; c++ {
		t[c] |= classAuthority
	}
	for _, c := range "/\\?#@\x7f" {
		t[c] |= classAuthority
	}
	t['\r'] |= classBreaksHeader
	t['\n'] |= classBreaksHeader
	t[0] |= classBreaksHeader
	return t
}()

// appendEncodeURIComponent appends s escaped as JavaScript's
// encodeURIComponent escapes it: everything but ALPHA DIGIT - _ . ! ~ * ' ( )
// is percent-encoded as UTF-8. With keepPlus, "+" is kept: the search
// parameter q is split on "+", its parts encoded and joined with "+" (D17).
// It reports whether s is valid UTF-8 (validText): where JavaScript throws
// URIError on a lone surrogate, callers refuse it (D12). The check rides on
// the escaping's own loads, and walks again only text that is not ASCII: a
// search q of 1,000 characters was walked twice.
func appendEncodeURIComponent(dst []byte, s string, keepPlus bool) ([]byte, bool) {
	t := uriComponentTable
	if keepPlus {
		t = uriComponentAndPlusTable
	}
	dst, wide := escape.AppendWide(dst, s, t)
	return dst, !wide || utf8.ValidString(s)
}

// appendRFC6570 appends s escaped for an RFC 6570 expansion (section 3.2.1):
// with allowReserved false (simple, label, path, path-style and form
// operators) only unreserved characters are kept ("U"); with allowReserved
// true (the "+" and "#" operators) reserved characters and existing %XX
// triplets are kept too ("U+R"), while a "%" that starts no triplet is
// encoded.
func appendRFC6570(dst []byte, s string, allowReserved bool) []byte {
	if !allowReserved {
		return escape.Append(dst, s, unreservedTable)
	}
	for {
		i := indexTriplet(s)
		if i < 0 {
			return escape.Append(dst, s, uriTable)
		}
		dst = append(escape.Append(dst, s[:i], uriTable), s[i:i+3]...)
		s = s[i+3:]
	}
}

// The escape tables of the helpers above (core/internal/escape), made from
// charClass so that the two cannot disagree.
var (
	uriComponentTable        = tableOf(classURIComponent, 0)
	uriComponentAndPlusTable = tableOf(classURIComponent, '+')
	unreservedTable          = tableOf(classUnreserved, 0)
	uriTable                 = tableOf(classUnreserved|classReserved, 0) // "%" starts a triplet or is escaped
)

// tableOf returns the table keeping the bytes in any of classes, and extra
// unless 0.
func tableOf(classes uint8, extra byte) *escape.Table {
	return escape.NewTable(func(c byte) bool { return charClass[c]&classes != 0 || extra != 0 && c == extra })
}

// appendLiteral appends template literal text as RFC 6570 section 3.1 says:
// characters allowed anywhere in a URI (unreserved, reserved, and %XX
// triplets) are copied, anything else is percent-encoded as UTF-8. This is
// what JavaScript's encodeURI does, except that encodeURI also escapes "%"
// of a triplet and keeps no "[" or "]".
func appendLiteral(dst []byte, s string) []byte { return appendRFC6570(dst, s, true) }

// indexTriplet returns the index of the first %XX triplet in s, or -1.
func indexTriplet(s string) int {
	for i := 0; ; i++ {
		k := strings.IndexByte(s[i:], '%')
		if k < 0 {
			return -1
		}
		if i += k; isTriplet(s, i) {
			return i
		}
	}
}

// isTriplet reports whether s[i:] starts with "%" and two hex digits.
func isTriplet(s string, i int) bool {
	return i+2 < len(s) && s[i] == '%' && isHex(s[i+1]) && isHex(s[i+2])
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// prefixRunes returns the first n Unicode characters of s (RFC 6570 counts
// characters, not bytes, for the prefix modifier; D11).
func prefixRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// validText reports whether s is valid UTF-8, that is, holds no lone
// surrogate (which the decoder keeps as WTF-8) nor any other invalid byte.
func validText(s string) bool { return ascii.Is(s) || utf8.ValidString(s) }

// lowerASCII returns s with A-Z mapped to a-z, without allocating when s has
// no upper-case letter. Header names are ASCII tokens (D22).
func lowerASCII(s string) string {
	if !hasUpper(s) {
		return s
	}
	return string(appendLowerASCII(nil, s))
}

// appendLowerASCII appends s with A-Z mapped to a-z.
func appendLowerASCII(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// hasUpper reports whether s holds an ASCII upper-case letter.
func hasUpper(s string) bool {
	_, some := classesOf(s)
	return some&classUpper != 0
}
