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
//
// The fill also writes each function's entry, which pclntab holds twice:
// in ftab (runtime.functab: the entry, then the offset of the function's
// _func in pclntable, which ftab heads) and as the _func's first field. In
// WebAssembly the entry of ftab's function i is its first's plus i, a
// count that compression cannot shorten and a loop writes in a few
// instructions; the offsets stay data, and the loop reads them.

// findfuncbucket's size, and the log2 of how many buckets one function
// spans (a function's 65,536 pcs over 4,096-pc buckets).
const (
	bucketSize         = 20
	bucketsPerFuncLog2 = 4
)

// minFill is the fewest buckets worth a fill rather than data.
const minFill = 1024

// fill is what the module's start function writes: count entries of
// bucketSize bytes from addr, entry b holding first + b>>bucketsPerFuncLog2
// as a little-endian uint32, then zeros; and, for each of the nfunc
// functions of the ftab at ftab, entry0 plus its place in ftab as its
// entry there and in its _func.
//
// With a stream (stream.go), it first expands the module's one passive
// data segment, stream bytes long (controls bytes of controls, then the
// literals), through the scratch at scratch.
type fill struct {
	addr, count, first        uint32
	ftab, nfunc, entry0       uint32
	scratch, stream, controls uint32
}

func (f fill) end() int { return int(f.addr) + int(f.count)*bucketSize }

// apply writes the tables into mem, as the start function does: each
// bucket's index, over the zeros the rest of the bucket holds already,
// and each function's entry.
func (f fill) apply(mem []byte) {
	for b := uint32(0); b < f.count; b++ {
		binary.LittleEndian.PutUint32(mem[int(f.addr)+int(b)*bucketSize:], f.first+b>>bucketsPerFuncLog2)
	}
	f.entries(mem, func(a int, v uint32) { binary.LittleEndian.PutUint32(mem[a:], v) })
}

// clear writes zeros where the fill writes: the data section need not.
func (f fill) clear(mem []byte) {
	clear(mem[f.addr:f.end()])
	f.entries(mem, func(a int, _ uint32) { binary.LittleEndian.PutUint32(mem[a:], 0) })
}

// entries calls at with the address and value of each entry the fill
// writes in ftab and the _funcs.
func (f fill) entries(mem []byte, at func(a int, v uint32)) {
	for i := range int(f.nfunc) {
		a := int(f.ftab) + 8*i
		at(a, f.entry0+uint32(i))
		at(int(f.ftab)+int(u32(mem, a+4)), f.entry0+uint32(i))
	}
}

// findFill returns the fill that writes mem's findfunctab and entries, and
// false when mem has no pclntab the rewrite reads, or neither has the
// shape. The fill writes the buckets that have the shape, from the first;
// the rest, if any, stays in the data section. (The last bucket may be cut
// short by the symbol after it; the fill takes it when the bytes that
// would complete it are zeros, which gives the same image.) It writes the
// entries when every function's has the shape, and leaves them all in the
// data section otherwise.
func findFill(mem []byte) (fill, bool) {
	t, err := findPclntab(mem)
	if err != nil {
		return fill{}, false
	}
	var f fill
	if funcs, err := t.functions(); err == nil {
		f.ftab, f.entry0 = uint32(t.ftab.addr), u32(mem, t.ftab.addr)
		for i, fn := range funcs {
			if e := f.entry0 + uint32(i); u32(mem, t.ftab.addr+8*i) != e || u32(mem, fn.addr+funcEntryOff) != e {
				break
			}
			f.nfunc++
		}
		if int(f.nfunc) < len(funcs) {
			f.ftab, f.nfunc, f.entry0 = 0, 0, 0
		}
	}
	addr, minpc, maxpc := u64(mem, t.md+moduledataFindfunctab), u64(mem, t.md+moduledataMinpc), u64(mem, t.md+moduledataMaxpc)
	if addr != 0 && maxpc > minpc && addr+bucketSize <= uint64(len(mem)) {
		f.addr, f.first = uint32(addr), u32(mem, int(addr))
		want := make([]byte, bucketSize)
		for n := (maxpc - minpc + 4095) / 4096; uint64(f.count) < n && f.end()+bucketSize <= len(mem); f.count++ {
			clear(want)
			binary.LittleEndian.PutUint32(want, f.first+f.count>>bucketsPerFuncLog2)
			if !bytes.Equal(mem[f.end():][:bucketSize], want) {
				break
			}
		}
		if f.count < minFill {
			f.addr, f.count, f.first = 0, 0, 0
		}
	}
	return f, f.count > 0 || f.nfunc > 0
}

// body returns the start function's code: a loop storing each bucket's
// index, over memory that is zero elsewhere in the table; then a loop
// storing each function's entry in ftab and, through the offset ftab
// holds, in its _func.
func (f fill) body() []byte {
	i32 := func(b []byte, v uint32) []byte { return appendSLEB(append(b, 0x41), int64(int32(v))) }
	// next ends a loop over the local, 0: the local plus one, again while
	// under n.
	next := func(b []byte, n uint32) []byte {
		b = i32(append(b, 0x20, 0), 1)
		b = i32(append(b, 0x6a, 0x22, 0), n)  // i32.add; local.tee 0
		return append(b, 0x49, 0x0d, 0, 0x0b) // i32.lt_u; br_if 0; end loop
	}
	b := []byte{1, 1, 0x7f} // i32 locals: 0, the loops' count
	if f.stream > 0 {
		b = f.expand([]byte{1, xLocals, 0x7f}, i32) // and the expansion's
	}
	if f.count > 0 {
		b = append(b, 0x03, 0x40, 0x20, 0) // loop; local.get b
		b = i32(b, bucketSize)
		b = i32(append(b, 0x6c), f.addr) // i32.mul
		b = append(b, 0x6a, 0x20, 0)     // i32.add; local.get b
		b = i32(b, bucketsPerFuncLog2)
		b = i32(append(b, 0x76), f.first) // i32.shr_u
		b = append(b, 0x6a, 0x36, 2, 0)   // i32.add; i32.store align=4 offset=0
		b = next(b, f.count)
	}
	if f.nfunc > 0 {
		// ftabEntry pushes the address of ftab's entry i, entry its value.
		ftabEntry := func(b []byte) []byte {
			b = i32(append(b, 0x20, 0), 8)
			return append(i32(append(b, 0x6c), f.ftab), 0x6a) // i32.mul; i32.add
		}
		entry := func(b []byte) []byte { return append(i32(append(b, 0x20, 0), f.entry0), 0x6a) }
		b = append(i32(b, 0), 0x21, 0, 0x03, 0x40)        // local.set i; loop
		b = append(entry(ftabEntry(b)), 0x36, 2, 0)       // i32.store: in ftab
		b = i32(append(ftabEntry(b), 0x28, 2, 4), f.ftab) // i32.load offset=4: the _func's place
		b = append(entry(append(b, 0x6a)), 0x36, 2, 0)    // i32.add; i32.store: in the _func
		b = next(b, f.nfunc)
	}
	return append(b, 0x0b) // end
}

// Locals of the stream's expansion (expand), after the loops' count, 0.
const (
	xSrc   = 1 + iota // the controls' next byte, in the scratch
	xEnd              // the end of the controls in the scratch
	xLit              // the next literal's bytes, in the scratch
	xDst              // where the next literal goes
	xVal              // the LEB128 value being read
	xShift            // its next 7 bits' shift
	xByte             // its last byte
	xLocals
)

// expand appends to b, the fill's locals, the code that expands the
// stream.
func (f fill) expand(b []byte, i32 func([]byte, uint32) []byte) []byte {
	get := func(b []byte, l byte) []byte { return append(b, 0x20, l) }
	set := func(b []byte, l byte) []byte { return append(b, 0x21, l) }
	// leb reads a LEB128 value at src into val, moving src past it.
	leb := func(b []byte) []byte {
		b = set(i32(b, 0), xVal)
		b = set(i32(b, 0), xShift)
		b = append(b, 0x03, 0x40)                                    // loop
		b = set(append(get(b, xSrc), 0x2d, 0, 0), xByte)             // i32.load8_u
		b = set(append(i32(get(b, xSrc), 1), 0x6a), xSrc)            // src++
		b = append(i32(get(get(b, xVal), xByte), 0x7f), 0x71)        // val, byte & 127
		b = set(append(get(b, xShift), 0x74, 0x72), xVal)            // << shift; |
		b = set(append(i32(get(b, xShift), 7), 0x6a), xShift)        // shift += 7
		return append(i32(get(b, xByte), 0x80), 0x71, 0x0d, 0, 0x0b) // byte & 128; br_if 0; end
	}
	b = append(i32(i32(i32(b, f.scratch), 0), f.stream), 0xfc, 8, 0, 0) // memory.init 0
	b = set(i32(b, f.scratch), xSrc)
	b = set(i32(b, f.scratch+f.controls), xEnd)
	b = set(i32(b, f.scratch+f.controls), xLit)
	b = append(b, 0x02, 0x40, 0x03, 0x40)                                     // block; loop
	b = append(get(get(b, xSrc), xEnd), 0x4f, 0x0d, 1)                        // i32.ge_u; br_if 1
	b = set(append(get(leb(b), xVal), append(get(nil, xDst), 0x6a)...), xDst) // dst += zeros
	b = leb(b)
	b = append(get(get(get(b, xDst), xLit), xVal), 0xfc, 10, 0, 0) // memory.copy dst, lit, n
	b = set(append(get(get(b, xLit), xVal), 0x6a), xLit)
	b = set(append(get(get(b, xDst), xVal), 0x6a), xDst)
	b = append(b, 0x0c, 0, 0x0b, 0x0b)                                // br 0; end; end
	b = append(i32(i32(i32(b, f.scratch), 0), f.stream), 0xfc, 11, 0) // memory.fill
	return append(b, 0xfc, 9, 0)                                      // data.drop 0
}

// parseFill returns the fill whose body is b, and whether b is one: the
// constants of its code, read in order, make a fill whose body is b.
func parseFill(b []byte) (fill, bool) {
	c, ok := constants(b)
	if !ok {
		return fill{}, false
	}
	var f fill
	if len(b) > 1 && b[1] == xLocals && len(c) >= expandConsts { // the stream's expansion
		f.scratch, f.stream, f.controls = c[0], c[2], c[4]-c[0]
		c = c[expandConsts:]
	}
	if len(c) == bucketConsts || len(c) == bucketConsts+entryConsts { // the buckets' loop: stride, addr, shift, first, 1, count
		f.addr, f.first, f.count = c[1], c[3], c[5]
		c = c[bucketConsts:]
	}
	if len(c) == entryConsts { // the entries' loop: 0, 8, ftab, entry0, 8, ftab, ftab, entry0, 1, nfunc
		f.ftab, f.entry0, f.nfunc = c[2], c[3], c[9]
	}
	// A loop runs once before it tests its count: a fill of no bucket or
	// no function would write one.
	return f, (f.count > 0 || f.nfunc > 0 || f.stream > 0) && bytes.Equal(f.body(), b)
}

// How many constants each part of the fill writes, counted in the code
// body writes for it, for parseFill to tell the parts apart.
var (
	expandConsts = len(must(constants(fill{stream: 1}.body())))
	bucketConsts = len(must(constants(fill{count: 1}.body())))
	entryConsts  = len(must(constants(fill{nfunc: 1}.body())))
)

// constants returns the i32 constants of the function body b, in order,
// and false when b does not decode.
func constants(b []byte) ([]uint32, bool) {
	code, err := bodyInstructions(b)
	if err != nil {
		return nil, false
	}
	var c []uint32
	for _, in := range code {
		if in.op == opI32Const {
			c = append(c, uint32(in.arg))
		}
	}
	return c, true
}

// must returns c, or panics where the fill's own code does not decode.
func must(c []uint32, ok bool) []uint32 {
	if !ok {
		panic("wasmpost: the fill's code does not decode")
	}
	return c
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
	types, err := m.funcTypes()
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

// funcTypes returns the entries of the type section, each as encoded.
func (m *Module) funcTypes() ([][]byte, error) {
	return sectionEntries(m, sectionType, "type", func(r *reader) []byte {
		start := r.off
		if r.byte() != 0x60 {
			r.fail(errors.New("not a function type"))
		}
		for range 2 { // parameters, results
			r.bytes(r.uleb32()) // one byte each: Go's modules use number types only
		}
		return r.b[start:r.off]
	})
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
