package wasmpost

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// TestReachable runs testdata/reach until main blocks, as a recording run
// does, and checks which of its functions Reachable finds: none that only
// Go's start ran, and every one an export can still reach, whether by a
// call, through an interface value, through a method table, or as a
// closure that the start made.
func TestReachable(t *testing.T) {
	in := program(t, "./testdata/reach")
	dir := t.TempDir()
	probe, err := ExportGlobals(in)
	if err != nil {
		t.Fatal(err)
	}
	probeFile := filepath.Join(dir, "probe.wasm")
	if err := os.WriteFile(probeFile, probe, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("node", "testdata/reach/record.mjs", filepath.Join(goroot(t), "lib", "wasm", "wasm_exec.js"), probeFile, dir).CombinedOutput()
	if err != nil {
		t.Fatalf("recording: %v\n%s", err, out)
	}
	// use(): square{4}.area() + hook() + calledLater(sum) + triangle{3, 4}.area(),
	// sum = 7 + 1.
	if got := strings.TrimSpace(string(out)); got != strconv.Itoa(16+9+8*31+7+6) {
		t.Fatalf("use() = %s", got)
	}
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	mem := read("memory")
	var gs []string
	if err := json.Unmarshal(read("globals.json"), &gs); err != nil {
		t.Fatal(err)
	}
	var globals []uint64
	for _, g := range gs {
		v, err := strconv.ParseUint(g, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		globals = append(globals, v)
	}
	heap, err := ParseHeapDump(read("heap.dump"))
	if err != nil {
		t.Fatal(err)
	}

	m, err := Parse(probe)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := dropInits(m, mem); err != nil {
		t.Fatal(err)
	}
	live, err := Reachable(m, mem, globals, heap, []string{"dump", runExport})
	if err != nil {
		t.Fatal(err)
	}
	names, err := pclntabNames(mem, len(live))
	if err != nil {
		t.Fatal(err)
	}
	state := map[string]bool{}
	for i, ok := range live {
		state[names[i]] = ok
	}
	for name, want := range map[string]bool{
		"main.use":                true,  // an export
		"main.calledLater":        true,  // called by it
		"main.(*square).area":     true,  // through the interface value the start made
		"main.init.0.func1":       true,  // the closure the start made
		"main.(*triangle).area":   true,  // through its type's method table
		"runtime.gcBgMarkWorker":  true,  // a goroutine the runtime parked
		"main.onlyAtStart":        false, // called by the start alone
		"main.(*counter).inc":     false, // a method of a type only the start used
		"main.dump":               false, // an export that does not ship
		"runtime.schedinit":       false, // run's: Go's start
		"runtime.writeheapdump_m": false, // what only that export ran
		"sort.Ints":               false,
	} {
		got, ok := state[name]
		if !ok {
			t.Errorf("no function %s in the module", name)
		} else if got != want {
			t.Errorf("%s: reachable %v, want %v", name, got, want)
		}
	}
}

// held is an object of the heap that TestParseHeapDump finds.
var held *[100]int64

// TestParseHeapDump reads a heap dump of this process, which Go writes as
// it does in WebAssembly: the objects include one the test holds, the
// goroutines the test's own.
func TestParseHeapDump(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("Go writes to standard output and error only there")
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "heap.dump"))
	if err != nil {
		t.Fatal(err)
	}
	held = new([100]int64)
	debug.WriteHeapDump(f.Fd())
	f.Close()
	b, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	d, err := ParseHeapDump(b)
	if err != nil {
		t.Fatal(err)
	}
	at := uint64(uintptr(unsafe.Pointer(held)))
	foundHeld := false
	for _, o := range d.Objects {
		if o.Addr <= at && at < o.Addr+o.Len {
			foundHeld = true
		}
	}
	if len(d.Goroutines) < 2 || d.ArenaStart >= d.ArenaEnd {
		t.Errorf("%d goroutines, arenas [%#x, %#x)", len(d.Goroutines), d.ArenaStart, d.ArenaEnd)
	}
	if !foundHeld {
		t.Errorf("the object at %#x is not among the %d objects", at, len(d.Objects))
	}
	for _, bad := range [][]byte{b[:len(b)-1], []byte("go1.6 heap dump\n"), append(b[:len(dumpHeader):len(dumpHeader)], 99)} {
		if _, err := ParseHeapDump(bad); err == nil {
			t.Errorf("a dump of %d bytes read without an error", len(bad))
		}
	}
}
