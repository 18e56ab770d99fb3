package wasmpost

import (
	"bytes"
	"errors"
	"fmt"
)

// HeapDump is what the recording run's runtime/debug.WriteHeapDump wrote,
// as far as the snapshot reads it: the objects the heap holds (live at the
// last collection, or allocated since), and the goroutines and where their
// stacks were. The format is runtime/heapdump.go's ("go1.7 heap dump").
type HeapDump struct {
	// ArenaStart and ArenaEnd bound the heap's arenas.
	ArenaStart, ArenaEnd uint64
	// Objects are the heap's allocated objects.
	Objects []Block
	// Goroutines are every goroutine's g and saved stack pointer.
	Goroutines []Goroutine
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
	u := r.uleb64
	str := func() { r.bytes(uint32(r.uleb64())) }
	fields := func() {
		for r.err == nil {
			if kind := r.uleb64(); kind == 0 {
				return
			}
			r.uleb64()
		}
	}
	for r.err == nil {
		if r.off >= len(r.b) {
			return nil, errors.New("heap dump: ends without its end record")
		}
		switch tag := r.uleb64(); tag {
		case 0: // EOF
			if r.err == nil && r.off != len(r.b) {
				return nil, fmt.Errorf("heap dump: %d bytes after its end record", len(r.b)-r.off)
			}
			return d, r.err
		case 1: // object
			addr := u()
			n := r.uleb64()
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
			u()
			str()
			fields()
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
