package wasmpost

import (
	"bytes"
	"errors"
	"fmt"
)

// HeapDump is what the recording run's runtime/debug.WriteHeapDump wrote,
// after a collection, as far as the snapshot reads it: the objects the heap
// holds (each live at that collection), the goroutines and where their
// stacks were, and the static data and bss the runtime scans. The format
// is runtime/heapdump.go's ("go1.7 heap dump").
type HeapDump struct {
	// ArenaStart and ArenaEnd bound the heap's arenas.
	ArenaStart, ArenaEnd uint64
	// Objects are the heap's allocated objects.
	Objects []Block
	// Goroutines are every goroutine's g and saved stack pointer.
	Goroutines []Goroutine
	// Data and BSS are the static segments the collector scans.
	Data, BSS Block
}

// Block is a stretch of a process's memory: its address and length in
// bytes.
type Block struct{ Addr, Len uint64 }

// Goroutine is one goroutine of a heap dump: the address of its g, the
// stack pointer it was parked at, and the PC of the go statement that
// made it.
type Goroutine struct{ G, SP, GoPC uint64 }

const dumpHeader = "go1.7 heap dump\n"

// ParseHeapDump reads a heap dump.
func ParseHeapDump(b []byte) (*HeapDump, error) {
	if !bytes.HasPrefix(b, []byte(dumpHeader)) {
		return nil, errors.New("heap dump: no go1.7 header")
	}
	r := reader{b: b, off: len(dumpHeader)}
	d := &HeapDump{}
	u := r.uvarint
	str := func() { r.bytes(uint32(r.uvarint())) }
	fields := func() {
		for r.err == nil {
			if kind := r.uvarint(); kind == 0 {
				return
			}
			r.uvarint()
		}
	}
	for r.err == nil {
		if r.off >= len(r.b) {
			return nil, errors.New("heap dump: ends without its end record")
		}
		switch tag := r.uvarint(); tag {
		case 0: // EOF
			if r.err == nil && r.off != len(r.b) {
				return nil, fmt.Errorf("heap dump: %d bytes after its end record", len(r.b)-r.off)
			}
			return d, r.err
		case 1: // object
			addr := u()
			n := r.uvarint()
			r.bytes(uint32(n))
			fields()
			d.Objects = append(d.Objects, Block{addr, n})
		case 2: // other root
			str()
			u()
		case 3: // type
			u()
			u()
			str()
			u()
		case 4: // goroutine
			g, sp := u(), u()
			u() // goid
			gopc := u()
			for range 4 { // status, system, background, waitsince
				u()
			}
			str()
			for range 4 {
				u()
			}
			d.Goroutines = append(d.Goroutines, Goroutine{g, sp, gopc})
		case 5: // stack frame
			u()
			u()
			u()
			str()
			u()
			u()
			u()
			str()
			fields()
		case 6: // params
			u()
			u()
			d.ArenaStart, d.ArenaEnd = u(), u()
			str()
			str()
			u()
		case 7, 11: // finalizer, queued finalizer
			for range 5 {
				u()
			}
		case 8: // itab
			u()
			u()
		case 9: // OS thread
			u()
			u()
			u()
		case 10: // memstats: 24 figures, 256 pauses, the number of collections
			for range 24 + 256 + 1 {
				u()
			}
		case 12, 13: // data, bss
			addr := u()
			n := r.uvarint()
			r.bytes(uint32(n))
			fields()
			if tag == 12 {
				d.Data = Block{addr, n}
			} else {
				d.BSS = Block{addr, n}
			}
		case 14: // defer
			for range 7 {
				u()
			}
		case 15: // panic
			for range 6 {
				u()
			}
		case 16: // memory profile bucket
			u()
			u()
			n := u()
			for range n {
				str()
				str()
				u()
			}
			u()
			u()
		case 17: // allocation sample
			u()
			u()
		default:
			return nil, fmt.Errorf("heap dump: record %d at byte %d, which runtime/heapdump.go does not write", tag, r.off)
		}
	}
	return nil, fmt.Errorf("heap dump: %w", r.err)
}

// uvarint reads an unsigned LEB128 of up to 64 bits (encoding/binary's
// varint, which the heap dump writes).
func (r *reader) uvarint() uint64 {
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
	r.fail(errors.New("varint longer than 64 bits"))
	return 0
}
