//go:build !(amd64 || arm64 || 386 || wasm)

package ascii

// word returns the eight bytes of s from i as one little-endian word,
// byte by byte, for architectures that may not load a word from any
// address. The caller keeps i+8 <= len(s).
func word(s string, i int) uint64 {
	_ = s[i+7]
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
}
