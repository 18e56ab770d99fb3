//go:build amd64 || arm64 || 386 || wasm

package ascii

import "unsafe"

// word returns the eight bytes of s from i as one little-endian word, in
// one load: these architectures load a word from any address. (In
// WebAssembly, assembling it from eight byte loads cost more than the test
// it feeds.) The caller keeps i+8 <= len(s).
func word(s string, i int) uint64 {
	_ = s[i+7]
	return *(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), i))
}
