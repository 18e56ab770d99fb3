package wasmpost

import (
	"encoding/binary"
	"fmt"
	"maps"
	"slices"
)

// StripFrames empties, in the memory image mem, what of pclntab only a
// traceback reads beyond names and lines, and what only asynchronous
// preemption reads: each function's inline tree (the frames of the calls
// inlined into it), the layout and liveness of its arguments (which a
// traceback prints as hex words), and its unsafe points (release.go). Each
// _func then reads "no table" for them; a table or funcdata no function
// still uses becomes zeros. Stacks still unwind, and the collector and
// stack growth read the same tables as before; a traceback prints one
// frame for a function and its inlined calls, without arguments. It
// returns the number of bytes it zeroed.
func StripFrames(mem []byte) (int, error) {
	t, funcs, err := pclntabFunctions(mem)
	if err != nil {
		return 0, err
	}
	put := func(a int, v uint32) { binary.LittleEndian.PutUint32(mem[a:], v) }
	// 0: untouched; 1: a table dropped; 2: a table kept (it wins).
	marks := make([]byte, t.pctab.size)
	keptData := map[uint32]bool{}
	dropData := map[uint32]int{} // funcdata offset -> its length as far as known
	for _, f := range funcs {
		for i, a := range f.funcdata {
			off := u32(mem, a)
			if off == ^uint32(0) {
				continue
			}
			n := 0
			switch i {
			case funcdataInlTree:
				if len(f.pcdata) > pcdataInlTreeIndex {
					last, err := t.tableMax(u32(mem, f.pcdata[pcdataInlTreeIndex]))
					if err != nil {
						return 0, err
					}
					n = int(last+1) * inlinedCallSize
				}
			case funcdataArgInfo:
				if n, err = argInfoSize(t.funcdataBytes(off)); err != nil {
					return 0, fmt.Errorf("_func at %#x: %w", f.addr, err)
				}
			case funcdataArgLiveInfo: // its length is not recorded: its slot alone goes
			default:
				keptData[off] = true
				continue
			}
			dropData[off] = max(dropData[off], n)
			put(a, ^uint32(0))
		}
		// pcsp, which the collector and unwinding read, then the pcdata.
		for i, off := range f.keep {
			n, err := t.tableSize(off)
			if err != nil {
				return 0, err
			}
			mark := byte(2)
			if p := i - 1; p == pcdataUnsafePoint || p == pcdataInlTreeIndex || p == pcdataArgLiveIndex {
				mark = 1
				put(f.pcdata[p], 0)
			}
			for j := int(off); j < int(off)+n; j++ {
				marks[j] = max(marks[j], mark)
			}
		}
	}
	zeroed := 0
	for i, m := range marks {
		if m == 1 && mem[t.pctab.addr+i] != 0 {
			mem[t.pctab.addr+i] = 0
			zeroed++
		}
	}
	// Funcdata are symbols of their own, which do not overlap: one a
	// function keeps starts at an offset of its own.
	kept := slices.Sorted(maps.Keys(keptData))
	for off, n := range dropData {
		i, _ := slices.BinarySearch(kept, off)
		if keptData[off] || i < len(kept) && kept[i] < off+uint32(n) {
			continue
		}
		for a := t.gofunc.addr + int(off); a < t.gofunc.addr+int(off)+n && a < t.gofunc.end(); a++ {
			if mem[a] != 0 {
				mem[a] = 0
				zeroed++
			}
		}
	}
	return zeroed, nil
}

// argInfoSize returns the length of the arguments' layout that starts b,
// read as runtime/traceback.go's printArgs reads it.
func argInfoSize(b []byte) (int, error) {
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == traceArgsEndSeq:
			return i + 1, nil
		case c < traceArgsSpecial:
			i++ // an argument: its offset, then its size
		}
	}
	return 0, fmt.Errorf("arguments' layout not ended before the end of pclntab")
}

// stackMapSize returns the length of the stack map (runtime.stackmap,
// runtime/symtab.go) that starts b: its count of bitmaps and their length
// in bits, two int32s, then the bitmaps, each in whole bytes.
func stackMapSize(b []byte) (int, error) {
	if len(b) < 8 {
		return 0, fmt.Errorf("stack map past the end of pclntab")
	}
	n, bits := int64(int32(binary.LittleEndian.Uint32(b))), int64(int32(binary.LittleEndian.Uint32(b[4:])))
	size := 8 + n*((bits+7)/8)
	if n < 0 || bits < 0 || size > int64(len(b)) {
		return 0, fmt.Errorf("stack map of %d bitmaps of %d bits past the end of pclntab", n, bits)
	}
	return int(size), nil
}
