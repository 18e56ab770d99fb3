package wasmpost

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
)

func TestLEB128(t *testing.T) {
	for _, v := range []uint32{0, 1, 63, 64, 127, 128, 16383, 16384, 1 << 28, math.MaxUint32} {
		r := reader{b: appendULEB(nil, uint64(v))}
		if got := r.uleb32(); got != v || r.err != nil || !r.done() {
			t.Errorf("uleb32(appendULEB(%d)) = %d, %v", v, got, r.err)
		}
	}
	for _, v := range []int32{0, 1, -1, 63, 64, -64, -65, 8191, -8192, math.MaxInt32, math.MinInt32} {
		r := reader{b: appendSLEB(nil, int64(v))}
		if got := r.sleb32(); got != v || r.err != nil || !r.done() {
			t.Errorf("sleb32(appendSLEB(%d)) = %d, %v", v, got, r.err)
		}
	}
	for _, b := range [][]byte{
		{0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, // six bytes
		{0xff, 0xff, 0xff, 0xff, 0x1f},       // 35 bits
		{0x80},                               // truncated
	} {
		r := reader{b: b}
		if r.uleb32(); r.err == nil {
			t.Errorf("uleb32(% x): no error", b)
		}
	}
	r := reader{b: appendSLEB(nil, math.MaxInt32+1)}
	if r.sleb32(); r.err == nil {
		t.Error("sleb32 of 2^31: no error")
	}
}

// TestLayout checks that the segments layout makes give back the image
// they were made from, and where they end.
func TestLayout(t *testing.T) {
	mem := make([]byte, 10000)
	for _, a := range []int{0, 5, 20, 21, 100, 3000, 3001, 9999} {
		mem[a] = byte(a) | 1
	}
	for _, gap := range []int{1, 8, 16, 100, 1000, 4096} {
		segs := layout(mem, gap)
		got, err := image(segs, uint64(len(mem)))
		if err != nil || !bytes.Equal(got, mem) {
			t.Fatalf("gap %d: image of the layout differs from the image (%v)", gap, err)
		}
		end := -gap
		for _, s := range segs {
			if s.Data[0] == 0 || s.Data[len(s.Data)-1] == 0 {
				t.Errorf("gap %d: segment at %d starts or ends with a zero", gap, s.Offset)
			}
			if int(s.Offset)-end < gap {
				t.Errorf("gap %d: segment at %d follows the last after %d zeros", gap, s.Offset, int(s.Offset)-end)
			}
			end = int(s.Offset) + len(s.Data)
		}
	}
	if n := len(layout(mem, 7000)); n != 1 {
		t.Errorf("gap 7000: %d segments, want 1", n)
	}
	if n := len(layout(make([]byte, 100), 8)); n != 0 {
		t.Errorf("zeros: %d segments, want 0", n)
	}
}

// module returns a module with one memory of pages pages, the segments and
// the extra sections.
func module(pages uint32, segs []Segment, extra ...Section) []byte {
	m := &Module{Sections: []Section{
		{ID: sectionMemory, Payload: appendULEB([]byte{1, 0}, uint64(pages))},
		{ID: sectionData, Payload: encodeData(segs)},
	}}
	m.Sections = append(m.Sections, extra...)
	return m.Bytes()
}

// memoryOf returns the memory image a module gives at instantiation: its
// data section, then its fill.
func memoryOf(t *testing.T, wasm []byte) []byte {
	t.Helper()
	m, err := Parse(wasm)
	if err != nil {
		t.Fatal(err)
	}
	mem, _, err := memoryImage(m, math.MaxUint32)
	if err != nil {
		t.Fatal(err)
	}
	return mem
}

// producers returns a producers section naming Go version v.
func producers(v string) Section {
	b := appendULEB(nil, 9)
	b = append(b, "producers"...)
	b = appendULEB(b, 1)
	for _, s := range []string{"language", "\x01", "Go", v} {
		if s == "\x01" {
			b = appendULEB(b, 1)
			continue
		}
		b = appendULEB(b, uint64(len(s)))
		b = append(b, s...)
	}
	return Section{ID: sectionCustom, Payload: b}
}

func TestRewriteSynthetic(t *testing.T) {
	segs := []Segment{{4096, []byte{1, 2, 3}}, {4107, []byte{4}}, {30000, []byte{5, 0, 6}}, {60000, []byte{7}}}
	in := module(1, segs, Section{ID: sectionCustom, Payload: []byte("\x04keep me")})
	out, res, err := Rewrite(in, Options{KeepLines: true, KeepNames: true, MinGap: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(memoryOf(t, in), memoryOf(t, out)) {
		t.Error("memory image changed")
	}
	if res.SegmentsBefore != 4 || res.SegmentsAfter != 3 {
		t.Errorf("segments %d -> %d, want 4 -> 3", res.SegmentsBefore, res.SegmentsAfter)
	}
	if !bytes.HasSuffix(out, []byte("\x04keep me")) {
		t.Error("custom section lost")
	}
}

// passive makes the first data segment of a module passive.
func passive(wasm []byte) []byte {
	i := bytes.Index(wasm, []byte{0, 0x41})
	wasm[i] = 1
	return wasm
}

func TestRefused(t *testing.T) {
	seg := []Segment{{16, []byte{1}}}
	for _, c := range []struct {
		name, want string
		wasm       []byte
		opt        Options
	}{
		{"not wasm", "not a WebAssembly module", []byte("\x7fELF"), Options{KeepLines: true, KeepNames: true}},
		{"truncated", "unexpected end", module(1, seg)[:20], Options{KeepLines: true, KeepNames: true}},
		{"passive segment", "passive", passive(module(1, seg)), Options{KeepLines: true, KeepNames: true}},
		{"beyond memory", "beyond the memory", module(1, []Segment{{pageSize - 1, []byte{1, 2}}}), Options{KeepLines: true, KeepNames: true}},
		{"no producers", "no producers section", module(1, seg), Options{}},
		{"another Go", "made by go1.99.0", module(1, seg, producers("go1.99.0")), Options{}},
		{"devel Go", "made by devel " + GoRelease, module(1, seg, producers("devel "+GoRelease+"-abc")), Options{}},
		{"no pclntab", "no pclntab header", module(1, seg, producers(GoRelease+".8")), Options{}},
	} {
		_, _, err := Rewrite(c.wasm, c.opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}

// buildModule builds the program pkg (a directory) for js/wasm.
func buildModule(pkg string) ([]byte, error) {
	dir, err := os.MkdirTemp("", "wasmpost")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "prog.wasm")
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go build: %v\n%s", err, b)
	}
	return os.ReadFile(out)
}

// program builds the program pkg for js/wasm, or skips the test where
// the go command cannot make it or Node cannot run it.
func program(t *testing.T, pkg string) []byte {
	t.Helper()
	needGo(t)
	needNode(t)
	b, err := buildModule(pkg)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// needNode skips the test where there is no node to run a module.
func needNode(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node")
	}
}

// goModule builds testdata/prog for js/wasm, once.
var goModule = sync.OnceValues(func() ([]byte, error) { return buildModule("./testdata/prog") })

// needGo skips the test where the go command cannot make a module.
func needGo(t *testing.T) {
	t.Helper()
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("builds a module with the go command")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
}

// realModule returns a module made by Go's linker, or skips the test where
// the go command cannot make one.
func realModule(t *testing.T) []byte {
	t.Helper()
	needGo(t)
	b, err := goModule()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSameMemoryImage(t *testing.T) {
	in := realModule(t)
	out, res, err := Rewrite(in, Options{KeepLines: true, KeepNames: true})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(memoryOf(t, in), memoryOf(t, out)) {
		t.Error("memory image changed")
	}
	if res.SegmentsAfter >= res.SegmentsBefore/100 {
		t.Errorf("%d segments -> %d", res.SegmentsBefore, res.SegmentsAfter)
	}
	t.Logf("%d bytes, %d segments -> %d bytes, %d segments", len(in), res.SegmentsBefore, len(out), res.SegmentsAfter)
}

// TestStripLines checks that only pclntab's file and line tables changed:
// the image differs from the original only inside pctab, cutab, filetab and
// the _funcs' pcfile, pcln, compilation unit and first line fields, all of
// which are now zero.
func TestStripLines(t *testing.T) {
	in := realModule(t)
	out, res, err := Rewrite(in, Options{KeepNames: true})
	if err != nil {
		t.Fatal(err)
	}
	before, after := memoryOf(t, in), memoryOf(t, out)
	tab, funcs, err := pclntabFunctions(before)
	if err != nil {
		t.Fatal(err)
	}
	allowed := make(map[int]bool)
	for _, f := range funcs {
		for i := range 8 {
			allowed[f.addr+funcPcfile+i] = true
			allowed[f.addr+funcCuOffset+i] = true // and startLine
		}
	}
	changed := 0
	for a := range max(len(before), len(after)) {
		var b, c byte
		if a < len(before) {
			b = before[a]
		}
		if a < len(after) {
			c = after[a]
		}
		if b == c {
			continue
		}
		changed++
		inTables := a >= tab.cutab.addr && a < tab.pctab.end()
		if c != 0 || !inTables && !allowed[a] {
			t.Fatalf("byte at %#x: %#x -> %#x, outside the file and line tables", a, b, c)
		}
	}
	if res.Zeroed == 0 || changed == 0 {
		t.Errorf("zeroed %d bytes, %d changed", res.Zeroed, changed)
	}
	if _, _, err := pclntabFunctions(after); err != nil {
		t.Errorf("rewritten pclntab: %v", err)
	}
}

// names returns the name of every function of the pclntab in mem.
func names(t *testing.T, mem []byte) []string {
	t.Helper()
	tab, funcs, err := pclntabFunctions(mem)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range funcs {
		name, ok := nameAt(mem[tab.funcnametab.addr:tab.funcnametab.end()], u32(mem, f.addr+funcNameOff))
		if !ok {
			t.Fatalf("_func at %#x: name not ended", f.addr)
		}
		out = append(out, name)
	}
	return out
}

// TestStripNames checks that a release rewrite leaves no function name but
// those the runtime reads and those the snapshot needs, that only
// funcnametab and the _funcs' name offsets changed, and that KeepNames
// (DEBUG=1) keeps every name.
func TestStripNames(t *testing.T) {
	in := realModule(t)
	kept, _, err := Rewrite(in, Options{KeepLines: true, KeepNames: true})
	if err != nil {
		t.Fatal(err)
	}
	out, res, err := Rewrite(in, Options{KeepLines: true})
	if err != nil {
		t.Fatal(err)
	}
	before, after := memoryOf(t, in), memoryOf(t, out)
	if !bytes.Equal(before, memoryOf(t, kept)) {
		t.Error("KeepNames changed the memory image")
	}
	// What else only tracebacks read goes with the names (TestStripFrames).
	if _, err := StripFrames(before); err != nil {
		t.Fatal(err)
	}
	orig, got := names(t, before), names(t, after)
	if len(orig) != len(got) {
		t.Fatalf("%d functions, then %d", len(orig), len(got))
	}
	seen := map[string]int{}
	for i, name := range orig {
		want := ""
		switch {
		case slices.Contains(runtimeReadsNames, name) || isPackageInit(name) || name == typelinksFunc:
			want = name
		case strings.HasPrefix(name, "runtime."):
			want = "runtime."
		}
		if got[i] != want {
			t.Errorf("function %d, %q: named %q, want %q", i, name, got[i], want)
		}
		seen[want]++
	}
	if seen[""] == 0 || seen["runtime."] == 0 || len(seen) < 3 {
		t.Errorf("names after the rewrite, by count: %v; want some emptied, some runtime., some kept", seen)
	}
	tab, _ := findPclntab(before)
	funcs, _ := tab.functions()
	allowed := make(map[int]bool)
	for _, f := range funcs {
		for i := range 4 {
			allowed[f.addr+funcNameOff+i] = true
		}
	}
	for a := range before {
		inNames := a >= tab.funcnametab.addr && a < tab.funcnametab.end()
		if before[a] != after[a] && !inNames && !allowed[a] {
			t.Fatalf("byte at %#x: %#x -> %#x, outside the names", a, before[a], after[a])
		}
	}
	left := 0
	for _, c := range after[tab.funcnametab.addr:tab.funcnametab.end()] {
		if c != 0 {
			left++
		}
	}
	if res.NamesZeroed == 0 || left > tab.funcnametab.size/5 {
		t.Errorf("zeroed %d bytes of names; %d of %d bytes of funcnametab left", res.NamesZeroed, left, tab.funcnametab.size)
	}
}

// TestStripFrames checks that a release rewrite leaves every function
// without inline tree, arguments' layout and unsafe points, and changes
// nothing else: the other slots of each _func and the tables they point
// at are as they were, and every other byte that changed became zero. That
// the program runs the same without them, its collector and stack growth
// included, is TestRun's; that a build for debugging still prints inlined
// frames, too.
func TestStripFrames(t *testing.T) {
	before := memoryOf(t, realModule(t))
	after := slices.Clone(before)
	zeroed, err := StripFrames(after)
	if err != nil {
		t.Fatal(err)
	}
	tab, funcs, err := pclntabFunctions(before)
	if err != nil {
		t.Fatal(err)
	}
	slot := map[int]bool{} // the bytes of the slots dropped
	trees := 0
	for _, f := range funcs {
		for i, a := range f.pcdata {
			drop := i == pcdataUnsafePoint || i == pcdataInlTreeIndex || i == pcdataArgLiveIndex
			switch got := u32(after, a); {
			case drop && got != 0:
				t.Errorf("_func at %#x: pcdata %d at %#x, want none", f.addr, i, got)
			case !drop && got != u32(before, a):
				t.Errorf("_func at %#x: pcdata %d changed", f.addr, i)
			case !drop:
				n, _ := tab.tableSize(got)
				if p := tab.pctab.addr + int(got); !bytes.Equal(before[p:p+n], after[p:p+n]) {
					t.Errorf("_func at %#x: pcdata %d's table changed", f.addr, i)
				}
			}
			for k := range 4 {
				slot[a+k] = drop
			}
		}
		for i, a := range f.funcdata {
			off := u32(before, a)
			drop := i == funcdataInlTree || i == funcdataArgInfo || i == funcdataArgLiveInfo
			if i == funcdataInlTree && off != ^uint32(0) {
				trees++
			}
			if got := u32(after, a); drop && got != ^uint32(0) || !drop && got != off {
				t.Errorf("_func at %#x: funcdata %d at %#x, was %#x", f.addr, i, got, off)
			}
			for k := range 4 {
				slot[a+k] = drop
			}
		}
	}
	for a := range before {
		if before[a] != after[a] && !slot[a] && (after[a] != 0 || a < tab.pctab.addr || a >= tab.gofunc.end()) {
			t.Fatalf("byte at %#x: %#x -> %#x, outside the tables dropped", a, before[a], after[a])
		}
	}
	if trees == 0 || zeroed < 1000 {
		t.Errorf("%d inline trees dropped, %d bytes zeroed", trees, zeroed)
	}
	if _, _, err := pclntabFunctions(after); err != nil {
		t.Errorf("pclntab without them: %v", err)
	}
}

// TestDropInitsWithoutNames checks that the snapshot step finds the same
// package initialisers in a module whose names were emptied as in one that
// keeps them, and that it leaves no name to them.
func TestDropInitsWithoutNames(t *testing.T) {
	in := realModule(t)
	var found [][]Range
	for _, opt := range []Options{{KeepNames: true}, {}} {
		out, m := rewritten(t, in, opt)
		_, ranges, err := dropInits(m, memoryOf(t, out))
		if err != nil {
			t.Fatal(err)
		}
		found = append(found, ranges)
	}
	if len(found[0]) == 0 || len(found[0]) != len(found[1]) {
		t.Errorf("%d package initialisers with names, %d without", len(found[0]), len(found[1]))
	}
}

func TestReproducible(t *testing.T) {
	in := realModule(t)
	a, _, err := Rewrite(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, _, _ := Rewrite(bytes.Clone(in), Options{})
	c, _, err := Rewrite(a, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) || !bytes.Equal(a, c) {
		t.Error("two rewrites differ, or a second rewrite changed the first")
	}
}

// TestRefusedPclntab changes what the rewrite reads in a real module, and
// checks that the rewrite refuses it.
func TestRefusedPclntab(t *testing.T) {
	in := realModule(t)
	mem := memoryOf(t, in)
	tab, err := findPclntab(mem)
	if err != nil {
		t.Fatal(err)
	}
	hdr := tab.funcnametab.addr - pcHeaderSize
	for _, c := range []struct {
		name, want string
		change     func(mem []byte)
	}{
		{"Go 1.18's magic", "pclntab magic 0xfffffff0", func(mem []byte) { mem[hdr] = 0xf0 }},
		{"another nfunc", "ftab", func(mem []byte) { mem[hdr+8]++ }},
		{"a _func out of place", "entry differs", func(mem []byte) { mem[tab.ftab.addr+8]++ }},
	} {
		mem := bytes.Clone(mem)
		c.change(mem)
		m, _ := Parse(bytes.Clone(in))
		m.setSection(sectionData, encodeData(layout(mem, 8)))
		_, _, err := Rewrite(m.Bytes(), Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}

func goroot(t *testing.T) string {
	b, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(b))
}

// TestRun runs the module before and after the rewrite in Node: the same
// output, but for files and lines, and the same panic, function names
// included, with its jumps forward made direct (jumps.go) and without the
// execution tracer it cannot start (prints.go); and after the release
// rewrite, the same output still (the count of goroutines too, which the
// runtime takes by their names) but for the name of the caller, and a
// panic that prints its value and no stack.
func TestRun(t *testing.T) {
	in := realModule(t)
	needNode(t)
	out, res, err := Rewrite(in, Options{KeepNames: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.DirectJumps < 1000 {
		t.Errorf("%d jumps made direct", res.DirectJumps)
	}
	release, rel, err := Rewrite(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.TracerEmptied == 0 || rel.TracerEmptied == 0 || res.PrintsEmptied != 0 || rel.PrintsEmptied == 0 {
		t.Errorf("code of the tracer removed: %d, and without names %d; of what prints stacks: %d, and without names %d",
			res.TracerEmptied, rel.TracerEmptied, res.PrintsEmptied, rel.PrintsEmptied)
	}
	run := func(wasm []byte) (stdout, stderr string) {
		o, e, code := runModule(t, wasm)
		if code != 2 { // Go's exit status for a panic
			t.Fatalf("the program did not panic: exit status %d\n%s", code, e)
		}
		return o, e
	}
	o1, e1 := run(in)
	o2, e2 := run(out)
	if !strings.Contains(o1, "caller main.main /") || !strings.Contains(e1, "main.go:") {
		t.Fatalf("the original names no file:\n%s\n%s", o1, e1)
	}
	wantOut := strings.Replace(o1, o1[strings.Index(o1, "/"):strings.LastIndex(o1, "\n")], "? 0", 1)
	if o2 != wantOut {
		t.Errorf("output\n%s\nwant\n%s", o2, wantOut)
	}
	for _, want := range []string{"panic: the end", "main.crash(...)", "main.main()", "?:0"} {
		if !strings.Contains(e2, want) {
			t.Errorf("panic of the rewritten module without %q:\n%s", want, e2)
		}
	}
	// Without names the program runs the same (goroutines, the collector,
	// a recovered panic), and its panic prints its value, then exits, with
	// no stack (StripPrints): it would name no function.
	o3, e3 := run(release)
	if want := strings.Replace(wantOut, "caller main.main ", "caller  ", 1); o3 != want {
		t.Errorf("output without names\n%s\nwant\n%s", o3, want)
	}
	if !strings.Contains(e3, "panic: the end") || strings.Contains(e3, "goroutine") || strings.Contains(e3, "main.") {
		t.Errorf("panic of the module without names:\n%s", e3)
	}
}

// runModule runs a js/wasm program in Node and returns what it printed
// and its exit status.
func runModule(t *testing.T, wasm []byte) (stdout, stderr string, code int) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "prog.wasm")
	if err := os.WriteFile(file, wasm, 0o755); err != nil {
		t.Fatal(err)
	}
	var o, e bytes.Buffer
	cmd := exec.Command(filepath.Join(goroot(t), "lib", "wasm", "go_js_wasm_exec"), file)
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return o.String(), e.String(), cmd.ProcessState.ExitCode()
}

func TestRelease(t *testing.T) {
	for v, want := range map[string]string{
		"go1.26": "go1.26", "go1.26.8": "go1.26", "go1.26rc1": "go1.26", "go1.26.8 X:nogreenteagc": "go1.26",
		"go1.260": "go1.260", "go1.2": "go1.2", "devel go1.27-abc": "", "go1.": "", "go2.0": "",
	} {
		if got := release(v); got != want {
			t.Errorf("release(%q) = %q, want %q", v, got, want)
		}
	}
}
