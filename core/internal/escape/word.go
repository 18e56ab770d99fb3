//go:build amd64 || arm64 || 386 || wasm

package escape

import "unsafe"

// escapeInto writes s escaped by t into d from n and returns where it
// ends, and whether s has a byte of 0x80 or more. These architectures are
// little-endian and load and store a word at any address, so that eight
// bytes of s are one load and each byte's escape one store. AppendWide has
// made room in d for 3*len(s)+1 bytes from n.
func escapeInto(d []byte, n int, s string, t *Table) (int, bool) {
	_ = d[n+3*len(s)] // the room AppendWide made: no store below goes past it
	p := unsafe.Pointer(unsafe.SliceData(d))
	src := unsafe.Pointer(unsafe.StringData(s))
	var all uint64 // every word loaded, or'ed: its high bits tell a wide byte
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := *(*uint64)(unsafe.Add(src, i))
		all |= w
		n = put(p, n, t[byte(w)])
		n = put(p, n, t[byte(w>>8)])
		n = put(p, n, t[byte(w>>16)])
		n = put(p, n, t[byte(w>>24)])
		n = put(p, n, t[byte(w>>32)])
		n = put(p, n, t[byte(w>>40)])
		n = put(p, n, t[byte(w>>48)])
		n = put(p, n, t[byte(w>>56)])
	}
	for ; i < len(s); i++ {
		all |= uint64(s[i])
		n = put(p, n, t[s[i]])
	}
	return n, all&0x8080808080808080 != 0
}

// put stores the word e at p+n and returns n moved past the bytes e counts.
func put(p unsafe.Pointer, n int, e uint64) int {
	*(*uint32)(unsafe.Add(p, n)) = uint32(e)
	return n + int(e>>32)
}
