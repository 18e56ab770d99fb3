package wasmpost

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// A pre-initialised module is a module made by Go's linker whose Go start
// (runtime, package inits, main until it blocks) ran at build time: its
// memory image is its data section, the globals its initial values, and a
// custom section (StartSection) holds what the loader needs to rebuild the
// JavaScript side (wasm_exec.js's value table) and what it must make fresh.
// Building one takes three steps: [ExportGlobals] makes a build-time copy
// that exports the globals, a recording run of it (js/snapshot.mjs) takes
// memory, globals and the JavaScript operations of Go's start, and
// [Snapshot] writes them into the module.

// StartSection is the name of the custom section of a pre-initialised
// module.
const StartSection = "endpoint-wasm.start"

// global is one entry of the global section.
type global struct {
	typ, mut byte
	init     []byte // the constant expression, without its end
}

// CheckABI refuses a module whose WebAssembly ABI the snapshot was not
// written for: another Go release, other globals, other exports or gojs
// imports than GoRelease's.
func CheckABI(wasm []byte) error {
	m, err := Parse(wasm)
	if err != nil {
		return err
	}
	return checkABI(m)
}

func checkABI(m *Module) error {
	v, err := goVersion(m)
	if err != nil {
		return err
	}
	if release(v) != GoRelease {
		return fmt.Errorf("module made by %s; the pre-initialised module is written for %s's WebAssembly ABI (its globals, run and resume, wasm_exec.js's value table): follow \"Upgrading Go\" in docs/design.md", v, GoRelease)
	}
	gs, err := globals(m)
	if err != nil {
		return err
	}
	if len(gs) != len(goGlobals) {
		return fmt.Errorf("%d globals, want Go's %d", len(gs), len(goGlobals))
	}
	for i, g := range gs {
		if g.typ != goGlobals[i].typ || g.mut != 1 {
			return fmt.Errorf("global %d (%s): type %#x mutable %d, want type %#x mutable", i, goGlobals[i].name, g.typ, g.mut, goGlobals[i].typ)
		}
	}
	exports, err := exportNames(m)
	if err != nil {
		return err
	}
	for _, name := range goExports {
		if !slices.Contains(exports, name) {
			return fmt.Errorf("no export %q", name)
		}
	}
	imports, err := importNames(m)
	if err != nil {
		return err
	}
	for _, name := range imports {
		if mod, field, _ := bytes.Cut([]byte(name), []byte{0}); string(mod) == "gojs" && !slices.Contains(gojsImports, string(field)) {
			return fmt.Errorf("import gojs.%s, which the loader does not know", field)
		}
	}
	return nil
}

// globals reads the global section.
func globals(m *Module) ([]global, error) {
	payload, ok := m.section(sectionGlobal)
	if !ok {
		return nil, errors.New("no global section")
	}
	return entries(payload, "global", func(r *reader, i uint32) (global, error) {
		typ, mut := r.byte(), r.byte()
		start := r.off
		switch op := r.byte(); op {
		case 0x41:
			r.sleb32()
		case 0x42:
			r.sleb64()
		default:
			return global{}, fmt.Errorf("global %d: initial value is not an i32.const or i64.const (opcode %#x)", i, op)
		}
		init := r.b[start:r.off]
		if end := r.byte(); end != 0x0b && r.err == nil {
			return global{}, fmt.Errorf("global %d: initial value longer than one constant", i)
		}
		return global{typ: typ, mut: mut, init: init}, nil
	})
}

// encodeGlobals writes gs as a global section.
func encodeGlobals(gs []global) []byte {
	b := appendULEB(nil, uint64(len(gs)))
	for _, g := range gs {
		b = append(b, g.typ, g.mut)
		b = append(b, g.init...)
		b = append(b, 0x0b)
	}
	return b
}

// export is one entry of the export section.
type export struct {
	name  string
	kind  byte
	index uint32
}

func exports(m *Module) ([]export, error) {
	payload, ok := m.section(sectionExport)
	if !ok {
		return nil, errors.New("no export section")
	}
	return entries(payload, "export", func(r *reader, _ uint32) (export, error) {
		name := r.name()
		kind := r.byte()
		return export{name, kind, r.uleb32()}, nil
	})
}

func exportNames(m *Module) ([]string, error) {
	es, err := exports(m)
	var names []string
	for _, e := range es {
		names = append(names, e.name)
	}
	return names, err
}

// importNames returns "module\x00field" for each function import.
func importNames(m *Module) ([]string, error) {
	payload, ok := m.section(sectionImport)
	if !ok {
		return nil, nil
	}
	return entries(payload, "import", func(r *reader, _ uint32) (string, error) {
		mod, field := r.name(), r.name()
		if kind := r.byte(); kind != 0 && r.err == nil {
			return "", fmt.Errorf("import %s.%s: kind %d, want a function", mod, field, kind)
		}
		r.uleb32() // type index
		return mod + "\x00" + field, nil
	})
}

// dropExport removes the export name from the module.
func dropExport(m *Module, name string) error {
	es, err := exports(m)
	if err != nil {
		return err
	}
	n := len(es)
	es = slices.DeleteFunc(es, func(e export) bool { return e.name == name })
	if len(es) == n {
		return fmt.Errorf("no export %q", name)
	}
	m.setSection(sectionExport, encodeExports(es))
	return nil
}

// encodeExports writes es as an export section.
func encodeExports(es []export) []byte {
	b := appendULEB(nil, uint64(len(es)))
	for _, e := range es {
		b = appendULEB(b, uint64(len(e.name)))
		b = append(b, e.name...)
		b = append(b, e.kind)
		b = appendULEB(b, uint64(e.index))
	}
	return b
}

// GlobalExport is the name under which ExportGlobals exports global i.
func GlobalExport(i int) string { return fmt.Sprintf("wasmpost.global%d", i) }

// ExportGlobals returns a copy of the module that exports its globals as
// GlobalExport(i), so that a recording run can read them. It is for the
// build only: the module that ships exports none.
func ExportGlobals(wasm []byte) ([]byte, error) {
	m, err := Parse(wasm)
	if err != nil {
		return nil, err
	}
	if err := checkABI(m); err != nil {
		return nil, err
	}
	es, err := exports(m)
	if err != nil {
		return nil, err
	}
	for i := range goGlobals {
		es = append(es, export{GlobalExport(i), 3, uint32(i)})
	}
	m.setSection(sectionExport, encodeExports(es))
	return m.Bytes(), nil
}

// State is what a recording run found once main blocked.
type State struct {
	// Memory is linear memory, a whole number of pages.
	Memory []byte
	// Globals are the values of the module's globals, in order; an i32's
	// is its bits in the low 32.
	Globals []uint64
	// Fresh are the ranges of Memory that the loader fills with fresh
	// random bytes; they are written as zeros.
	Fresh []Range
	// Zero are ranges of Memory that no one reads before writing them
	// (DeadStack), written as zeros so that they weigh nothing.
	Zero []Range
	// Start is the payload of StartSection (the loader's instructions).
	Start []byte
	// MinGap is the shortest run of zero bytes that ends a data segment;
	// 0 means DefaultMinGap.
	MinGap int
	// KeepInits keeps the bodies of the package initialisers, which
	// Snapshot otherwise drops (dropInits).
	KeepInits bool
	// Heap is the heap dump the recording run took as its last act
	// (PrepareExport writes it). With it, Snapshot also drops the bodies
	// of the functions the module can no longer run (Reachable) and the
	// export PrepareExport, which the module that ships does not need.
	Heap *HeapDump
}

// PrepareExport is the export the recording run calls last: it ends the
// module's preparation and writes the heap dump (wasm/prepare.go).
const PrepareExport = "ew_prepare"

// Range is a stretch of memory: its address and length in bytes.
type Range struct{ Addr, Len uint32 }

// Snapshot returns the module with st as its initial state: the memory
// image as its data section (in wasmpost's layout), the memory's initial
// size that of st.Memory, the globals' initial values st.Globals, and
// st.Start as the custom section StartSection, after the others.
func Snapshot(wasm []byte, st State) ([]byte, error) {
	m, err := Parse(wasm)
	if err != nil {
		return nil, err
	}
	if err := checkABI(m); err != nil {
		return nil, err
	}
	if _, ok := m.custom(StartSection); ok {
		return nil, errors.New("the module is pre-initialised already")
	}
	if len(st.Memory) == 0 || len(st.Memory)%pageSize != 0 {
		return nil, fmt.Errorf("memory of %d bytes, not a whole number of pages", len(st.Memory))
	}
	pages, err := memoryPages(m)
	if err != nil {
		return nil, err
	}
	if uint32(len(st.Memory)/pageSize) < pages {
		return nil, fmt.Errorf("memory of %d pages, fewer than the module's initial %d", len(st.Memory)/pageSize, pages)
	}
	gs, err := globals(m)
	if err != nil {
		return nil, err
	}
	if len(st.Globals) != len(gs) {
		return nil, fmt.Errorf("%d global values for %d globals", len(st.Globals), len(gs))
	}
	for i, v := range st.Globals {
		if gs[i].typ == 0x7f {
			gs[i].init = appendSLEB([]byte{0x41}, int64(int32(uint32(v))))
		} else {
			gs[i].init = appendSLEB([]byte{0x42}, int64(v))
		}
	}
	m.setSection(sectionGlobal, encodeGlobals(gs))
	zero := append(slices.Clone(st.Fresh), st.Zero...)
	if !st.KeepInits {
		_, names, err := dropInits(m, st.Memory)
		if err != nil {
			return nil, err
		}
		zero = append(zero, names...)
	}
	if st.Heap != nil {
		// run starts Go, which a pre-initialised module has done: the loader
		// restores it instead (js/load.js), and its body goes too.
		live, err := Reachable(m, st.Memory, st.Globals, st.Heap, []string{PrepareExport, runExport})
		if err != nil {
			return nil, fmt.Errorf("the functions the module can still run: %w", err)
		}
		if _, err := emptyFunctions(m, func(idx int) bool { return !live[idx] }); err != nil {
			return nil, err
		}
		tables, err := deadTables(st.Memory, live)
		if err != nil {
			return nil, fmt.Errorf("pclntab: %w", err)
		}
		zero = append(zero, tables...)
		if err := dropExport(m, PrepareExport); err != nil {
			return nil, err
		}
	}
	mem := slices.Clone(st.Memory)
	for _, f := range zero {
		if uint64(f.Addr)+uint64(f.Len) > uint64(len(mem)) {
			return nil, fmt.Errorf("range %#x+%d outside memory", f.Addr, f.Len)
		}
		clear(mem[f.Addr : f.Addr+f.Len])
	}
	if _, err := m.setMemory(mem, st.MinGap, true); err != nil {
		return nil, err
	}
	// The memory's limits: the recorded size as minimum, no maximum, as the
	// linker writes them.
	m.setSection(sectionMemory, appendULEB(append(appendULEB(nil, 1), 0), uint64(len(st.Memory)/pageSize)))
	custom := appendULEB(nil, uint64(len(StartSection)))
	custom = append(custom, StartSection...)
	custom = append(custom, st.Start...)
	m.Sections = append(m.Sections, Section{ID: sectionCustom, Payload: custom})
	return m.Bytes(), nil
}

// FindRandom finds the random state of Go's runtime in two memories of
// one recording run made with different random bytes (a and b), given the
// address of the 32-byte seed that the runtime read with getRandomData
// (runtime.globalRand.seed): the chacha8 state after it, and each other
// chacha8 state and per-m cheap generator that differs between the two
// (the m's, runtime.m.chacha8, cheaprand and cheaprand64), recognised by
// its layout (release.go): 256 bytes of buffer and 32 of seed that differ,
// then the counters i, n and c, equal, with n 32 or 28 and i at most n. It
// returns the ranges to fill afresh: the buffers and seeds, and the cheap
// generators.
func FindRandom(a, b []byte, seedAddr uint32) ([]Range, error) {
	if len(a) != len(b) {
		return nil, errors.New("memories of different sizes")
	}
	const stateLen, counters = chacha8Len, chacha8Counters
	isState := func(addr int) bool {
		if addr < 0 || addr+mCheaprand+mCheaprandLen > len(a) {
			return false
		}
		ca, cb := a[addr+stateLen:addr+stateLen+counters], b[addr+stateLen:addr+stateLen+counters]
		i, n, c := binary.LittleEndian.Uint32(ca), binary.LittleEndian.Uint32(ca[4:]), binary.LittleEndian.Uint32(ca[8:])
		if !bytes.Equal(ca, cb) || n != 32 && n != 28 || i > n || c%4 != 0 || c >= 16 {
			return false
		}
		// Every word of buffer and seed differs.
		for w := addr; w < addr+stateLen; w += 8 {
			if bytes.Equal(a[w:w+8], b[w:w+8]) {
				return false
			}
		}
		return true
	}
	global := int(seedAddr) + 32
	if !isState(global) {
		return nil, fmt.Errorf("no chacha8 state after the seed at %#x (runtime.globalRand's layout changed?)", seedAddr)
	}
	fresh := []Range{{uint32(global), stateLen}}
	for addr := 0; addr+stateLen <= len(a); addr += 8 {
		if addr == global || !isState(addr) {
			continue
		}
		cheap := addr + mCheaprand // runtime.m.cheaprand and cheaprand64
		differs := func(at, n int) bool { return !bytes.Equal(a[at:at+n], b[at:at+n]) }
		if !differs(cheap, 4) || !differs(cheap+mCheaprandLen-8, 8) {
			return nil, fmt.Errorf("chacha8 state at %#x without cheaprand and cheaprand64 after it (runtime.m's layout changed?)", addr)
		}
		fresh = append(fresh, Range{uint32(addr), stateLen}, Range{uint32(cheap), mCheaprandLen})
		addr += stateLen
	}
	if len(fresh) != 3 {
		return nil, fmt.Errorf("%d per-m random states, want m0's alone", (len(fresh)-1)/2)
	}
	return fresh, nil
}

// DeadStack returns the part of the paused goroutine's stack below the
// stack pointer: the frames of calls that have returned, which the next
// call into Go writes before it reads them. mem and globals are a
// recording's; the goroutine is the g global's, whose stack bounds are the
// first two words of runtime.g.
func DeadStack(mem []byte, globals []uint64) (Range, error) {
	if len(globals) != len(goGlobals) {
		return Range{}, fmt.Errorf("%d global values", len(globals))
	}
	sp, g := globals[0], globals[2]
	if g+gStackHi+8 > uint64(len(mem)) {
		return Range{}, fmt.Errorf("g at %#x outside memory", g)
	}
	lo, hi := binary.LittleEndian.Uint64(mem[g+gStackLo:]), binary.LittleEndian.Uint64(mem[g+gStackHi:])
	if !(lo < sp && sp <= hi && hi <= uint64(len(mem)) && hi-lo <= 1<<20) {
		return Range{}, fmt.Errorf("SP %#x is not in the stack [%#x, %#x) of g at %#x (runtime.g's layout changed?)", sp, lo, hi, g)
	}
	return Range{uint32(lo), uint32(sp - lo)}, nil
}

// The runtime's hash key (hashkey of internal/runtime/maps: four words,
// mixed into the hash of every map key) cannot be made fresh at load: the
// maps made during Go's start are laid out under it. It is therefore the
// same in every instance, and public, being in the module. Go's map hash
// for WebAssembly is the 32-bit one of internal/runtime/maps/runtime_hash32.go
// (its build tags name wasm, though a wasm pointer is eight bytes). A key
// of s bytes starts from mix32(seed, s^hashkey[0]), the product of
// uint32(seed)^hashkey[1] and uint32(s^hashkey[0])^hashkey[2]: for the one
// length s = uint32(hashkey[0]^hashkey[2]) that product is zero whatever the
// map's seed, and keys of that length would hash by the public key alone,
// so that keys chosen to collide would collide in every map of every
// instance. (The key's bytes are XORed only into words already mixed with
// the seed, which no chosen bytes can cancel.) So the build picks the
// random bytes of its recording run such that this length is at least
// 0xF8000000 bytes: no key the engine hashes is that long, since it reads
// at most 16 MiB of a call's input, and its memory holds at most 4 GiB.

// chacha8Outputs returns the first n values of Go's chacha8 generator
// seeded with seed: what runtime.bootstrapRand returns after randinit.
func chacha8Outputs(seed [32]byte, n int) []uint64 {
	r := rand.NewChaCha8(seed)
	out := make([]uint64, n)
	for i := range out {
		out[i] = r.Uint64()
	}
	return out
}

// SafeHashKey reports whether the one key length for which Go's map hash
// on WebAssembly ignores the map's seed, uint32(key[0]^key[2]), is at
// least 0xF8000000 bytes, longer than any key can be.
func SafeHashKey(key [4]uint64) bool {
	return uint32(key[0]^key[2]) >= 0xf8000000
}

// PickSeed returns the random bytes for the recording run: the first of a
// fixed sequence of seeds whose hash key (the runtime's first four random
// values, runtime.alginit) is safe (SafeHashKey).
func PickSeed() [32]byte {
	for n := uint32(0); ; n++ {
		var seed [32]byte
		copy(seed[4:], "endpoint-wasm hash key")
		binary.LittleEndian.PutUint32(seed[:], n)
		out := chacha8Outputs(seed, 4)
		if SafeHashKey([4]uint64(out)) {
			return seed
		}
	}
}

// FindHashKey finds the runtime's hash key in the memory of a recording
// run whose random bytes were seed: four consecutive values of the
// generator, found once, among its first 64.
func FindHashKey(mem []byte, seed [32]byte) (uint32, [4]uint64, error) {
	out := chacha8Outputs(seed, 64)
	for j := 0; j+4 <= len(out); j++ {
		var word [32]byte
		for k := 0; k < 4; k++ {
			binary.LittleEndian.PutUint64(word[8*k:], out[j+k])
		}
		if i := bytes.Index(mem, word[:]); i >= 0 {
			if bytes.Index(mem[i+1:], word[:]) >= 0 {
				return 0, [4]uint64{}, fmt.Errorf("the hash key is in memory twice")
			}
			return uint32(i), [4]uint64(out[j : j+4]), nil
		}
	}
	return 0, [4]uint64{}, errors.New("the runtime's hash key is not in memory as the first values of its random generator (runtime.alginit changed?)")
}

// Package initialisers run once, in Go's start: runtime.doInit1 calls
// them through each package's init task and marks it done, and nothing
// calls them again. In a pre-initialised module they are dead code, which
// V8 would still download and validate: Snapshot replaces their bodies by
// `unreachable`. Only package-level functions are taken, by their names in
// pclntab: "pkg.init", "pkg.init.N" (the package's init functions) and
// "pkg.map.init.N" (its map literals); a closure made by one
// ("pkg.init.0.func1") may have been kept, and stays, as does any method
// named init.
func isPackageInit(name string) bool {
	seg := name[strings.LastIndexByte(name, '/')+1:]
	pkg, rest, ok := strings.Cut(seg, ".")
	if !ok || pkg == "" || strings.ContainsAny(pkg, "()*[]") {
		return false
	}
	rest, ok = strings.CutPrefix(rest, "map.")
	_ = ok
	if rest == "init" {
		return !ok
	}
	n, found := strings.CutPrefix(rest, "init.")
	if !found || n == "" {
		return false
	}
	for _, c := range n {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// dropInits replaces the bodies of the package initialisers
// (isPackageInit) by `unreachable`, the names found through pclntab in
// mem, and returns how many bytes that saves and where their names are in
// mem: code that can never run again needs no name in a traceback either.
func dropInits(m *Module, mem []byte) (int, []Range, error) {
	t, err := findPclntab(mem)
	if err != nil {
		return 0, nil, fmt.Errorf("pclntab: %w", err)
	}
	inits := map[int]bool{}
	var names []Range
	for i := range t.nfunc {
		idx, name, nameOff, err := t.entry(i)
		if err != nil {
			return 0, nil, err
		}
		if isPackageInit(name) {
			names = append(names, Range{uint32(t.funcnametab.addr) + nameOff, uint32(len(name))})
			inits[idx] = true
		}
	}
	saved, err := emptyFunctions(m, func(idx int) bool { return inits[idx] })
	return saved, names, err
}
