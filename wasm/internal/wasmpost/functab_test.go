package wasmpost

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The runtime's findfunctab and the functions' entries in pclntab leave the
// data section and are written by the module's start function: the data
// section holds none of their bytes, and the memory the module gives at
// instantiation, in Node's engine, is the linker's byte for byte.
func TestFindfunctabAndEntriesAreWrittenByTheStartFunction(t *testing.T) {
	in := realModule(t)
	out, m, f := rewrittenWithFill(t, in, Options{KeepLines: true, KeepNames: true})
	linked := memoryOf(t, in)
	if want, _ := findFill(linked); want != f {
		t.Errorf("fill %+v, want %+v", f, want)
	}
	if tab, err := findPclntab(linked); err != nil || f.nfunc == 0 || int(f.nfunc) != tab.nfunc {
		t.Errorf("the fill writes the entries of %d functions, want every one's (%v)", f.nfunc, err)
	}
	payload, _ := m.section(sectionData)
	segs, err := parseData(payload)
	if err != nil {
		t.Fatal(err)
	}
	image, err := image(segs, uint64(len(linked)))
	if err != nil {
		t.Fatal(err)
	}
	cleared, written := slices.Clone(image), slices.Clone(image)
	f.clear(cleared)
	f.apply(written)
	if !bytes.Equal(cleared, image) || bytes.Equal(written, image) {
		t.Error("the data section writes bytes the fill writes, or the fill writes none")
	}
	got := instantiated(t, out)
	if len(got) < len(linked) || !bytes.Equal(got[:len(linked)], linked) || bytes.ContainsFunc(got[len(linked):], func(r rune) bool { return r != 0 }) {
		t.Error("the memory of the instantiated module is not the linked module's image")
	}
	t.Logf("%d buckets from %#x, %d entries; module %d -> %d bytes", f.count, f.addr, f.nfunc, len(in), len(out))
}

// rewritten rewrites in with opt and returns the module, parsed too.
func rewritten(t *testing.T, in []byte, opt Options) ([]byte, *Module) {
	t.Helper()
	out, _, err := Rewrite(in, opt)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	return out, m
}

// rewrittenWithFill rewrites in with opt and returns the module, parsed
// too, and its fill; the test fails where it has none.
func rewrittenWithFill(t *testing.T, in []byte, opt Options) ([]byte, *Module, fill) {
	t.Helper()
	out, m := rewritten(t, in, opt)
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
	const script = `const m = new WebAssembly.Module(require("fs").readFileSync(process.argv[1]));
const imports = {};
for (const i of WebAssembly.Module.imports(m)) (imports[i.module] ??= {})[i.name] = () => {};
process.stdout.write(new Uint8Array(new WebAssembly.Instance(m, imports).exports.mem.buffer));`
	return inNode(t, wasm, script)
}

// inNode runs script in Node with the path of a file holding wasm as
// process.argv[1], and args after it, and returns what it writes to its
// standard output; it skips the test where there is no node.
func inNode(t *testing.T, wasm []byte, script string, args ...string) []byte {
	t.Helper()
	needNode(t)
	file := filepath.Join(t.TempDir(), "module.wasm")
	if err := os.WriteFile(file, wasm, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", append([]string{"-e", script, file}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v: %s", err, stderr.Bytes())
	}
	return out
}

// A module whose start function is not exactly the rewrite's fill is
// refused, so that no start function the rewrite does not know runs
// before Go: another function (Go's linker writes none), the fill with its
// loop changed, or a fill of no bucket, whose loop would still write one.
// A module with the fill itself is rewritten to the same bytes
// (TestReproducible).
func TestAStartFunctionOtherThanTheFillIsRefused(t *testing.T) {
	fillMod, _, f := rewrittenWithFill(t, realModule(t), Options{})
	changedLoop := f.body()
	changedLoop[len(changedLoop)-3]-- // br_if to another label
	for name, change := range map[string]func(m *Module) error{
		"another function": func(m *Module) error {
			m.setSection(sectionStart, appendULEB(nil, 3))
			return nil
		},
		"the fill with its loop changed": lastBody(changedLoop),
		"a fill of no bucket":            lastBody(fill{addr: f.addr, first: f.first}.body()),
	} {
		m, err := Parse(bytes.Clone(fillMod))
		if err != nil {
			t.Fatal(err)
		}
		if err := change(m); err != nil {
			t.Fatal(err)
		}
		if _, _, err := Rewrite(m.Bytes(), Options{}); err == nil || !strings.Contains(err.Error(), "start function") {
			t.Errorf("%s: error %v, want one about the start function", name, err)
		}
	}
}

// lastBody returns a change that makes body the module's last function's.
func lastBody(body []byte) func(m *Module) error {
	return func(m *Module) error {
		types, bodies, err := functions(m)
		if err != nil {
			return err
		}
		bodies[len(bodies)-1] = body
		m.setFunctions(types, bodies)
		return nil
	}
}

// A module whose memory image is written as a stream (stream.go) gives,
// in Node's engine, the linker's memory at instantiation byte for byte:
// the fill expands the stream, clears its scratch, then writes findfunctab
// and the entries. The data section is one passive segment, fewer bytes
// than the segments it replaces, and memoryImage reads the same image
// from it.
func TestTheStreamExpandsToTheImage(t *testing.T) {
	in := realModule(t)
	_, m := rewritten(t, in, Options{KeepLines: true, KeepNames: true})
	linked := memoryOf(t, in)
	segmented, _ := m.section(sectionData)
	if _, err := m.setMemory(linked, 0, true); err != nil {
		t.Fatal(err)
	}
	f, ok, err := currentFill(m)
	if err != nil || !ok || f.stream == 0 || f.count == 0 || f.nfunc == 0 {
		t.Fatalf("fill %+v (%v): want the stream, the buckets and the entries", f, err)
	}
	payload, _ := m.section(sectionData)
	if s, ok := streamSegment(payload); !ok || len(s) != int(f.stream) || len(payload) >= len(segmented) {
		t.Errorf("data section of %d bytes, %d before, not the fill's stream of %d bytes", len(payload), len(segmented), f.stream)
	}
	image, _, err := initialMemory(m)
	if err != nil || !bytes.Equal(image, linked[:len(image)]) || bytes.ContainsFunc(linked[len(image):], func(r rune) bool { return r != 0 }) {
		t.Errorf("memoryImage does not read the linked image from the stream (%v)", err)
	}
	got := instantiated(t, m.Bytes())
	if len(got) < len(linked) || !bytes.Equal(got[:len(linked)], linked) || bytes.ContainsFunc(got[len(linked):], func(r rune) bool { return r != 0 }) {
		t.Error("the memory of the instantiated module is not the linked module's image")
	}
	t.Logf("data section %d -> %d bytes; stream %d bytes, %d of controls, scratch at %#x", len(segmented), len(payload), f.stream, f.controls, f.scratch)
}
