package wasmpost

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
)

// Code that only Go's start reaches.
//
// Go's linker keeps every function that a function it keeps may call, the
// package initialisers included, and so whatever only they call: in this
// module regexp's parser and compiler (uritemplates compiles its
// expressions in an init) and more. A pre-initialised module never runs
// Go's start again, so that code is dead, and V8 would still download,
// decode and validate it. Reachable finds the functions the module can
// still run, from everything that can start one:
//   - its exports, which JavaScript calls, and its start function;
//   - a function's PC (PC_F<<16 | PC_B, cmd/link/internal/wasm's
//     assignAddress) in memory the program can still read it from: the
//     heap's live objects (a closure, a timer, a g's saved context, a
//     deferred call) and the live part of each goroutine's stack (the
//     frames it returns into), both from a heap dump (HeapDump); past the
//     heap's arenas, where the runtime keeps records of its own (the
//     itabs it makes, a finalizer's), any word that is a function's entry;
//   - in the static image, an entry the program can find: one whose own
//     address is a word of memory or a constant of code it runs (a
//     function value without captures is such an 8-byte symbol, "f·f"),
//     or one in the module's itabs, which the runtime's itab table holds;
//   - the methods (PC_F, in a method table) of each type the program can
//     find, which the runtime makes an interface's method table from
//     (runtime.getitab): a type whose address is a word of memory outside
//     the type descriptors, or a constant of code it runs, or that a type
//     it can find names (its element, fields, parameters, its pointer
//     type, its methods' types); and every type runtime.moduleTypelinks
//     walks (for reflect), once it can run;
//   - and, from each function reached, the functions it calls and those
//     whose PC, or the address of whose entry or type, it writes as a
//     constant.
//
// Every doubt keeps a function: a word that only looks like a PC or an
// address keeps what it names. What it leaves out is memory no code reads
// before writing it (the dead part of a stack, freed memory), and PCs the
// runtime keeps to print or look up, never to jump to: a goroutine's
// gopc and startpc, and, in the static image, runtime.m's cache of the
// PCs it has looked up, its morebuf, and the first stack's frames (the
// start's, which nothing returns into).

// Reachable returns, for each of the module's own functions, whether the
// pre-initialised module can still run it. mem and globals are the
// recording's at the snapshot, d the heap dump it took just before;
// except names exports that do not ship.
func Reachable(m *Module, mem []byte, globals []uint64, d *HeapDump, except []string) ([]bool, error) {
	nimports, err := functionImports(m)
	if err != nil {
		return nil, err
	}
	_, bodies, err := functions(m)
	if err != nil {
		return nil, err
	}
	n := uint64(len(bodies))
	size := uint64(len(mem))
	word := func(a uint64) uint64 { return binary.LittleEndian.Uint64(mem[a:]) }
	live := make([]bool, n)
	var work []int
	mark := func(i int) {
		if i >= 0 && i < int(n) && !live[i] {
			live[i] = true
			work = append(work, i)
		}
	}
	byPCF := func(f uint64) {
		if f >= funcValueOffset && f < funcValueOffset+n {
			mark(int(f - funcValueOffset))
		}
	}
	// scan marks the function of each word of [lo, hi) that is a PC, or,
	// with entries, a function's entry.
	scan := func(lo, hi uint64, entries bool) {
		for a := lo &^ 7; a+8 <= min(hi, size); a += 8 {
			if v := word(a); !entries || v&0xffff == 0 {
				byPCF(v >> 16)
			}
		}
	}

	es, err := exports(m)
	if err != nil {
		return nil, err
	}
	for _, e := range es {
		if e.kind == 0 && int(e.index) >= nimports && !slices.Contains(except, e.name) {
			mark(int(e.index) - nimports)
		}
	}
	if start, ok := m.section(sectionStart); ok { // the rewrite's fill, run as the module starts
		r := reader{b: start}
		mark(int(r.uleb32()) - nimports)
	}

	// The heap.
	if !(d.ArenaStart <= d.ArenaEnd && d.ArenaEnd <= size) {
		return nil, fmt.Errorf("heap dump: arenas [%#x, %#x) outside memory", d.ArenaStart, d.ArenaEnd)
	}
	if len(globals) != len(goGlobals) {
		return nil, fmt.Errorf("%d global values", len(globals))
	}
	// Each goroutine's stack, from where it is paused or parked up; its g
	// also records PCs that only tracebacks read (gopc, startpc), which the
	// scan of the heap's objects passes over.
	skip := map[uint64]bool{}
	paused := false
	curG, curSP := globals[globalIndex("g")], globals[globalIndex("SP")]
	for _, gr := range d.Goroutines {
		if gr.G+gStartpc+8 > size || word(gr.G+gGopc) != gr.GoPC {
			return nil, fmt.Errorf("the g at %#x does not hold its gopc at %d (runtime.g's layout changed?)", gr.G, gGopc)
		}
		skip[gr.G+gGopc], skip[gr.G+gStartpc] = true, true
		sp := gr.SP
		if gr.G == curG {
			// The goroutine Go paused in: its stack pointer is the SP global.
			sp, paused = curSP, true
		} else if now := word(gr.G + gSchedSP); now != sp {
			return nil, fmt.Errorf("the goroutine at %#x ran after the heap dump (its SP %#x, then %#x)", gr.G, sp, now)
		}
		lo, hi := word(gr.G+gStackLo), word(gr.G+gStackHi)
		if !(lo <= sp && sp <= hi && hi <= size) {
			return nil, fmt.Errorf("SP %#x is not in the stack [%#x, %#x) of the g at %#x (runtime.g's layout changed?)", sp, lo, hi, gr.G)
		}
		scan(sp, hi, false)
	}
	if !paused {
		return nil, fmt.Errorf("the goroutine Go paused in (g %#x) is not in the heap dump", curG)
	}
	for _, o := range d.Objects {
		for a := o.Addr &^ 7; a+8 <= min(o.Addr+o.Len, size); a += 8 {
			if !skip[a] {
				byPCF(word(a) >> 16)
			}
		}
	}
	// Past the arenas.
	scan(d.ArenaEnd, size, true)
	// The globals: the closure context may hold a function value, a
	// static one's address (below).
	for _, v := range globals {
		byPCF(v >> 16)
	}

	// The static image.
	words := make(map[uint64]bool, size/8)
	for a := uint64(0); a+8 <= size; a += 8 {
		words[word(a)] = true
	}
	for _, v := range globals {
		words[v] = true
	}
	tab, err := findPclntab(mem)
	if err != nil {
		return nil, err
	}
	field := func(off int) uint64 { return word(uint64(tab.md + off)) }
	types, descEnd, etypes := field(moduledataTypes), field(moduledataTypes)+field(moduledataTypedesclen), field(moduledataEtypes)
	itabs := types + field(moduledataItaboffset)
	itabsEnd := itabs + field(moduledataItabsize)
	if !(types < descEnd && descEnd <= itabs && itabs <= itabsEnd && itabsEnd <= etypes && etypes <= d.ArenaStart) {
		return nil, fmt.Errorf("moduledata at %#x: type data [%#x, %#x), descriptors to %#x, itabs [%#x, %#x), not in the static image (runtime.moduledata's layout changed?)", tab.md, types, etypes, descEnd, itabs, itabsEnd)
	}
	entries := map[uint64]uint64{} // static entries not found yet: address -> PC_F
	for a := uint64(0); a+8 <= d.ArenaStart; a += 8 {
		v := word(a)
		if v&0xffff != 0 || v>>16 < funcValueOffset || v>>16 >= funcValueOffset+n {
			continue
		}
		if words[a] || itabs <= a && a < itabsEnd {
			byPCF(v >> 16)
		} else {
			entries[a] = v >> 16
		}
	}

	// Types. The descriptors of the types reflect can look up by
	// structure come first, and the runtime walks them (tds); those of
	// named types lie past them, among names, and are read when found.
	tds, err := typeDescriptors(mem, types, descEnd)
	if err != nil {
		return nil, err
	}
	typeAt := make(map[uint64]*typeDescriptor, len(tds))
	for i := range tds {
		typeAt[tds[i].addr] = &tds[i]
	}
	found := map[uint64]bool{}
	var typeWork []*typeDescriptor
	findType := func(addr uint64) {
		if found[addr] || addr < types || addr >= etypes || addr%8 != 0 {
			return
		}
		found[addr] = true
		td := typeAt[addr]
		if td == nil {
			if addr < descEnd || itabs <= addr && addr < itabsEnd {
				return // not a descriptor's start
			}
			named, err := typeDescriptorAt(mem, addr, etypes)
			if err != nil {
				return // not a type: a name, or inside one
			}
			td = &named
		}
		typeWork = append(typeWork, td)
	}
	followTypes := func() {
		for len(typeWork) > 0 {
			td := typeWork[len(typeWork)-1]
			typeWork = typeWork[:len(typeWork)-1]
			for _, f := range td.methods {
				byPCF(uint64(f))
			}
			// Its pointers (element, fields, parameters...), and its type
			// offsets: the pointer to it, its methods' types.
			for _, a := range td.typePtrs {
				findType(word(a))
			}
			for _, a := range td.typeOffs {
				findType(types + uint64(binary.LittleEndian.Uint32(mem[a:])))
			}
		}
	}
	for a := uint64(0); a+8 <= size; a += 8 {
		if a < types || a >= etypes || itabs <= a && a < itabsEnd {
			findType(word(a))
		}
	}
	followTypes()
	// runtime.moduleTypelinks walks them all (for reflect.typelinks): once
	// it can run, every one of them is found.
	typelinks, err := tab.functionNamed(typelinksFunc)
	if err != nil {
		return nil, err
	}

	for len(work) > 0 {
		i := work[len(work)-1]
		work = work[:len(work)-1]
		code, err := bodyInstructions(bodies[i])
		if err != nil {
			return nil, fmt.Errorf("function %d: %w", i, err)
		}
		if i == typelinks {
			for _, td := range tds {
				findType(td.addr)
			}
			followTypes()
		}
		for _, in := range code {
			switch in.op {
			case 0x10: // call
				mark(int(in.arg) - nimports)
			case opI32Const: // a PC_F
				byPCF(uint64(uint32(in.arg)))
			case 0x42: // i64.const: a PC, or an address
				c := uint64(in.arg)
				byPCF(c >> 16)
				if f, ok := entries[c]; ok {
					delete(entries, c)
					byPCF(f)
				}
				findType(c)
				followTypes()
			}
		}
	}
	return live, nil
}

// functionNamed returns the index, among the module's own functions, of
// the function called name.
func (t *pclntab) functionNamed(name string) (int, error) {
	byName, err := t.functionsByName()
	if err != nil {
		return 0, err
	}
	if idx, ok := byName[name]; ok {
		return idx, nil
	}
	return 0, fmt.Errorf("no function %s in pclntab (the runtime changed?)", name)
}

// functionsByName returns the index, among the module's own functions, of
// each function pclntab names.
func (t *pclntab) functionsByName() (map[string]int, error) {
	byName := make(map[string]int, t.nfunc)
	for i := range t.nfunc {
		idx, name, _, err := t.entry(i)
		if err != nil {
			return nil, err
		}
		byName[name] = idx
	}
	return byName, nil
}

// unreachableBody is the body of a function that must never run: no
// locals; unreachable; end.
var unreachableBody = []byte{0, 0x00, 0x0b}

// emptyFunctions replaces by `unreachable` the body of each of the
// module's own functions for which empty is true (by index), and returns
// how many bytes of code that saves.
func emptyFunctions(m *Module, empty func(idx int) bool) (int, error) {
	return replaceBodies(m, empty, unreachableBody, nil)
}

// replaceBodies gives body to each of the module's own functions for which
// pick is true (by index), where it is shorter than theirs, and returns
// how many bytes of code that saves. With typ, each function picked must
// be of that type (as the type section encodes it), or none is replaced.
func replaceBodies(m *Module, pick func(idx int) bool, body, typ []byte) (int, error) {
	types, bodies, err := functions(m)
	if err != nil {
		return 0, err
	}
	var sigs [][]byte
	if typ != nil {
		if sigs, err = m.funcTypes(); err != nil {
			return 0, err
		}
	}
	saved := 0
	for i := range bodies {
		if !pick(i) {
			continue
		}
		if typ != nil {
			r := reader{b: types[i]}
			if sig := int(r.uleb32()); sig >= len(sigs) || !bytes.Equal(sigs[sig], typ) {
				return 0, fmt.Errorf("function %d is not of the type its new body has", i)
			}
		}
		if len(bodies[i]) > len(body) {
			saved += len(bodies[i]) - len(body)
			bodies[i] = body
		}
	}
	m.setFunctions(types, bodies)
	return saved, nil
}

// typeDescriptor is one type's descriptor: where it is, and the PC_F of
// each of its methods' two functions (Ifn and Tfn).
type typeDescriptor struct {
	addr, end uint64
	methods   []uint32
	typeOffs  []uint64 // where its type offsets are: PtrToThis, each method's Mtyp
	typePtrs  []uint64 // where its pointers to types are
}

// typeDescriptors walks the type descriptors from types+8 to end, as the
// runtime does (runtime/type.go, moduleTypelinks), and fails unless the
// walk ends at end.
func typeDescriptors(mem []byte, types, end uint64) ([]typeDescriptor, error) {
	if end > uint64(len(mem)) {
		return nil, fmt.Errorf("type descriptors end at %#x, outside memory", end)
	}
	var out []typeDescriptor
	for t := types + 8; t < end; {
		t = (t + 7) &^ 7
		td, err := typeDescriptorAt(mem, t, end)
		if err != nil {
			return nil, err
		}
		out = append(out, td)
		t = td.end
	}
	return out, nil
}

// typeDescriptorAt reads the type descriptor at t, which must end by end.
func typeDescriptorAt(mem []byte, t, end uint64) (typeDescriptor, error) {
	fail := func(format string, args ...any) (typeDescriptor, error) {
		return typeDescriptor{}, fmt.Errorf("type descriptor at %#x: "+format, append([]any{t}, args...)...)
	}
	if end > uint64(len(mem)) || t+typeSize+uncommonSize > end {
		return fail("past the end %#x", end)
	}
	u16 := func(a uint64) uint64 { return uint64(binary.LittleEndian.Uint16(mem[a:])) }
	base, add := uint64(typeSize), uint64(0)
	switch kind := mem[t+typeKind]; {
	case kind >= 1 && kind <= 16 || kind == 24 || kind == 26: // numbers, string, unsafe.Pointer
	case kind == 19: // func: its parameters' types
		base, add = kindSizes[kind], (u16(t+funcInCount)+u16(t+funcOutCount)&(1<<15-1))*8
	case kind == 20: // interface: its methods
		base, add = kindSizes[kind], u64(mem, int(t+methodsLength))*imethodSize
	case kind == 25: // struct: its fields
		base, add = kindSizes[kind], u64(mem, int(t+methodsLength))*structFieldSize
	case kindSizes[kind] != 0:
		base = kindSizes[kind]
	default:
		return fail("kind %d (internal/abi's kinds changed?)", kind)
	}
	td := typeDescriptor{addr: t, end: t + base + add, typeOffs: []uint64{t + typePtrToThis}}
	uncommon := mem[t+typeTFlag]&tflagUncommon != 0
	// The parameters, an interface's methods or a struct's fields follow
	// the kind's descriptor and its uncommon type.
	extra := t + base
	if uncommon {
		extra += uncommonSize
	}
	switch mem[t+typeKind] {
	case 17, 18, 22, 23: // array (element, slice), chan, pointer, slice: element
		td.typePtrs = []uint64{t + typeSize}
		if mem[t+typeKind] == 17 {
			td.typePtrs = append(td.typePtrs, t+typeSize+8)
		}
	case 19: // func: its parameters
		for a := extra; a < extra+add; a += 8 {
			td.typePtrs = append(td.typePtrs, a)
		}
	case 20: // interface: its methods' types
		for a := extra; a < extra+add; a += imethodSize {
			td.typeOffs = append(td.typeOffs, a+imethodTyp)
		}
	case 21: // map: key, element, group
		td.typePtrs = []uint64{t + typeSize, t + typeSize + 8, t + typeSize + 16}
	case 25: // struct: each field's type
		for a := extra; a < extra+add; a += structFieldSize {
			td.typePtrs = append(td.typePtrs, a+structFieldTyp)
		}
	}

	if uncommon {
		u := t + base
		mcount, moff := u16(u+uncommonMcount), uint64(binary.LittleEndian.Uint32(mem[u+uncommonMoff:]))
		if moff != uncommonSize+add {
			return fail("methods %d bytes past its uncommon type, want %d (internal/abi's layout changed?)", moff, uncommonSize+add)
		}
		td.end += uncommonSize + mcount*methodSize
		if td.end > end {
			return fail("ends past %#x", end)
		}
		for i := range mcount {
			m := u + moff + i*methodSize
			td.typeOffs = append(td.typeOffs, m+methodMtyp)
			for _, off := range []uint64{methodIfn, methodTfn} {
				if f := binary.LittleEndian.Uint32(mem[m+off:]); f != 0xffffffff { // -1: a method the linker dropped
					td.methods = append(td.methods, f)
				}
			}
		}
	}
	if td.end > end {
		return fail("ends past %#x", end)
	}
	return td, nil
}

// deadTables returns the ranges of mem to write as zeros once the
// functions that are not live are dropped: their _func records but for
// the entry, which ftab's order is checked by, and the pc-value tables
// (pcsp, pcdata) and stack maps (funcdata) of pclntab that no live
// function shares. The dropped records then read "no table".
func deadTables(mem []byte, live []bool) ([]Range, error) {
	t, funcs, err := pclntabFunctions(mem)
	if err != nil {
		return nil, err
	}
	used, usedData := map[uint32]bool{}, map[uint32]bool{}
	var dead []int
	for i, f := range funcs {
		idx, _, _, err := t.entry(i)
		if err != nil {
			return nil, err
		}
		if idx < 0 || idx >= len(live) {
			return nil, fmt.Errorf("ftab entry %d: function %d of %d", i, idx, len(live))
		}
		if live[idx] {
			for _, off := range f.keep {
				used[off] = true
			}
			for _, a := range f.funcdata {
				usedData[u32(mem, a)] = true
			}
		} else {
			dead = append(dead, i)
		}
	}
	var zero []Range
	done, doneData := map[uint32]bool{}, map[uint32]bool{}
	for _, i := range dead {
		f := funcs[i]
		for _, off := range f.keep {
			if off == 0 || used[off] || done[off] {
				continue
			}
			done[off] = true
			n, err := t.tableSize(off)
			if err != nil {
				return nil, err
			}
			zero = append(zero, Range{uint32(t.pctab.addr) + off, uint32(n)})
		}
		for k, a := range f.funcdata {
			off := u32(mem, a)
			if k > funcdataLocalsPointerMaps || off == ^uint32(0) || usedData[off] || doneData[off] {
				continue
			}
			doneData[off] = true
			n, err := stackMapSize(t.funcdataBytes(off))
			if err != nil {
				return nil, fmt.Errorf("_func at %#x: %w", f.addr, err)
			}
			zero = append(zero, Range{uint32(t.gofunc.addr) + off, uint32(n)})
		}
		zero = append(zero, Range{uint32(f.addr + funcNameOff), uint32(funcSize - funcNameOff + 4*(len(f.pcdata)+len(f.funcdata)))})
	}
	return zero, nil
}
