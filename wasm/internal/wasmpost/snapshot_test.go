package wasmpost

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"go/build"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// snapModule returns a module laid out as Go's linker lays out one for
// js/wasm, as far as the snapshot reads it: made by Go version v, with the
// globals gs, the gojs imports named, the ABI's exports, one memory of
// pages pages and the segments.
func snapModule(v string, gs []global, imports []string, pages uint32, segs []Segment) []byte {
	var imp []byte
	imp = appendULEB(imp, uint64(len(imports)))
	for _, name := range imports {
		imp = appendULEB(imp, 4)
		imp = append(imp, "gojs"...)
		imp = appendULEB(imp, uint64(len(name)))
		imp = append(imp, name...)
		imp = append(imp, 0, 0) // a function of type 0
	}
	var exp []byte
	exp = appendULEB(exp, uint64(len(goExports)))
	for i, name := range goExports {
		kind := byte(0)
		if name == "mem" {
			kind = 2
		}
		exp = appendULEB(exp, uint64(len(name)))
		exp = append(exp, name...)
		exp = append(exp, kind)
		exp = appendULEB(exp, uint64(i))
	}
	prod := appendULEB(nil, 9)
	prod = append(prod, "producers"...)
	prod = appendULEB(prod, 1)
	for _, s := range []string{"language", "", "Go", v} {
		if s == "" {
			prod = appendULEB(prod, 1)
			continue
		}
		prod = appendULEB(prod, uint64(len(s)))
		prod = append(prod, s...)
	}
	m := &Module{Sections: []Section{
		{ID: sectionImport, Payload: imp},
		{ID: sectionMemory, Payload: appendULEB([]byte{1, 0}, uint64(pages))},
		{ID: sectionGlobal, Payload: encodeGlobals(gs)},
		{ID: sectionExport, Payload: exp},
		{ID: sectionData, Payload: encodeData(segs)},
		{ID: sectionCustom, Payload: prod},
	}}
	return m.Bytes()
}

// goGlobalsZero returns Go's eight globals, each initially 0.
func goGlobalsZero() []global {
	var gs []global
	for _, g := range goGlobals {
		op := byte(0x41)
		if g.typ == 0x7e {
			op = 0x42
		}
		gs = append(gs, global{typ: g.typ, mut: 1, init: []byte{op, 0}})
	}
	return gs
}

func TestSnapshot(t *testing.T) {
	in := snapModule(GoRelease+".8 X:nogreenteagc", goGlobalsZero(), []string{"runtime.wasmExit", "syscall/js.valueGet"}, 1, []Segment{{4096, []byte{1, 2, 3}}})
	probe, err := ExportGlobals(in)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := Parse(probe)
	names, _ := exportNames(m)
	for i := range goGlobals {
		if !strings.Contains(strings.Join(names, " "), GlobalExport(i)) {
			t.Errorf("global %d not exported: %v", i, names)
		}
	}

	mem := make([]byte, 2*pageSize)
	copy(mem[4096:], []byte{1, 2, 3})
	copy(mem[70000:], []byte{9, 9, 9, 9})
	copy(mem[100000:], bytes.Repeat([]byte{7}, 16)) // random state, written as zeros
	st := State{
		Memory:  mem,
		Globals: []uint64{0x2b0fd8, 1 << 40, 0xffffffffffffffff, 0, 0, 0, 0, 1},
		Fresh:   []Range{{100000, 16}},
		Start:   []byte(`{"ops":[]}`),
		// A synthetic module has no pclntab to find its initialisers by;
		// the JavaScript tests run the module that ships, which drops them.
		KeepInits: true,
	}
	out, err := Snapshot(in, st)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckABI(out); err != nil {
		t.Errorf("the snapshot is refused: %v", err)
	}
	sm, _ := Parse(out)
	if pages, _ := memoryPages(sm); pages != 2 {
		t.Errorf("memory of %d pages, want 2", pages)
	}
	want := bytes.Clone(mem)
	clear(want[100000:100016])
	if got := snapImage(t, sm); !bytes.Equal(got, want[:len(got)]) || len(got) != 70004 {
		t.Errorf("memory image differs (%d bytes)", len(got))
	}
	gs, _ := globals(sm)
	for i, g := range gs {
		r := reader{b: g.init[1:]}
		var v int64
		if g.typ == 0x7f {
			v = int64(uint32(r.sleb32()))
		} else {
			v = r.sleb64()
		}
		if uint64(v) != st.Globals[i] {
			t.Errorf("global %d = %#x, want %#x", i, v, st.Globals[i])
		}
	}
	if payload, ok := sm.custom(StartSection); !ok || string(payload) != `{"ops":[]}` {
		t.Errorf("start section %q, %v", payload, ok)
	}
	if _, err := Snapshot(out, st); err == nil {
		t.Error("a pre-initialised module was pre-initialised again")
	}
	if _, err := Snapshot(in, State{Memory: mem[:pageSize+1], Globals: st.Globals}); err == nil {
		t.Error("a memory of a page and a byte was taken")
	}
}

func snapImage(t *testing.T, m *Module) []byte {
	t.Helper()
	mem, _, err := memoryImage(m, 1<<32)
	if err != nil {
		t.Fatal(err)
	}
	return mem
}

// TestCheckABI checks that a module of another toolchain, or with other
// globals or gojs imports than the loader knows, is refused.
func TestCheckABI(t *testing.T) {
	ok := snapModule(GoRelease+".0", goGlobalsZero(), []string{"runtime.wasmExit"}, 1, nil)
	if err := CheckABI(ok); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		wasm []byte
		want string
	}{
		{snapModule("go1.99.1", goGlobalsZero(), nil, 1, nil), "written for " + GoRelease + "'s WebAssembly ABI"},
		{snapModule("devel go1.99-abcdef", goGlobalsZero(), nil, 1, nil), "written for " + GoRelease + "'s WebAssembly ABI"},
		{snapModule(GoRelease+".1", goGlobalsZero()[:7], nil, 1, nil), "7 globals"},
		{snapModule(GoRelease+".1", append(goGlobalsZero()[:1], goGlobalsZero()[:7]...), nil, 1, nil), "global 1 (CTXT)"},
		{snapModule(GoRelease+".1", goGlobalsZero(), []string{"syscall/js.valueFrobnicate"}, 1, nil), "gojs.syscall/js.valueFrobnicate"},
	} {
		if err := CheckABI(c.wasm); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want one naming %q", err, c.want)
		}
		if _, err := ExportGlobals(c.wasm); err == nil {
			t.Errorf("ExportGlobals took a module CheckABI refuses (%s)", c.want)
		}
	}
}

// TestFindRandom checks that the chacha8 states and the cheap generator
// are found in two memories that differ in them, and nothing else.
func TestFindRandom(t *testing.T) {
	const seed, m0 = 1000, 5000
	mems := [2][]byte{make([]byte, 8192), make([]byte, 8192)}
	for k, mem := range mems {
		fill := func(at, n int) {
			for i := at; i < at+n; i++ {
				mem[i] = byte(i*7 + k*101 + 1)
			}
		}
		for _, at := range []int{seed + 32, m0} {
			fill(at, 288)
			binary.LittleEndian.PutUint32(mem[at+288:], 5)  // i
			binary.LittleEndian.PutUint32(mem[at+292:], 32) // n
			binary.LittleEndian.PutUint32(mem[at+296:], 4)  // c
		}
		fill(m0+304, 4) // cheaprand
		fill(m0+312, 8) // cheaprand64
		fill(7000, 64)  // a map laid out by a seed: differs, but is no state
	}
	got, err := FindRandom(mems[0], mems[1], seed)
	if err != nil {
		t.Fatal(err)
	}
	want := []Range{{seed + 32, 288}, {m0, 288}, {m0 + 304, 16}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("ranges %v, want %v", got, want)
	}
	if _, err := FindRandom(mems[0], mems[1], seed+8); err == nil {
		t.Error("a seed address with no state after it was taken")
	}
	// runtime.m as Go 1.26 laid it out: one cheaprand, a uint64, at 304.
	old := slices.Clone(mems[1])
	copy(old[m0+312:m0+320], mems[0][m0+312:m0+320])
	if _, err := FindRandom(mems[0], old, seed); err == nil || !strings.Contains(err.Error(), "without cheaprand and cheaprand64") {
		t.Errorf("error %v, want one saying cheaprand64 was not found", err)
	}
	clear(mems[1][m0 : m0+400])
	copy(mems[1][m0:m0+400], mems[0][m0:m0+400])
	if _, err := FindRandom(mems[0], mems[1], seed); err == nil || !strings.Contains(err.Error(), "0 per-m") {
		t.Errorf("error %v, want one saying no per-m state was found", err)
	}
}

// TestDeadStack checks that the dead part of the paused goroutine's stack
// is found from the SP and g globals, and that an SP outside the stack is
// refused.
func TestDeadStack(t *testing.T) {
	mem := make([]byte, 65536)
	const g, lo, hi = 1024, 8192, 10240
	binary.LittleEndian.PutUint64(mem[g:], lo)
	binary.LittleEndian.PutUint64(mem[g+8:], hi)
	globals := []uint64{hi - 40, 0, g, 0, 0, 0, 0, 0}
	if r, err := DeadStack(mem, globals); err != nil || r != (Range{lo, hi - 40 - lo}) {
		t.Errorf("DeadStack = %v, %v", r, err)
	}
	globals[0] = hi + 8
	if _, err := DeadStack(mem, globals); err == nil {
		t.Error("an SP above the stack was taken")
	}
}

// TestHashKey checks that the seed of the recording run gives a hash key
// under which every length of key a map hashes keeps the map's seed, always
// the same key, and that the key is found in a memory that holds it.
func TestHashKey(t *testing.T) {
	seed := PickSeed()
	if seed != PickSeed() {
		t.Error("PickSeed differs from call to call")
	}
	key := [4]uint64(chacha8Outputs(seed, 4))
	if !SafeHashKey(key) {
		t.Errorf("PickSeed's hash key %x is not safe", key)
	}
	mem := make([]byte, 4096)
	for i, w := range chacha8Outputs(seed, 8)[2:6] {
		binary.LittleEndian.PutUint64(mem[1000+8*i:], w)
	}
	addr, got, err := FindHashKey(mem, seed)
	if err != nil || addr != 1000 || got != [4]uint64(chacha8Outputs(seed, 6)[2:]) {
		t.Errorf("FindHashKey = %d, %x, %v", addr, got, err)
	}
	if _, _, err := FindHashKey(make([]byte, 4096), seed); err == nil {
		t.Error("a hash key was found in zeros")
	}
}

// strHash32 is Go's map hash of a string on WebAssembly, as
// internal/runtime/maps/runtime_hash32.go computes it under hashkey.
func strHash32(hashkey [4]uint64, s string, seed uint64) uint32 {
	mix := func(a, b uint32) (uint32, uint32) {
		c := uint64(a^uint32(hashkey[1])) * uint64(b^uint32(hashkey[2]))
		return uint32(c), uint32(c >> 32)
	}
	r4 := func(i int) uint32 { return binary.LittleEndian.Uint32([]byte(s[i : i+4])) }
	n := len(s)
	a, b := mix(uint32(seed), uint32(uint64(n)^hashkey[0]))
	if n == 0 {
		return a ^ b
	}
	p := 0
	for ; n > 8; n -= 8 {
		a ^= r4(p)
		b ^= r4(p + 4)
		a, b = mix(a, b)
		p += 8
	}
	if n >= 4 {
		a ^= r4(p)
		b ^= r4(p + n - 4)
	} else {
		b ^= uint32(s[p]) | uint32(s[p+n>>1])<<8 | uint32(s[p+n-1])<<16
	}
	a, b = mix(a, b)
	a, b = mix(a, b)
	return a ^ b
}

// TestKeysChosenToCollideUnderAnUnsafeHashKey: under a hash key with
// uint32(key[0]^key[2]) = 16, a 16-byte key hashes alike whatever the map's
// seed, so two keys found to collide once collide in every map; SafeHashKey
// refuses that key, and under PickSeed's the seed changes the hash of those
// keys of every length.
func TestKeysChosenToCollideUnderAnUnsafeHashKey(t *testing.T) {
	unsafeKey := [4]uint64{0x0123456789abcdef, 0xf8f9fafbfcfdfeff, 0x0123456789abcdef ^ 16, 0xfffefdfcfbfaf9f8}
	if SafeHashKey(unsafeKey) {
		t.Errorf("a hash key leaving 16-byte keys without the seed is safe")
	}
	seen := map[uint32]string{}
	var k1, k2 string
	for i := 0; k2 == ""; i++ {
		k := fmt.Sprintf("key-%012d", i)
		h := strHash32(unsafeKey, k, 1)
		if other, ok := seen[h]; ok {
			k1, k2 = other, k
		}
		seen[h] = k
	}
	for _, seed := range []uint64{1, 2, 0xdeadbeef, 1 << 40} {
		if h1, h2 := strHash32(unsafeKey, k1, seed), strHash32(unsafeKey, k2, seed); h1 != h2 {
			t.Errorf("under seed %#x, %q and %q hash apart (%#x, %#x): the seed was not ignored", seed, k1, k2, h1, h2)
		}
	}
	safe := [4]uint64(chacha8Outputs(PickSeed(), 4))
	for _, k := range []string{"", "a", "abcd", k1, k1 + k2, strings.Repeat("x", 100)} {
		if strHash32(safe, k, 1) == strHash32(safe, k, 2) {
			t.Errorf("under PickSeed's hash key, %q hashes alike under seeds 1 and 2", k)
		}
	}
}

// TestMapHashIsHash32: the hash Go's maps run on WebAssembly, which
// strHash32 copies, is runtime_hash32.go's: the build of
// internal/runtime/maps for js/wasm holds that file, not runtime_hash64.go,
// and computes as strHash32 does.
func TestMapHashIsHash32(t *testing.T) {
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH = "js", "wasm"
	pkg, err := ctx.Import("internal/runtime/maps", "", 0)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(pkg.GoFiles, "runtime_hash32.go") || slices.Contains(pkg.GoFiles, "runtime_hash64.go") {
		t.Fatalf("internal/runtime/maps for js/wasm builds %v", pkg.GoFiles)
	}
	src, err := os.ReadFile(filepath.Join(pkg.Dir, "runtime_hash32.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"func memHashFallback(p unsafe.Pointer, seed, s uintptr) uintptr {\n\ta, b := mix32(uint32(seed), uint32(s^hashkey[0]))",
		"c := uint64(a^uint32(hashkey[1])) * uint64(b^uint32(hashkey[2]))",
	} {
		if !bytes.Contains(src, []byte(line)) {
			t.Errorf("runtime_hash32.go no longer holds %q, which strHash32 copies", line)
		}
	}
}

// TestIsPackageInit checks which functions a pre-initialised module drops:
// package initialisers, never a closure they made or a method named init.
func TestIsPackageInit(t *testing.T) {
	for name, want := range map[string]bool{
		"runtime.init":                         true,
		"runtime.init.5":                       true,
		"unicode.map.init.2":                   true,
		"github.com/jtacoma/uritemplates.init": true,
		"github.com/endpoint-wasm/endpoint-wasm/core.init.0": true,
		"main.init":                        true,
		"sync.init.0.func1":                false,
		"runtime.(*mheap).init":            false,
		"internal/godebug.(*setting).init": false,
		"pkg.T.init":                       false,
		"pkg.map.init":                     false,
		"pkg.init.x":                       false,
		"pkg.initialize":                   false,
		"pkg.init.":                        false,
		"runtime.schedinit":                false,
		"gopkg.in/yaml.v3.init":            false,
	} {
		if got := isPackageInit(name); got != want {
			t.Errorf("isPackageInit(%q) = %v, want %v", name, got, want)
		}
	}
}
