// Package ascii holds the tests of text that look at eight bytes at once,
// shared by the engine (core) and the bridge (wasm/bridge): whether text is
// ASCII (every url and query value, every string of an answer) and whether
// it is printable ASCII (every header value).
package ascii

const (
	highBits = 0x8080808080808080
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
	for ; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// Printable reports whether every byte of s is from 0x20 (space) to 0x7F:
// printable ASCII, or DEL. Such text holds no control character, which is
// what a header value is checked for (core's headerSafe asks this first).
func Printable(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		// A byte below 0x20 borrows and sets its high bit; a byte of 0x80 or
		// more has it set already. Bytes from 0x20 to 0x7F leave every high
		// bit clear, and borrow nothing from the byte above.
		if x := word(s, i); (x-spaces|x)&highBits != 0 {
			return false
		}
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
	for ; i+8 <= len(a); i += 8 {
		if word(a, i) != word(b, i) {
			return false
		}
	}
	for ; i < len(a); i++ {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
