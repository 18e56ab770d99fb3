package wasmpost

import (
	"errors"
	"fmt"
	"slices"
)

const pageSize = 1 << 16

// Segment is an active data segment of memory 0: bytes written at Offset
// when the module is instantiated.
type Segment struct {
	Offset uint32
	Data   []byte
}

// memoryPages returns the initial size, in pages, of the module's one memory.
func memoryPages(m *Module) (uint32, error) {
	payload, ok := m.section(sectionMemory)
	if !ok {
		return 0, errors.New("no memory section")
	}
	r := reader{b: payload}
	count := r.uleb32()
	flags := r.byte()
	min := r.uleb32()
	if flags == 1 {
		r.uleb32() // maximum
	}
	switch {
	case r.err != nil:
		return 0, fmt.Errorf("memory section: %w", r.err)
	case count != 1:
		return 0, fmt.Errorf("memory section: %d memories, want 1", count)
	case flags > 1:
		return 0, fmt.Errorf("memory section: limits flags %#x (shared or 64-bit memory)", flags)
	case !r.done():
		return 0, errors.New("memory section: bytes after the memory")
	}
	return min, nil
}

// parseData reads the segments of a data section. It accepts only what
// Go's linker writes: active segments of memory 0 whose offset is one
// i32.const.
func parseData(payload []byte) ([]Segment, error) {
	return entries(payload, "data", func(r *reader, i uint32) (Segment, error) {
		if flags := r.uleb32(); flags != 0 && r.err == nil {
			return Segment{}, fmt.Errorf("data segment %d: flags %d (passive or of another memory)", i, flags)
		}
		if op := r.byte(); op != 0x41 && r.err == nil {
			return Segment{}, fmt.Errorf("data segment %d: offset is not an i32.const (opcode %#x)", i, op)
		}
		off := r.sleb32()
		if end := r.byte(); end != 0x0b && r.err == nil {
			return Segment{}, fmt.Errorf("data segment %d: offset expression longer than one i32.const", i)
		}
		return Segment{Offset: uint32(off), Data: r.bytes(r.uleb32())}, nil
	})
}

// encodeData writes segments as a data section.
func encodeData(segs []Segment) []byte {
	b := appendULEB(nil, uint64(len(segs)))
	for _, s := range segs {
		b = append(b, 0, 0x41) // active, memory 0; i32.const
		b = appendSLEB(b, int64(int32(s.Offset)))
		b = append(b, 0x0b)
		b = appendULEB(b, uint64(len(s.Data)))
		b = append(b, s.Data...)
	}
	return b
}

// image returns the memory the segments give at instantiation, from address
// 0 to the end of the last byte written, as instantiation writes them: in
// order, a later segment over an earlier one. Every segment must fit in
// limit bytes, the memory's initial size, or instantiation would fail.
func image(segs []Segment, limit uint64) ([]byte, error) {
	var size uint64
	for i, s := range segs {
		end := uint64(s.Offset) + uint64(len(s.Data))
		if end > limit {
			return nil, fmt.Errorf("data segment %d ends at %#x, beyond the memory's initial %#x bytes", i, end, limit)
		}
		size = max(size, end)
	}
	mem := make([]byte, size)
	for _, s := range segs {
		copy(mem[s.Offset:], s.Data)
	}
	return mem, nil
}

// layout returns segments that give the memory image mem: one segment for
// each stretch of mem whose zero runs are shorter than minGap bytes, so that
// only a run of at least minGap zero bytes ends a segment. The segments are
// views into mem.
func layout(mem []byte, minGap int) []Segment {
	var segs []Segment
	i := 0
	for {
		for i < len(mem) && mem[i] == 0 {
			i++
		}
		if i == len(mem) {
			return segs
		}
		start, end := i, i // end: just after the last non-zero byte seen
		for i < len(mem) && i-end < minGap {
			if mem[i] != 0 {
				end = i + 1
			}
			i++
		}
		segs = append(segs, Segment{Offset: uint32(start), Data: mem[start:end]})
		i = end
	}
}

// setMemory writes mem as m's data section, split at runs of at least
// minGap zero bytes (DefaultMinGap when 0 or less), with the runtime's
// findfunctab written by a start function instead when it has the shape
// the fill writes (functab.go), and returns how many segments it wrote.
// With stream, the section is one segment of the image as a stream that
// the start function expands (stream.go), where the image has room for
// its scratch.
func (m *Module) setMemory(mem []byte, minGap int, stream bool) (int, error) {
	if minGap <= 0 {
		minGap = DefaultMinGap
	}
	f, ok := findFill(mem)
	if ok {
		mem = slices.Clone(mem)
		f.clear(mem)
	}
	if _, code := m.section(sectionCode); stream && code { // the fill expands it
		pages, err := memoryPages(m)
		if err != nil {
			return 0, err
		}
		s, controls := encodeStream(mem)
		if at, room := scratchFor(mem, len(s), uint64(pages)*pageSize); room && len(s) > 0 {
			f.scratch, f.stream, f.controls = at, uint32(len(s)), uint32(controls)
			m.setSection(sectionData, encodeStreamSection(s))
			if _, had := m.section(sectionDataCount); had {
				m.setSection(sectionDataCount, appendULEB(nil, 1))
			} else {
				m.insertSection(sectionDataCount, appendULEB(nil, 1))
			}
			return 1, m.setFill(f, true)
		}
	}
	segs := layout(mem, minGap)
	m.setSection(sectionData, encodeData(segs))
	if _, ok := m.section(sectionDataCount); ok {
		m.setSection(sectionDataCount, appendULEB(nil, uint64(len(segs))))
	}
	return len(segs), m.setFill(f, ok)
}

// initialMemory returns the memory m gives at instantiation, within its
// memory's initial size, and its segments (memoryImage).
func initialMemory(m *Module) ([]byte, []Segment, error) {
	pages, err := memoryPages(m)
	if err != nil {
		return nil, nil, err
	}
	return memoryImage(m, uint64(pages)*pageSize)
}

// memoryImage returns the memory m gives at instantiation, up to limit
// bytes: its data segments (image), then what its start function writes
// (the fill, functab.go), and its segments.
func memoryImage(m *Module, limit uint64) ([]byte, []Segment, error) {
	payload, ok := m.section(sectionData)
	if !ok {
		return nil, nil, errors.New("no data section")
	}
	f, hasFill, err := currentFill(m)
	if err != nil {
		return nil, nil, err
	}
	var segs []Segment
	if s, isStream := streamSegment(payload); isStream && hasFill && f.stream == uint32(len(s)) {
		if uint64(f.scratch)+uint64(f.stream) > limit {
			return nil, nil, fmt.Errorf("the stream's scratch ends beyond the memory's initial %#x bytes", limit)
		}
		if segs, err = decodeStream(s, int(f.controls)); err != nil {
			return nil, nil, fmt.Errorf("data stream: %w", err)
		}
	} else if segs, err = parseData(payload); err != nil {
		return nil, nil, err
	}
	mem, err := image(segs, limit)
	if err != nil {
		return nil, nil, err
	}
	if !hasFill {
		return mem, segs, nil
	}
	if uint64(f.end()) > limit {
		return nil, nil, fmt.Errorf("the fill ends at %#x, beyond the memory's initial %#x bytes", f.end(), limit)
	}
	if f.end() > len(mem) {
		mem = append(mem, make([]byte, f.end()-len(mem))...)
	}
	f.apply(mem)
	return mem, segs, nil
}
