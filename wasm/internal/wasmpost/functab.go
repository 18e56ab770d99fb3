package wasmpost

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// The runtime's findfunctab, which maps a pc to its function, has a 20-byte
// bucket (runtime.findfuncbucket: a uint32 function index, then 16
// subbucket deltas) for every 4,096 pcs. In WebAssembly a function's pcs
// are its index shifted left by 16, so every function spans 16 buckets of
// its own: bucket b holds first + b/16, then zeros. Written as data, the
// table is most of the data section and nine tenths zeros, which a browser
// fetching the module uncompressed downloads and the engine keeps as the
// module's bytes. The rewrite drops it from the data section and adds a
// start function that writes it when the module is instantiated, before
// any code runs (the fill): the memory image is the same, made two ways. A
// table of any other shape stays in the data section.

// findfuncbucket's size, and the log2 of how many buckets one function
// spans (a function's 65,536 pcs over 4,096-pc buckets).
const (
	bucketSize         = 20
	bucketsPerFuncLog2 = 4
)

// moduledata's findfunctab, minpc and maxpc (runtime/symtab.go), after the
// part findPclntab reads.
const (
	mdFindfunctab = 152
	mdMinpc       = 160
	mdMaxpc       = 168
)

// minFill is the fewest buckets worth a fill rather than data.
const minFill = 1024

// fill is a table that the module's start function writes: count entries
// of bucketSize bytes from addr, entry b holding first + b>>bucketsPerFuncLog2
// as a little-endian uint32, then zeros.
type fill struct {
	addr, count, first uint32
}

func (f fill) end() int { return int(f.addr) + int(f.count)*bucketSize }

// apply writes the table into mem, as the start function does: each
// bucket's index, over the zeros the rest of the bucket holds already.
func (f fill) apply(mem []byte) {
	for b := uint32(0); b < f.count; b++ {
		binary.LittleEndian.PutUint32(mem[int(f.addr)+int(b)*bucketSize:], f.first+b>>bucketsPerFuncLog2)
	}
}

// findFill returns the fill that writes mem's findfunctab, and false when
// mem has no pclntab the rewrite reads, or its findfunctab has another
// shape (then it stays in the data section). The fill writes the buckets
// that have the shape, from the first; the rest, if any, stays in the data
// section. (The last bucket may be cut short by the symbol after it; the
// fill takes it when the bytes that would complete it are zeros, which
// gives the same image.)
func findFill(mem []byte) (fill, bool) {
	_, md, err := findHeader(mem)
	if err != nil || md+mdMaxpc+8 > len(mem) {
		return fill{}, false
	}
	addr, minpc, maxpc := u64(mem, md+mdFindfunctab), u64(mem, md+mdMinpc), u64(mem, md+mdMaxpc)
	if addr == 0 || maxpc <= minpc || addr+bucketSize > uint64(len(mem)) {
		return fill{}, false
	}
	f := fill{addr: uint32(addr), first: u32(mem, int(addr))}
	want := make([]byte, bucketSize)
	for n := (maxpc - minpc + 4095) / 4096; uint64(f.count) < n && f.end()+bucketSize <= len(mem); f.count++ {
		clear(want)
		binary.LittleEndian.PutUint32(want, f.first+f.count>>bucketsPerFuncLog2)
		if !bytes.Equal(mem[f.end():][:bucketSize], want) {
			break
		}
	}
	return f, f.count >= minFill
}

// body returns the start function's code: a loop storing each entry's
// index, over memory that is zero elsewhere in the table.
func (f fill) body() []byte {
	i32 := func(b []byte, v uint32) []byte { return appendSLEB(append(b, 0x41), int64(int32(v))) }
	b := []byte{1, 1, 0x7f}   // one local: b, an i32
	b = append(b, 0x03, 0x40) // loop
	b = append(b, 0x20, 0)    // local.get b
	b = i32(b, bucketSize)
	b = append(b, 0x6c) // i32.mul
	b = i32(b, f.addr)
	b = append(b, 0x6a, 0x20, 0) // i32.add; local.get b
	b = i32(b, bucketsPerFuncLog2)
	b = append(b, 0x76) // i32.shr_u
	b = i32(b, f.first)
	b = append(b, 0x6a, 0x36, 2, 0) // i32.add; i32.store align=4 offset=0
	b = append(b, 0x20, 0)          // local.get b
	b = i32(b, 1)
	b = append(b, 0x6a, 0x22, 0) // i32.add; local.tee b
	b = i32(b, f.count)
	b = append(b, 0x49, 0x0d, 0) // i32.lt_u; br_if 0
	return append(b, 0x0b, 0x0b) // end loop; end
}

// parseFill returns the fill whose body is b, and whether b is one.
func parseFill(b []byte) (fill, bool) {
	r := reader{b: b}
	i32 := func() uint32 {
		if r.byte() != 0x41 {
			r.fail(errors.New("not i32.const"))
		}
		return uint32(r.sleb32())
	}
	expect := func(want ...byte) {
		if !bytes.Equal(r.bytes(uint32(len(want))), want) {
			r.fail(errors.New("not the fill"))
		}
	}
	var f fill
	expect(1, 1, 0x7f, 0x03, 0x40, 0x20, 0)
	stride := i32()
	expect(0x6c)
	f.addr = i32()
	expect(0x6a, 0x20, 0)
	shift := i32()
	expect(0x76)
	f.first = i32()
	expect(0x6a, 0x36, 2, 0, 0x20, 0)
	one := i32()
	expect(0x6a, 0x22, 0)
	f.count = i32()
	expect(0x49, 0x0d, 0, 0x0b, 0x0b)
	// The loop runs once before it tests the count: a fill of no bucket
	// would write one.
	ok := r.err == nil && r.done() && stride == bucketSize && shift == bucketsPerFuncLog2 && one == 1 && f.count > 0
	return f, ok && bytes.Equal(f.body(), b)
}

// functionImports counts the module's imported functions, which come
// before its own in the function index space.
func functionImports(m *Module) (int, error) {
	names, err := importNames(m) // refuses an import that is not a function
	return len(names), err
}

// sectionEntries returns the entries of the module's section id, a vector,
// each as the bytes read reads of it.
func sectionEntries(m *Module, id byte, what string, read func(r *reader) []byte) ([][]byte, error) {
	payload, ok := m.section(id)
	if !ok {
		return nil, fmt.Errorf("no %s section", what)
	}
	return entries(payload, what, func(r *reader, _ uint32) ([]byte, error) { return read(r), nil })
}

// functions returns the module's own functions: the entries of its function
// section (their type indexes, encoded) and the bodies of its code section,
// one each.
func functions(m *Module) (types, bodies [][]byte, err error) {
	types, err = sectionEntries(m, sectionFunction, "function", func(r *reader) []byte {
		start := r.off
		r.uleb32()
		return r.b[start:r.off]
	})
	if err != nil {
		return nil, nil, err
	}
	if bodies, err = sectionEntries(m, sectionCode, "code", func(r *reader) []byte { return r.bytes(r.uleb32()) }); err != nil {
		return nil, nil, err
	}
	if len(types) != len(bodies) {
		return nil, nil, fmt.Errorf("%d functions, %d bodies", len(types), len(bodies))
	}
	return types, bodies, nil
}

// setFunctions writes types and bodies as the module's function and code
// sections.
func (m *Module) setFunctions(types, bodies [][]byte) {
	f := appendULEB(nil, uint64(len(types)))
	for _, t := range types {
		f = append(f, t...)
	}
	c := appendULEB(nil, uint64(len(bodies)))
	for _, b := range bodies {
		c = append(appendULEB(c, uint64(len(b))), b...)
	}
	m.setSection(sectionFunction, f)
	m.setSection(sectionCode, c)
}

// currentFill returns the fill the module's start function makes, if it
// has one, and refuses a start function that is not a fill: Go's linker
// writes none.
func currentFill(m *Module) (fill, bool, error) {
	start, ok := m.section(sectionStart)
	if !ok {
		return fill{}, false, nil
	}
	r := reader{b: start}
	idx := int(r.uleb32())
	imports, err := functionImports(m)
	if err != nil {
		return fill{}, false, err
	}
	_, bodies, err := functions(m)
	if err != nil {
		return fill{}, false, err
	}
	last := len(bodies) - 1
	if r.err != nil || !r.done() || last < 0 || idx != imports+last {
		return fill{}, false, errors.New("the module has a start function other than the rewrite's fill")
	}
	f, isFill := parseFill(bodies[last])
	if !isFill {
		return fill{}, false, errors.New("the module has a start function other than the rewrite's fill")
	}
	return f, true, nil
}

// setFill makes f the module's start function, replacing the fill it has,
// or removes the fill when there is none to make (ok false).
func (m *Module) setFill(f fill, ok bool) error {
	_, had, err := currentFill(m)
	if err != nil || !had && !ok {
		return err
	}
	types, bodies, err := functions(m)
	if err != nil {
		return err
	}
	if had { // the fill is the last function
		types, bodies = types[:len(types)-1], bodies[:len(bodies)-1]
		m.Sections = slices.DeleteFunc(m.Sections, func(s Section) bool { return s.ID == sectionStart })
	}
	if ok {
		typ, err := m.emptyType()
		if err != nil {
			return err
		}
		imports, err := functionImports(m)
		if err != nil {
			return err
		}
		m.insertSection(sectionStart, appendULEB(nil, uint64(imports+len(types))))
		types, bodies = append(types, appendULEB(nil, uint64(typ))), append(bodies, f.body())
	}
	m.setFunctions(types, bodies)
	return nil
}

// emptyType returns the index of the function type [] -> [], adding it to
// the type section if it is not there.
func (m *Module) emptyType() (int, error) {
	types, err := sectionEntries(m, sectionType, "type", func(r *reader) []byte {
		start := r.off
		if r.byte() != 0x60 {
			r.fail(errors.New("not a function type"))
		}
		for range 2 { // parameters, results
			r.bytes(r.uleb32()) // one byte each: Go's modules use number types only
		}
		return r.b[start:r.off]
	})
	if err != nil {
		return 0, err
	}
	empty := []byte{0x60, 0, 0}
	if i := slices.IndexFunc(types, func(t []byte) bool { return bytes.Equal(t, empty) }); i >= 0 {
		return i, nil
	}
	b := appendULEB(nil, uint64(len(types)+1))
	for _, t := range types {
		b = append(b, t...)
	}
	m.setSection(sectionType, append(b, empty...))
	return len(types), nil
}

// insertSection adds a section the module does not have, in its place.
func (m *Module) insertSection(id byte, payload []byte) {
	rank := slices.Index(sectionOrder, id)
	at := len(m.Sections)
	for i, s := range m.Sections {
		if s.ID != sectionCustom && slices.Index(sectionOrder, s.ID) > rank {
			at = i
			break
		}
	}
	m.Sections = slices.Insert(m.Sections, at, Section{ID: id, Payload: payload})
}
