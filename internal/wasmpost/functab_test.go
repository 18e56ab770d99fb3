package wasmpost

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The runtime's findfunctab leaves the data section and is written by the
// module's start function: the data section holds none of its bytes, and
// the memory the module gives at instantiation, in Node's engine, is the
// linker's byte for byte.
func TestFindfunctabIsWrittenByTheStartFunction(t *testing.T) {
	in := realModule(t)
	out, m, f := rewrittenWithFill(t, in, Options{KeepLines: true})
	linked := memoryOf(t, in)
	if want, _ := findFill(linked); want != f {
		t.Errorf("fill %+v, want %+v", f, want)
	}
	payload, _ := m.section(sectionData)
	segs, err := parseData(payload)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range segs {
		if start, end := int(s.Offset), int(s.Offset)+len(s.Data); start < f.end() && end > int(f.addr) {
			t.Errorf("a data segment (%#x-%#x) writes into the table (%#x-%#x)", start, end, f.addr, f.end())
		}
	}
	got := instantiated(t, out)
	if len(got) < len(linked) || !bytes.Equal(got[:len(linked)], linked) || bytes.ContainsFunc(got[len(linked):], func(r rune) bool { return r != 0 }) {
		t.Error("the memory of the instantiated module is not the linked module's image")
	}
	t.Logf("%d buckets from %#x; module %d -> %d bytes", f.count, f.addr, len(in), len(out))
}

// rewrittenWithFill rewrites in with opt and returns the module, parsed
// too, and its fill; the test fails where it has none.
func rewrittenWithFill(t *testing.T, in []byte, opt Options) ([]byte, *Module, fill) {
	t.Helper()
	out, _, err := Rewrite(in, opt)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	f, ok, err := currentFill(m)
	if err != nil || !ok {
		t.Fatalf("no fill: %v", err)
	}
	return out, m, f
}

// instantiated returns the memory of wasm once Node has instantiated it
// (with every import a function that does nothing: nothing calls them
// before Go's run), or skips the test where there is no node.
func instantiated(t *testing.T, wasm []byte) []byte {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node")
	}
	file := filepath.Join(t.TempDir(), "prog.wasm")
	if err := os.WriteFile(file, wasm, 0o644); err != nil {
		t.Fatal(err)
	}
	const script = `const m = new WebAssembly.Module(require("fs").readFileSync(process.argv[1]));
const imports = {};
for (const i of WebAssembly.Module.imports(m)) (imports[i.module] ??= {})[i.name] = () => {};
process.stdout.write(new Uint8Array(new WebAssembly.Instance(m, imports).exports.mem.buffer));`
	out, err := exec.Command("node", "-e", script, file).Output()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A fill's start function reads back as the fill it was made from, and
// nothing else does.
func TestFillBodyReadsBack(t *testing.T) {
	for _, f := range []fill{{addr: 0xc0d48, count: 47233}, {addr: 1 << 30, count: 1024, first: 7}, {addr: 64, count: 1 << 20, first: 1 << 31}} {
		if got, ok := parseFill(f.body()); !ok || got != f {
			t.Errorf("%+v read back as %+v, %v", f, got, ok)
		}
		body := f.body()
		body[len(body)-3]-- // br_if to another label
		if _, ok := parseFill(body); ok {
			t.Errorf("%+v changed read as a fill", f)
		}
	}
	// The loop writes a bucket before it tests the count: no fill has none.
	if _, ok := parseFill(fill{addr: 64}.body()); ok {
		t.Error("a fill of no bucket read as a fill")
	}
}

// A module with a start function of its own is refused: Go's linker writes
// none, and the rewrite would not know what it does to memory.
func TestStartFunctionRefused(t *testing.T) {
	in := realModule(t)
	m, err := Parse(bytes.Clone(in))
	if err != nil {
		t.Fatal(err)
	}
	m.insertSection(sectionStart, appendULEB(nil, 3))
	_, _, err = Rewrite(m.Bytes(), Options{})
	if err == nil || !strings.Contains(err.Error(), "start function") {
		t.Errorf("error %v, want one about the start function", err)
	}
}

// A data segment that writes inside the table, after a first rewrite, is
// kept by the next: the fill writes only each bucket's index, and where a
// bucket is not of the fill's shape the table goes on in the data section.
func TestASegmentInsideTheTableKeepsItsBytes(t *testing.T) {
	_, m, f := rewrittenWithFill(t, realModule(t), Options{})
	payload, _ := m.section(sectionData)
	segs, err := parseData(payload)
	if err != nil {
		t.Fatal(err)
	}
	at := f.addr + bucketSize*(f.count/2) + 7 // a subbucket of a bucket in the middle
	m.setSection(sectionData, encodeData(append(segs, Segment{Offset: at, Data: []byte{0xff}})))
	in := m.Bytes()
	want := memoryOf(t, in)
	if want[at] != 0xff {
		t.Fatal("the image lost the segment's byte")
	}
	out, _, err := Rewrite(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(memoryOf(t, out), want) {
		t.Error("the rewrite changed the image")
	}
	if got := instantiated(t, out); !bytes.Equal(got[:len(want)], want) {
		t.Error("the instantiated module's memory is not the image")
	}
}
