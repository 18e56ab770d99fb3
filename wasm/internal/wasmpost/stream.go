package wasmpost

import (
	"errors"
	"math"
)

// The memory image as a stream the start function expands. A data section
// of active segments carries every zero run shorter than the gap that ends
// a segment, since a segment's header (an absolute offset) costs more once
// compressed than the zeros it skips. A browser decompresses, hands over
// and decodes every one of them. The stream carries the image as its
// controls, a pair (zeros, literal length) as LEB128 for each literal,
// then the literals' bytes, skipping every run of streamZeros zeros or
// more, in one passive segment; the start function (the fill, functab.go)
// copies it into a stretch of memory that is zero in the image (the
// scratch), writes each literal where it goes, and zeroes the scratch
// again, before it writes findfunctab. The memory at instantiation is the
// image, made another way.

// streamZeros is the shortest zero run the stream skips: where the module
// measured smallest with brotli (docs/performance-history.md).
const streamZeros = 8

// encodeStream returns mem as a stream, and the length of its controls:
// its literals are the segments of a layout split at streamZeros.
func encodeStream(mem []byte) (s []byte, controls int) {
	var lits []byte
	end := 0
	for _, seg := range layout(mem, streamZeros) {
		s = appendULEB(appendULEB(s, uint64(int(seg.Offset)-end)), uint64(len(seg.Data)))
		lits = append(lits, seg.Data...)
		end = int(seg.Offset) + len(seg.Data)
	}
	return append(s, lits...), len(s)
}

// decodeStream returns the segments the stream s, of controls bytes of
// controls, places: views into s.
func decodeStream(s []byte, controls int) ([]Segment, error) {
	if controls > len(s) {
		return nil, errors.New("controls longer than the stream")
	}
	r, lits := reader{b: s[:controls]}, reader{b: s[controls:]}
	var segs []Segment
	end := uint64(0)
	for !r.done() {
		at := end + uint64(r.uleb32())
		lit := lits.bytes(r.uleb32())
		if r.err != nil || lits.err != nil {
			return nil, errors.Join(r.err, lits.err)
		}
		if end = at + uint64(len(lit)); end > math.MaxUint32 {
			return nil, errors.New("the stream places bytes beyond 4 GiB")
		}
		segs = append(segs, Segment{Offset: uint32(at), Data: lit})
	}
	if !lits.done() {
		return nil, errors.New("literals the controls do not place")
	}
	return segs, nil
}

// scratchFor returns the start of the first stretch of n zero bytes in
// mem, read as followed by zeros up to limit, 8-aligned, and false if
// there is none.
func scratchFor(mem []byte, n int, limit uint64) (uint32, bool) {
	run := 0
	for i := range limit {
		if i < uint64(len(mem)) && mem[i] != 0 {
			run = 0
			continue
		}
		if run == 0 && i%8 != 0 {
			continue
		}
		if run++; run == n {
			return uint32(i + 1 - uint64(n)), true
		}
	}
	return 0, false
}

// encodeStreamSection writes s as a data section of one passive segment.
func encodeStreamSection(s []byte) []byte {
	b := append(appendULEB(nil, 1), 1) // one segment; passive
	return append(appendULEB(b, uint64(len(s))), s...)
}

// streamSegment returns the bytes of the data section's one passive
// segment, and false when the section is not that.
func streamSegment(payload []byte) ([]byte, bool) {
	r := reader{b: payload}
	if r.uleb32() != 1 || r.uleb32() != 1 {
		return nil, false
	}
	s := r.bytes(r.uleb32())
	return s, r.err == nil && r.done()
}
