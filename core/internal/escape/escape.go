// Package escape percent-encodes text by a table that says, for each byte,
// what to write for it: the byte itself, or its upper-case %XX triplet. The
// engine (core/internal/engine) makes one table for each of its escape helpers, from its
// character classes, and escapes every url value through Append.
//
// The table holds the bytes to write, so that escaping a byte is one load
// and one store, whichever it is, and no branch. In WebAssembly, where
// every branch Go takes goes through its function's dispatch loop, this is
// several times as fast as copying runs of kept bytes between escapes, the
// more so on text that is all escapes, such as non-ASCII text.
package escape

// Table holds, for each byte, what Append writes for it: one byte (the byte
// itself) or three (its %XX triplet) in the low bytes of the word, in the
// order written, and their count in the high half. The count is the word
// shifted, nothing more: held in a uint32's top byte, it would take a mask
// too in Go's WebAssembly, where every value is 64 bits wide.
type Table [256]uint64

const upperHex = "0123456789ABCDEF"

// NewTable returns the table that keeps each byte for which keep reports
// true and writes every other one as an upper-case %XX triplet.
func NewTable(keep func(c byte) bool) *Table {
	t := new(Table)
	for i := range t {
		c := byte(i)
		if keep(c) {
			t[i] = uint64(c) | 1<<32
		} else {
			t[i] = '%' | uint64(upperHex[c>>4])<<8 | uint64(upperHex[c&0xF])<<16 | 3<<32
		}
	}
	return t
}

// Len returns how many bytes t writes for c: 1 or 3.
func (t *Table) Len(c byte) int { return int(t[c] >> 32) }

// Append appends s escaped by t to dst and returns the extended slice. It
// may write past the returned length, up to dst's capacity, as append may.
func Append(dst []byte, s string, t *Table) []byte {
	dst, _ = AppendWide(dst, s, t)
	return dst
}

// AppendWide is Append that also reports whether s has a byte of 0x80 or
// more, found from the loads that escaping makes anyway: a caller that must
// know s is valid UTF-8 then checks only text that is not ASCII, rather
// than walking all of it once more first.
func AppendWide(dst []byte, s string, t *Table) ([]byte, bool) {
	n := len(dst)
	// Each byte is stored as a whole word of four bytes, of which the next
	// byte's store writes over the ones not counted: room for one more.
	if need := 3*len(s) + 1; cap(dst)-n < need {
		dst = append(dst[:n:n], make([]byte, need)...)
	}
	d := dst[:cap(dst)]
	end, wide := escapeInto(d, n, s, t)
	return d[:end], wide
}
