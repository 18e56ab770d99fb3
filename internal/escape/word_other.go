//go:build !(amd64 || arm64 || 386 || wasm)

package escape

import "encoding/binary"

// escapeInto writes s escaped by t into d from n and returns where it
// ends, a byte at a time, for architectures that may be big-endian or not
// store a word at any address. Append has made room in d for 3*len(s)+1
// bytes from n.
func escapeInto(d []byte, n int, s string, t *Table) int {
	for i := 0; i < len(s); i++ {
		e := t[s[i]]
		binary.LittleEndian.PutUint32(d[n:], e)
		n += int(e >> 24)
	}
	return n
}
