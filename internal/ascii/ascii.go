// Package ascii holds the one test of whether text is ASCII, shared by the
// engine (core) and the bridge (wasm/bridge): every url and query value is
// checked, so it reads eight bytes at a time.
package ascii

// Is reports whether s has no byte >= 0x80. It tests eight bytes at once:
// in WebAssembly, where each Go loop iteration costs several instructions,
// that is about seven times faster than a byte at a time on a long url.
func Is(s string) bool {
	i := 0
	// Four words a step while they last: in WebAssembly, the step itself
	// costs more than its loads.
	for ; i+32 <= len(s); i += 32 {
		if (word(s, i)|word(s, i+8)|word(s, i+16)|word(s, i+24))&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i+8 <= len(s); i += 8 {
		w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if w&0x8080808080808080 != 0 {
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

// word returns the eight bytes of s at i as a little-endian word: one load.
func word(s string, i int) uint64 {
	_ = s[i+7]
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
}
