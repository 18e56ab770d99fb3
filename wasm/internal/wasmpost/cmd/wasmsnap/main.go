// Command wasmsnap makes a pre-initialised module (package wasmpost,
// snapshot.go) in two steps around a recording run (js/snapshot.mjs):
//
//	wasmsnap -export-globals -o probe.wasm in.wasm
//	wasmsnap -seed
//	wasmsnap -state dir -o out.wasm in.wasm
//
// The first writes a build-time copy of the module that exports its
// globals. The second prints, in hex, the random bytes of the recording run
// (wasmpost.PickSeed). The third reads what the recording run wrote in dir
// (state.json; memory.a and memory.b, the memories of two runs with
// different random bytes; heap.dump, the first run's heap dump) and writes
// the module with that state.
package main

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/endpoint-wasm/endpoint-wasm/wasm/internal/wasmpost"
)

func main() {
	exportGlobals := flag.Bool("export-globals", false, "write a copy of the module that exports its globals (for the recording run)")
	state := flag.String("state", "", "directory the recording run wrote: make the pre-initialised module")
	out := flag.String("o", "", "output module")
	flag.IntVar(&minGap, "min-gap", 0, "shortest run of zero bytes that ends a data segment (default wasmpost.DefaultMinGap)")
	seed := flag.Bool("seed", false, "print the random bytes of the recording run, in hex")
	flag.Parse()
	if *seed {
		s := wasmpost.PickSeed()
		fmt.Println(hex.EncodeToString(s[:]))
		return
	}
	if flag.NArg() != 1 || *out == "" || *exportGlobals == (*state != "") {
		fmt.Fprintln(os.Stderr, "usage: wasmsnap -export-globals -o probe.wasm in.wasm\n       wasmsnap -state dir -o out.wasm in.wasm")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *out, *state); err != nil {
		fmt.Fprintln(os.Stderr, "wasmsnap:", err)
		os.Exit(1)
	}
}

// minGap is -min-gap.
var minGap int

func run(in, out, state string) error {
	wasm, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	var result []byte
	if state == "" {
		result, err = wasmpost.ExportGlobals(wasm)
	} else {
		result, err = snapshot(wasm, state)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	return writeFile(out, result)
}

// recording is state.json, as js/snapshot.mjs writes it.
type recording struct {
	// Globals are the globals' values as decimal strings (an i64 does
	// not fit a JSON number).
	Globals []string `json:"globals"`
	// SeedAddr is where the runtime read its 32-byte random seed, and
	// Seed what it read in the first run, in hex.
	SeedAddr uint32 `json:"seedAddr"`
	Seed     string `json:"seed"`
	// Start is what the loader replays; Fresh is added to it here.
	Start map[string]any `json:"start"`
}

func snapshot(wasm []byte, dir string) ([]byte, error) {
	var rec recording
	b, err := os.ReadFile(filepath.Join(dir, "state.json"))
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, &rec); err != nil {
		return nil, fmt.Errorf("state.json: %w", err)
	}
	a, err := os.ReadFile(filepath.Join(dir, "memory.a"))
	if err != nil {
		return nil, err
	}
	other, err := os.ReadFile(filepath.Join(dir, "memory.b"))
	if err != nil {
		return nil, err
	}
	fresh, err := wasmpost.FindRandom(a, other, rec.SeedAddr)
	if err != nil {
		return nil, err
	}
	var seed [32]byte
	if n, err := hex.Decode(seed[:], []byte(rec.Seed)); err != nil || n != 32 {
		return nil, fmt.Errorf("state.json: seed %q is not 32 bytes in hex", rec.Seed)
	}
	if _, key, err := wasmpost.FindHashKey(a, seed); err != nil {
		return nil, err
	} else if !wasmpost.SafeHashKey(key) {
		return nil, fmt.Errorf("the runtime's hash key %x leaves keys of one length to hash without the map's seed (record with the random bytes of wasmsnap -seed)", key)
	}
	dump, err := os.ReadFile(filepath.Join(dir, "heap.dump"))
	if err != nil {
		return nil, err
	}
	heap, err := wasmpost.ParseHeapDump(dump)
	if err != nil {
		return nil, err
	}
	st := wasmpost.State{Memory: a, Fresh: fresh, MinGap: minGap, Heap: heap}
	for _, g := range rec.Globals {
		v, err := strconv.ParseInt(g, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("state.json: global %q: %w", g, err)
		}
		st.Globals = append(st.Globals, uint64(v))
	}
	dead, err := wasmpost.DeadStack(a, st.Globals)
	if err != nil {
		return nil, err
	}
	st.Zero = []wasmpost.Range{dead}
	if rec.Start == nil {
		return nil, errors.New("state.json: no start")
	}
	var ranges [][2]uint32
	for _, f := range fresh {
		ranges = append(ranges, [2]uint32{f.Addr, f.Len})
	}
	rec.Start["fresh"] = ranges
	// encoding/json writes a map's keys sorted: the same bytes every build.
	if st.Start, err = json.Marshal(rec.Start); err != nil {
		return nil, err
	}
	return wasmpost.Snapshot(wasm, st)
}

// writeFile writes b to name through a temporary file, so that a failed
// build leaves nothing that looks finished.
func writeFile(name string, b []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(b)
	err = errors.Join(err, tmp.Chmod(0o644), tmp.Close())
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
