package wasmpost

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// span is a table in the memory image: its address and size in bytes.
type span struct{ addr, size int }

func (s span) end() int { return s.addr + s.size }

// pclntab is the runtime's table of functions, found in a memory image
// through the moduledata that points at it.
type pclntab struct {
	mem         []byte
	md          int // runtime.moduledata's address
	nfunc       int
	funcnametab span
	cutab       span
	filetab     span
	pctab       span
	pclntable   span // ftab, then the _func records
	ftab        span
	gofunc      span // the funcdata, up to the end of pclntab
}

// function is what the rewrite reads of one runtime._func: where it is in
// the memory image, its pc-value tables as offsets into pctab, and where
// its pcdata and funcdata offsets are, which follow it, a uint32 each.
type function struct {
	addr             int
	pcfile           uint32
	pcln             uint32
	keep             []uint32 // pcsp, then every pcdata table: read by the collector and unwinding
	pcdata, funcdata []int    // the addresses of its offsets, by index
}

// findPclntab finds runtime.pcHeader in mem and the runtime.moduledata that
// points at it, and checks that they describe the tables the way the
// runtime reads them.
func findPclntab(mem []byte) (*pclntab, error) {
	hdr, md, err := findHeader(mem)
	if err != nil {
		return nil, err
	}
	nfunc := u64(mem, hdr+pcHeaderNfunc)
	if nfunc == 0 || nfunc > uint64(len(mem))/funcSize {
		return nil, fmt.Errorf("pcHeader at %#x: %d functions", hdr, nfunc)
	}
	t := &pclntab{mem: mem, md: md, nfunc: int(nfunc)}
	// The tables in their order in memory, each with its offset from the
	// header (a field of pcHeader) and its slice in moduledata.
	names := []string{"funcnametab", "cutab", "filetab", "pctab", "pclntable"}
	tables := []*span{&t.funcnametab, &t.cutab, &t.filetab, &t.pctab, &t.pclntable}
	for i, s := range tables {
		off := u64(mem, hdr+pcHeaderFuncnames+8*i)
		f := md + moduledataFuncnames + 24*i
		p, n, c := u64(mem, f), u64(mem, f+8), u64(mem, f+16)
		if i == 1 && n < 1<<32 {
			n, c = n*4, c*4 // cutab is a []uint32
		}
		if p != uint64(hdr)+off || p > uint64(len(mem)) || n != c || n > uint64(len(mem))-p {
			return nil, fmt.Errorf("moduledata at %#x: %s is not where pcHeader says, or not in memory", md, names[i])
		}
		*s = span{int(p), int(n)}
		if i > 0 && tables[i-1].end() > s.addr {
			return nil, fmt.Errorf("moduledata at %#x: %s and %s overlap or are out of order", md, names[i-1], names[i])
		}
	}
	p, n := u64(mem, md+moduledataFtab), u64(mem, md+moduledataFtab+8)
	if p != uint64(t.pclntable.addr) || n != uint64(t.nfunc)+1 || n*8 > uint64(t.pclntable.size) {
		return nil, fmt.Errorf("moduledata at %#x: ftab is not the head of pclntable with nfunc+1 entries", md)
	}
	t.ftab = span{int(p), int(n * 8)}
	gofunc, end := u64(mem, md+moduledataGofunc), u64(mem, md+moduledataEpclntab)
	if gofunc < uint64(t.pclntable.end()) || gofunc > end || end > uint64(len(mem)) {
		return nil, fmt.Errorf("moduledata at %#x: the funcdata [%#x, %#x) are not after pclntable, or not in memory", md, gofunc, end)
	}
	t.gofunc = span{int(gofunc), int(end - gofunc)}
	return t, nil
}

// findHeader returns the addresses of runtime.pcHeader and of the
// runtime.moduledata whose first two words point at it and at the function
// name table that follows it. There must be exactly one such pair.
func findHeader(mem []byte) (hdr, md int, err error) {
	// The header's magic, then two zero pads, minLC 1 (wasm's pc quantum) and
	// ptrSize 8.
	tail := []byte{0, 0, 1, 8}
	found, other := 0, uint32(0)
	for i := 0; i+pcHeaderSize <= len(mem); i += 8 {
		magic := binary.LittleEndian.Uint32(mem[i:])
		if magic>>4 != 0xfffffff || !bytes.Equal(mem[i+4:i+8], tail) {
			continue
		}
		if magic != pclnMagic {
			other = magic
			continue
		}
		needle := binary.LittleEndian.AppendUint64(nil, uint64(i))
		needle = binary.LittleEndian.AppendUint64(needle, uint64(i)+u64(mem, i+pcHeaderFuncnames))
		for j := 0; ; {
			k := bytes.Index(mem[j:], needle)
			if k < 0 {
				break
			}
			if (j+k)%8 == 0 && j+k+moduledataSize <= len(mem) {
				hdr, md = i, j+k
				found++
			}
			j += k + 1
		}
	}
	switch {
	case found == 1:
		return hdr, md, nil
	case found > 1:
		return 0, 0, errors.New("more than one pclntab header with a moduledata: cannot tell which the runtime reads")
	case other != 0:
		return 0, 0, fmt.Errorf("pclntab magic %#x: this rewriter reads %#x (Go 1.20 and later)", other, pclnMagic)
	}
	return 0, 0, errors.New("no pclntab header with a moduledata found in the data section")
}

// functions reads every runtime._func that ftab points at, checking that
// each lies inside pclntable and that its fields fit their tables.
func (t *pclntab) functions() ([]function, error) {
	funcs := make([]function, t.nfunc)
	prevEntry := uint32(0)
	for i := range funcs {
		entry, off := u32(t.mem, t.ftab.addr+8*i), u32(t.mem, t.ftab.addr+8*i+4)
		if entry < prevEntry {
			return nil, fmt.Errorf("ftab entry %d: not sorted by entry", i)
		}
		prevEntry = entry
		if uint64(off)+funcSize > uint64(t.pclntable.size) || off%4 != 0 {
			return nil, fmt.Errorf("ftab entry %d: _func at %#x outside pclntable", i, off)
		}
		a := t.pclntable.addr + int(off)
		f, err := t.function(a)
		if err != nil {
			return nil, fmt.Errorf("_func %d at %#x: %w", i, a, err)
		}
		if u32(t.mem, a+funcEntryOff) != entry {
			return nil, fmt.Errorf("_func %d at %#x: entry differs from ftab's", i, a)
		}
		funcs[i] = f
	}
	return funcs, nil
}

// function reads the runtime._func at address a.
func (t *pclntab) function(a int) (function, error) {
	npcdata, nfuncdata := int(u32(t.mem, a+funcNpcdata)), int(t.mem[a+funcNfuncdata])
	if a+funcSize+4*(npcdata+nfuncdata) > t.pclntable.end() {
		return function{}, errors.New("its pcdata and funcdata run past pclntable")
	}
	if u32(t.mem, a+funcNameOff) >= uint32(t.funcnametab.size) {
		return function{}, errors.New("name outside funcnametab")
	}
	if cu := u32(t.mem, a+funcCuOffset); cu != ^uint32(0) && uint64(cu)*4 >= uint64(t.cutab.size) {
		return function{}, errors.New("compilation unit outside cutab")
	}
	f := function{addr: a, pcfile: u32(t.mem, a+funcPcfile), pcln: u32(t.mem, a+funcPcln)}
	f.keep = append(f.keep, u32(t.mem, a+funcPcsp))
	for j := range npcdata + nfuncdata {
		if j < npcdata {
			f.pcdata = append(f.pcdata, a+funcSize+4*j)
			f.keep = append(f.keep, u32(t.mem, a+funcSize+4*j))
		} else {
			f.funcdata = append(f.funcdata, a+funcSize+4*j)
		}
	}
	for _, off := range append([]uint32{f.pcfile, f.pcln}, f.keep...) {
		if off >= uint32(t.pctab.size) {
			return function{}, fmt.Errorf("pc-value table at %#x outside pctab", off)
		}
	}
	return f, nil
}

// funcdataBytes returns the funcdata at offset off from moduledata.gofunc,
// up to the end of pclntab.
func (t *pclntab) funcdataBytes(off uint32) []byte {
	return t.mem[min(t.gofunc.addr+int(off), t.gofunc.end()):t.gofunc.end()]
}

// tableSize returns the length in bytes of the pc-value table at offset off
// in pctab, read as the runtime's step reads it: pairs of a value delta and
// a pc delta, ended by a zero value delta once the pc has moved.
func (t *pclntab) tableSize(off uint32) (int, error) {
	n, _, err := t.table(off)
	return n, err
}

// tableMax returns the largest value of the pc-value table at offset off,
// -1 when there is none.
func (t *pclntab) tableMax(off uint32) (int32, error) {
	_, top, err := t.table(off)
	return top, err
}

// table reads the pc-value table at offset off in pctab, as
// runtime/symtab.go's step does (the value starts at -1 and moves by
// zig-zag encoded deltas), and returns its length and its largest value.
func (t *pclntab) table(off uint32) (n int, top int32, err error) {
	top = -1
	if off == 0 {
		return 0, top, nil // no table
	}
	p := t.mem[t.pctab.addr+int(off) : t.pctab.end()]
	pc, val := uint64(0), int32(-1)
	for {
		v, k := binary.Uvarint(p[n:])
		if k <= 0 {
			return 0, 0, fmt.Errorf("pc-value table at %#x runs past pctab", off)
		}
		n += k
		if v == 0 && pc != 0 {
			return n, top, nil
		}
		val += int32(-(uint32(v) & 1) ^ (uint32(v) >> 1))
		top = max(top, val)
		d, k := binary.Uvarint(p[n:])
		if k <= 0 {
			return 0, 0, fmt.Errorf("pc-value table at %#x runs past pctab", off)
		}
		n += k
		pc += d
	}
}

// entry returns, for ftab's entry i, the function's index among the
// module's own functions, its name and the name's offset in funcnametab.
func (t *pclntab) entry(i int) (idx int, name string, nameOff uint32, err error) {
	entry, off := u32(t.mem, t.ftab.addr+8*i), u32(t.mem, t.ftab.addr+8*i+4)
	if uint64(off)+funcSize > uint64(t.pclntable.size) {
		return 0, "", 0, fmt.Errorf("ftab entry %d: _func outside pclntable", i)
	}
	nameOff = u32(t.mem, t.pclntable.addr+int(off)+funcNameOff)
	name, ok := nameAt(t.mem[t.funcnametab.addr:t.funcnametab.end()], nameOff)
	if !ok {
		return 0, "", 0, fmt.Errorf("ftab entry %d: name not ended", i)
	}
	return int(entry) - funcValueOffset, name, nameOff, nil
}

// pclntabFunctions finds pclntab in the memory image mem and reads its
// functions' records.
func pclntabFunctions(mem []byte) (*pclntab, []function, error) {
	t, err := findPclntab(mem)
	if err != nil {
		return nil, nil, err
	}
	funcs, err := t.functions()
	return t, funcs, err
}

// StripLines empties pclntab's file and line tables in the memory image mem:
// every _func's pcfile and pcln offsets become 0, which the runtime reads as
// "no table" (runtime.Caller and tracebacks then give "?" and line 0), and
// so do its compilation unit, which only names files, and its first line,
// which only runtime.Frame reports; the pcfile and pcln tables no other
// table shares, cutab and filetab become zeros. Function names, pcsp,
// pcdata (stack maps, unsafe points, inlining) and funcdata stay. It
// returns the number of bytes of tables it zeroed.
func StripLines(mem []byte) (int, error) {
	t, funcs, err := pclntabFunctions(mem)
	if err != nil {
		return 0, err
	}
	// 0: untouched; 1: a file or line table; 2: a table kept (it wins).
	marks := make([]byte, t.pctab.size)
	mark := func(off uint32, m byte) error {
		n, err := t.tableSize(off)
		for i := int(off); i < int(off)+n; i++ {
			marks[i] = max(marks[i], m)
		}
		return err
	}
	for _, f := range funcs {
		for _, off := range f.keep {
			if err := mark(off, 2); err != nil {
				return 0, err
			}
		}
		if err := errors.Join(mark(f.pcfile, 1), mark(f.pcln, 1)); err != nil {
			return 0, err
		}
	}
	for _, f := range funcs {
		binary.LittleEndian.PutUint32(mem[f.addr+funcPcfile:], 0)
		binary.LittleEndian.PutUint32(mem[f.addr+funcPcln:], 0)
		binary.LittleEndian.PutUint32(mem[f.addr+funcCuOffset:], 0)
		binary.LittleEndian.PutUint32(mem[f.addr+funcStartLine:], 0)
	}
	zeroed := 0
	for i, m := range marks {
		if m == 1 {
			mem[t.pctab.addr+i] = 0
			zeroed++
		}
	}
	clear(mem[t.cutab.addr:t.cutab.end()])
	clear(mem[t.filetab.addr:t.filetab.end()])
	return zeroed + t.cutab.size + t.filetab.size, nil
}

// StripNames empties the function names of pclntab in the memory image mem,
// which only tracebacks, runtime.FuncForPC and runtime.CallersFrames print:
// every _func's name becomes "", but for the names the runtime reads
// (runtimeReadsNames, kept) and the runtime's functions, which share one
// name, "runtime.", so that the runtime still tells its goroutines from
// the program's. The names of package initialisers stay for Snapshot,
// which finds them by name and empties them with their code, and so does
// runtime.moduleTypelinks's, which Reachable looks for. Every other
// byte of funcnametab becomes zero; inlined calls, whose names the inline
// trees point at, then read "" or their function's kept name. It returns
// the number of bytes it zeroed.
func StripNames(mem []byte) (int, error) {
	t, funcs, err := pclntabFunctions(mem)
	if err != nil {
		return 0, err
	}
	tab := mem[t.funcnametab.addr:t.funcnametab.end()]
	keep := make([]bool, len(tab)) // the bytes of the names kept
	keepName := func(off uint32, n int) {
		for i := range n + 1 { // with its NUL
			keep[int(off)+i] = true
		}
	}
	// empty is the offset of a name that reads "": the NUL of a kept name,
	// or a byte zeroed below.
	runtimeName, empty := -1, -1
	offs := make([]uint32, len(funcs))
	for i, f := range funcs {
		off := u32(mem, f.addr+funcNameOff)
		name, ok := nameAt(tab, off)
		if !ok {
			return 0, fmt.Errorf("_func %d at %#x: name not ended in funcnametab", i, f.addr)
		}
		switch {
		case slices.Contains(runtimeReadsNames, name) || isPackageInit(name) || name == typelinksFunc:
			keepName(off, len(name))
		case strings.HasPrefix(name, runtimePrefix):
			if runtimeName < 0 {
				// The first runtime function's name, cut to the prefix,
				// is the name every runtime function shares.
				runtimeName = int(off)
				keepName(off, len(runtimePrefix))
				tab[int(off)+len(runtimePrefix)] = 0
			}
			off = uint32(runtimeName)
		default:
			if empty < 0 {
				empty = int(off)
			}
			off = ^uint32(0) // no name: set below
		}
		offs[i] = off
	}
	if runtimeName >= 0 {
		empty = runtimeName + len(runtimePrefix)
	}
	zeroed := 0
	for i, k := range keep {
		if !k && tab[i] != 0 {
			tab[i] = 0
			zeroed++
		}
	}
	for i, f := range funcs {
		if offs[i] == ^uint32(0) {
			offs[i] = uint32(empty)
		}
		binary.LittleEndian.PutUint32(mem[f.addr+funcNameOff:], offs[i])
	}
	return zeroed, nil
}

// nameAt returns the name at offset off of funcnametab tab, and whether it
// ends (with a NUL) inside the table.
func nameAt(tab []byte, off uint32) (string, bool) {
	if uint64(off) >= uint64(len(tab)) {
		return "", false
	}
	n := bytes.IndexByte(tab[off:], 0)
	if n < 0 {
		return "", false
	}
	return string(tab[off : int(off)+n]), true
}

func u32(mem []byte, a int) uint32 { return binary.LittleEndian.Uint32(mem[a:]) }

// u64 reads a word at a, or 0 past the end of mem.
func u64(mem []byte, a int) uint64 {
	if a < 0 || a+8 > len(mem) {
		return 0
	}
	return binary.LittleEndian.Uint64(mem[a:])
}
