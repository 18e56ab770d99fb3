//go:build !(amd64 || arm64 || 386 || wasm)

package escape

import "encoding/binary"

// escapeInto writes s escaped by t into d from n and returns where it
// ends, and whether s has a byte of 0x80 or more, a byte at a time, for
// architectures that may be big-endian or not store a word at any address.
// AppendWide has made room in d for 3*len(s)+1 bytes from n.
func escapeInto(d []byte, n int, s string, t *Table) (int, bool) {
	var all byte
	for i := 0; i < len(s); i++ {
		all |= s[i]
		e := t[s[i]]
		binary.LittleEndian.PutUint32(d[n:], uint32(e))
		n += int(e >> 32)
	}
	return n, all >= 0x80
}
