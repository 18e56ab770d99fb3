// Package wasmpost rewrites a WebAssembly module made by Go's linker after
// linking, leaving what its code does (but for a start function it adds,
// and what prints stacks) and what its memory holds when it starts as they
// were, except what only tracebacks read:
//
//   - the data section is written again as a few segments that give the same
//     memory image (the linker starts a segment at every run of eight zero
//     bytes, and each segment has a header);
//   - the runtime's findfunctab, most of the data section and nine tenths
//     zeros, is written instead by that start function (the fill,
//     functab.go) when it has the shape Go's linker gives it;
//   - unless told to keep them, pclntab's file and line tables are emptied
//     (see [StripLines]), which only tracebacks and runtime.Caller read, and
//     its function names, inline trees and arguments' layouts ([StripNames],
//     [StripFrames]), which tracebacks print; and its unsafe points, which
//     only asynchronous preemption reads, and js/wasm has none;
//   - unless told to keep names, the runtime's functions that only print a
//     stack or its state for a fatal error return at once ([StripPrints]);
//     and where the program cannot start the execution tracer, the code
//     that runs only once it has started is emptied ([StripTracer]);
//   - a jump forward, which Go's compiler sends through its function's
//     dispatch loop and br_table, branches straight to its target instead
//     (jumps.go).
//
// The memory a module gives at instantiation stays the same. It refuses, with
// an error, any module it does not understand.
package wasmpost

import (
	"bytes"
	"errors"
	"fmt"
)

// Section IDs of the WebAssembly binary format that the package reads or
// writes.
const (
	sectionCustom    = 0
	sectionType      = 1
	sectionImport    = 2
	sectionFunction  = 3
	sectionMemory    = 5
	sectionGlobal    = 6
	sectionExport    = 7
	sectionStart     = 8
	sectionCode      = 10
	sectionData      = 11
	sectionDataCount = 12
)

// sectionOrder is the order non-custom sections must come in.
var sectionOrder = []byte{1, 2, 3, 4, 5, 13, 6, 7, 8, 9, 12, 10, 11}

// header is the magic number and version 1 that start every module.
var header = []byte{0, 'a', 's', 'm', 1, 0, 0, 0}

// Module is a WebAssembly module as its sections, in their order.
type Module struct {
	Sections []Section
}

// Section is one section of a module: its ID and its contents.
type Section struct {
	ID      byte
	Payload []byte
}

// Parse splits a module into its sections. Payloads are views into b.
func Parse(b []byte) (*Module, error) {
	if !bytes.HasPrefix(b, header) {
		return nil, errors.New("not a WebAssembly module (version 1)")
	}
	m := new(Module)
	r := reader{b: b, off: len(header)}
	for !r.done() {
		id := r.byte()
		size := r.uleb32()
		payload := r.bytes(size)
		if r.err != nil {
			return nil, fmt.Errorf("section %d at byte %d: %w", id, r.off, r.err)
		}
		m.Sections = append(m.Sections, Section{ID: id, Payload: payload})
	}
	return m, nil
}

// Bytes encodes the module.
func (m *Module) Bytes() []byte {
	b := append([]byte(nil), header...)
	for _, s := range m.Sections {
		b = append(b, s.ID)
		b = appendULEB(b, uint64(len(s.Payload)))
		b = append(b, s.Payload...)
	}
	return b
}

// section returns the payload of the module's one section with that ID, and
// whether there is one. Only custom sections may repeat.
func (m *Module) section(id byte) ([]byte, bool) {
	for _, s := range m.Sections {
		if s.ID == id {
			return s.Payload, true
		}
	}
	return nil, false
}

// setSection replaces the payload of the section with that ID.
func (m *Module) setSection(id byte, payload []byte) {
	for i := range m.Sections {
		if m.Sections[i].ID == id {
			m.Sections[i].Payload = payload
			return
		}
	}
}

// custom returns the payload of the custom section of that name, after the
// name, and whether there is one.
func (m *Module) custom(name string) ([]byte, bool) {
	for _, s := range m.Sections {
		if s.ID != sectionCustom {
			continue
		}
		r := reader{b: s.Payload}
		if r.name() == name && r.err == nil {
			return s.Payload[r.off:], true
		}
	}
	return nil, false
}

// reader reads the binary format's values from b. The first error stops it:
// later reads return zero values, and err says what went wrong.
type reader struct {
	b   []byte
	off int
	err error
}

var errTruncated = errors.New("unexpected end")

func (r *reader) done() bool { return r.err != nil || r.off >= len(r.b) }

func (r *reader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

func (r *reader) byte() byte {
	if r.err != nil || r.off >= len(r.b) {
		r.fail(errTruncated)
		return 0
	}
	c := r.b[r.off]
	r.off++
	return c
}

func (r *reader) bytes(n uint32) []byte {
	if r.err != nil || uint64(n) > uint64(len(r.b)-r.off) {
		r.fail(errTruncated)
		return nil
	}
	b := r.b[r.off : r.off+int(n)]
	r.off += int(n)
	return b
}

// uleb64 reads an unsigned LEB128 number of at most 64 bits (the heap
// dump's varints, encoding/binary's).
func (r *reader) uleb64() uint64 {
	var v uint64
	for shift := 0; shift < 64; shift += 7 {
		c := r.byte()
		if r.err != nil {
			return 0
		}
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v
		}
	}
	r.fail(errors.New("LEB128 longer than 64 bits"))
	return 0
}

// uleb32 reads an unsigned LEB128 number of at most 32 bits.
func (r *reader) uleb32() uint32 {
	var v uint64
	for shift := 0; shift < 35; shift += 7 {
		c := r.byte()
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			if v > 1<<32-1 {
				r.fail(errors.New("LEB128 number overflows 32 bits"))
			}
			return uint32(v)
		}
	}
	r.fail(errors.New("LEB128 number longer than 5 bytes"))
	return 0
}

// sleb32 reads a signed LEB128 number of at most 32 bits.
func (r *reader) sleb32() int32 {
	v := r.sleb(5)
	if v < -1<<31 || v > 1<<31-1 {
		r.fail(errors.New("LEB128 number overflows 32 bits"))
	}
	return int32(v)
}

// sleb64 reads a signed LEB128 number of at most 64 bits.
func (r *reader) sleb64() int64 { return r.sleb(10) }

// sleb reads a signed LEB128 number of at most max bytes.
func (r *reader) sleb(max int) int64 {
	var v int64
	for shift := 0; shift < 7*max; shift += 7 {
		c := r.byte()
		v |= int64(c&0x7f) << shift
		if c&0x80 == 0 {
			if shift < 57 && c&0x40 != 0 {
				v |= -1 << (shift + 7) // sign extension
			}
			return v
		}
	}
	r.fail(fmt.Errorf("LEB128 number longer than %d bytes", max))
	return 0
}

// finish returns the error of reading a section of entries (what names
// them): one the reader met, or bytes left after the last entry.
func (r *reader) finish(what string) error {
	if r.err != nil {
		return fmt.Errorf("%s section: %w", what, r.err)
	}
	if !r.done() {
		return fmt.Errorf("%s section: bytes after the last entry", what)
	}
	return nil
}

// entries reads a section that is a vector: a count, then the entries,
// each read by entry (i is its index), and nothing after the last; what
// names the section in errors.
func entries[T any](payload []byte, what string, entry func(r *reader, i uint32) (T, error)) ([]T, error) {
	r := reader{b: payload}
	n := r.uleb32()
	var out []T
	for i := uint32(0); i < n && r.err == nil; i++ {
		e, err := entry(&r, i)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	if err := r.finish(what); err != nil {
		return nil, err
	}
	return out, nil
}

// name reads a name: its length in bytes, then UTF-8.
func (r *reader) name() string {
	return string(r.bytes(r.uleb32()))
}

// appendULEB appends v as unsigned LEB128.
func appendULEB(b []byte, v uint64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v != 0 {
			c |= 0x80
		}
		b = append(b, c)
		if v == 0 {
			return b
		}
	}
}

// appendSLEB appends v as signed LEB128.
func appendSLEB(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
