// Package ascii holds the tests of text that look at eight bytes at once,
// shared by the engine (core/internal/engine) and the bridge (core/bridge): whether text is
// ASCII (every url and query value, every string of an answer) and whether
// it is printable ASCII (every header value), and where it holds a dot,
// plain or percent-encoded (every expansion that a dot segment may come
// from).
package ascii

import "math/bits"

const (
	highBits = 0x8080808080808080
	lowBits  = 0x0101010101010101
	spaces   = 0x2020202020202020
)

// Is reports whether s has no byte >= 0x80. It tests eight bytes at once:
// in WebAssembly, where each Go loop iteration costs several instructions,
// that is about seven times faster than a byte at a time on a long url.
func Is(s string) bool {
	i := 0
	// Four words a step while they last: in WebAssembly, the step itself
	// costs more than its loads.
	for ; i+32 <= len(s); i += 32 {
		if (word(s, i)|word(s, i+8)|word(s, i+16)|word(s, i+24))&highBits != 0 {
			return false
		}
	}
	for ; i+8 <= len(s); i += 8 {
		if word(s, i)&highBits != 0 {
			return false
		}
	}
	if i < len(s) && len(s) >= 8 { // the tail, as the last word: one step, not up to seven
		return word(s, len(s)-8)&highBits == 0
	}
	for ; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// Printable reports whether every byte of s is from 0x20 (space) to 0x7F:
// printable ASCII, or DEL. Such text holds no control character, which is
// what a header value is checked for (the engine's headerSafe asks this first).
func Printable(s string) bool {
	i := 0
	// A byte below 0x20 borrows and sets its high bit; a byte of 0x80 or
	// more has it set already. Bytes from 0x20 to 0x7F leave every high
	// bit clear, and borrow nothing from the byte above.
	for ; i+32 <= len(s); i += 32 {
		a, b, c, d := word(s, i), word(s, i+8), word(s, i+16), word(s, i+24)
		if ((a-spaces)|a|(b-spaces)|b|(c-spaces)|c|(d-spaces)|d)&highBits != 0 {
			return false
		}
	}
	for ; i+8 <= len(s); i += 8 {
		if x := word(s, i); (x-spaces|x)&highBits != 0 {
			return false
		}
	}
	if i < len(s) && len(s) >= 8 { // the tail, as the last word
		x := word(s, len(s)-8)
		return (x-spaces|x)&highBits == 0
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x80 {
			return false
		}
	}
	return true
}

// Equal reports whether a and b hold the same bytes. It compares eight at
// a time: Go's WebAssembly runtime compares strings a byte at a time, and
// the template cache compares whole urls on every call.
func Equal(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	i := 0
	for ; i+32 <= len(a); i += 32 {
		if (word(a, i)^word(b, i))|(word(a, i+8)^word(b, i+8))|(word(a, i+16)^word(b, i+16))|(word(a, i+24)^word(b, i+24)) != 0 {
			return false
		}
	}
	for ; i+8 <= len(a); i += 8 {
		if word(a, i) != word(b, i) {
			return false
		}
	}
	if i < len(a) && len(a) >= 8 { // the tail, as the last word
		return word(a, len(a)-8) == word(b, len(b)-8)
	}
	for ; i < len(a); i++ {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// IndexDot returns the index of the first dot in s as a URI reads one: "."
// or its percent-encoding, "%2E" or "%2e" (RFC 3986, section 2.3); or -1.
// It tests eight positions at once: a dot segment must hold one, and an
// expansion of a thousand bytes holds none far more often than it holds one.
func IndexDot(s string) int {
	i := 0
	// Each step reads the words at i, i+1 and i+2, so that byte k of each
	// holds s[i+k], s[i+k+1] and s[i+k+2]: a triplet starting at i+k.
	for ; i+10 <= len(s); i += 8 {
		if m := dotAt(word(s, i), word(s, i+1), word(s, i+2)); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(s); i++ {
		if DotLen(s, i) > 0 {
			return i
		}
	}
	return -1
}

// DotLen returns how many bytes the dot at s[i] takes, 1 for "." and 3 for
// "%2E" or "%2e", or 0 when no dot starts there: the definition of a dot
// that IndexDot finds eight positions at a time.
func DotLen(s string, i int) int {
	switch {
	case i >= len(s):
		return 0
	case s[i] == '.':
		return 1
	case s[i] == '%' && i+2 < len(s) && s[i+1] == '2' && s[i+2]|0x20 == 'e':
		return 3
	}
	return 0
}

// dotAt returns the high bit of each byte k of a where a dot starts, given
// the words a, b and c at i, i+1 and i+2 of the text: byte k of a is ".",
// or bytes k of a, b and c are "%", "2" and "E" or "e".
func dotAt(a, b, c uint64) uint64 {
	return zeros(a^'.'*lowBits) | zeros(a^'%'*lowBits)&zeros(b^'2'*lowBits)&zeros((c|spaces)^'e'*lowBits)
}

// zeros returns the high bit of each byte of x that is zero, and no other
// bit. Adding 0x7F to a byte's low seven bits sets its high bit unless they
// are all clear, and never carries into the next byte.
func zeros(x uint64) uint64 {
	const low7 = 0x7F7F7F7F7F7F7F7F
	return ^((x&low7 + low7) | x | low7)
}
