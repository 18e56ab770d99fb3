package wasmpost

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// dispatchFunc is a function laid out as Go's compiler lays out one that
// jumps (jumps.go), taking PC_B and x and returning x worked on:
//
//	place 0: if x > 10, jump to place 2 (forward, inside an if); x += 1
//	place 1: x *= 3; jump to place 2 (forward)
//	place 2: if x < 100, jump to place 1 (backward); return x
func dispatchFunc() []byte {
	body := []byte{
		0x00,       // no locals
		0x02, 0x40, // block: where the function returns from
		0x03, 0x40, // loop: the dispatch loop
		0x02, 0x40, 0x02, 0x40, 0x02, 0x40, // the places' blocks: 2, 1, 0
		0x20, 0x00, // local.get 0 (PC_B)
		0x0e, 0x03, 0x00, 0x01, 0x02, 0x02, // br_table 0 1 2, default 2
		0x0b,                         // place 0
		0x20, 0x01, 0x41, 0x0a, 0x4a, // x > 10
		0x04, 0x40, 0x41, 0x02, 0x21, 0x00, 0x0c, 0x03, 0x0b, // if: jump to place 2 (br 3: the loop)
		0x20, 0x01, 0x41, 0x01, 0x6a, 0x21, 0x01, // x += 1
		0x0b,                                     // place 1
		0x20, 0x01, 0x41, 0x03, 0x6c, 0x21, 0x01, // x *= 3
		0x41, 0x02, 0x21, 0x00, 0x0c, 0x01, // jump to place 2 (br 1: the loop)
		0x0b,                               // place 2
		0x20, 0x01, 0x41, 0xe4, 0x00, 0x48, // x < 100
		0x04, 0x40, 0x41, 0x01, 0x21, 0x00, 0x0c, 0x01, 0x0b, // if: jump to place 1 (br 1: the loop)
		0x20, 0x01, 0x0f, // return x
		0x0b, // loop
		0x0b, // block
		0x00, // unreachable
		0x0b,
	}
	return append(appendULEB(nil, uint64(len(body))), body...)
}

// funcModule returns a module exporting one function of type (i32, i32) ->
// i32 as "f", of body code (its size first).
func funcModule(code []byte) []byte {
	m := &Module{Sections: []Section{
		{ID: sectionType, Payload: []byte{1, 0x60, 2, 0x7f, 0x7f, 1, 0x7f}},
		{ID: sectionFunction, Payload: []byte{1, 0}},
		{ID: sectionExport, Payload: []byte{1, 1, 'f', 0, 0}},
		{ID: sectionCode, Payload: append([]byte{1}, code...)},
	}}
	return m.Bytes()
}

// results returns f(pc, x) of wasm's exported f for each pc and x, as Node
// runs it, one line each.
func results(t *testing.T, wasm []byte, pcs, xs []int) string {
	t.Helper()
	args, err := json.Marshal([][]int{pcs, xs})
	if err != nil {
		t.Fatal(err)
	}
	const script = `const { f } = new WebAssembly.Instance(new WebAssembly.Module(require("fs").readFileSync(process.argv[1]))).exports;
const [pcs, xs] = JSON.parse(process.argv[2]);
for (const pc of pcs) for (const x of xs) console.log(pc, x, f(pc, x));`
	return string(inNode(t, wasm, script, string(args)))
}

// The two jumps forward of a function laid out as Go lays them out no
// longer go through the dispatch loop, the one backward still does,
// and the function gives what it gave, from each place it may be entered at.
// Where nothing but the dispatch reads PC_B and every branch to the loop
// sets it first, only that jump sets it; where something else reads it, or
// a branch reaches the loop without setting it, every jump still does.
func TestJumpsForwardBranchStraightToTheirPlace(t *testing.T) {
	readsPCB := dispatchFunc()
	i := bytes.Index(readsPCB, []byte{0x20, 0x01, 0x0f})
	readsPCB = append(readsPCB[:i:i], append([]byte{0x20, 0x00, 0x1a}, readsPCB[i:]...)...) // local.get 0; drop
	readsPCB[0] += 3
	// A branch to the loop that is not a jump: it would reach br_table
	// without setting PC_B (never taken here: its condition is 0).
	brIf := dispatchFunc()
	i = bytes.Index(brIf, []byte{0x20, 0x01, 0x0f})
	brIf = append(brIf[:i:i], append([]byte{0x41, 0x00, 0x0d, 0x00}, brIf[i:]...)...) // i32.const 0; br_if 0 (the loop)
	brIf[0] += 4
	for _, c := range []struct {
		name    string
		code    []byte
		pcbSets int // the sets of PC_B left: those of the jump backward alone, or of every jump
	}{
		{"PC_B read by the dispatch alone", dispatchFunc(), 1},
		{"PC_B read elsewhere", readsPCB, 3},
		{"a branch to the loop that sets no PC_B", brIf, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := funcModule(c.code)
			m, err := Parse(in)
			if err != nil {
				t.Fatal(err)
			}
			n, err := directJumps(m)
			if err != nil {
				t.Fatal(err)
			}
			if n != 2 {
				t.Errorf("%d jumps made direct, want 2", n)
			}
			out := m.Bytes()
			_, bodies, err := functions(m)
			if err != nil {
				t.Fatal(err)
			}
			if back, forward, sets := jumpsThroughTheLoop(t, bodies[0]); back != 1 || forward != 0 || sets != c.pcbSets {
				t.Errorf("through the dispatch loop: %d jumps backward, %d forward, %d sets of PC_B; want 1, 0, %d", back, forward, sets, c.pcbSets)
			}
			pcs, xs := []int{0, 1, 2, 7}, []int{1, 5, 10, 11, 50, 99, 100, 200} // x > 0: place 1 makes it grow
			if got, want := results(t, out, pcs, xs), results(t, in, pcs, xs); got != want {
				t.Errorf("results\n%s\nwant\n%s", got, want)
			}
			again, err := Parse(out)
			if err != nil {
				t.Fatal(err)
			}
			if n, err := directJumps(again); err != nil || n != 0 || !bytes.Equal(again.Bytes(), out) {
				t.Errorf("a second rewrite made %d jumps direct (%v)", n, err)
			}
		})
	}
}

// A function holding an instruction Go's compiler does not write is
// refused, not rewritten around it.
func TestAnInstructionGoDoesNotWriteIsRefused(t *testing.T) {
	code := dispatchFunc()
	i := bytes.Index(code, []byte{0x20, 0x01, 0x0f})
	code = append(code[:i:i], append([]byte{0xd0, 0x70, 0x1a}, code[i:]...)...) // ref.null func; drop
	code[0] += 3
	m, err := Parse(funcModule(code))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := directJumps(m); err == nil || !strings.Contains(err.Error(), "0xd0") {
		t.Errorf("error %v, want one naming instruction 0xd0", err)
	}
}

// jumpsThroughTheLoop counts, in a body of dispatchFunc's layout (a block,
// the loop, the blocks of places 2, 1, 0), the jumps that still branch to
// the loop, backward (to the place they are in or one before) and forward,
// and the sets of PC_B ("local.set 0").
func jumpsThroughTheLoop(t *testing.T, body []byte) (back, forward, sets int) {
	t.Helper()
	r := reader{b: body}
	r.uleb32() // no locals
	code, err := instructions(body, r.off)
	if err != nil {
		t.Fatal(err)
	}
	const loop, innermost = 1, 4 // instructions: the loop; place 0's block
	var open []int
	place := -1 // the place whose code this is: each begins where its block ends
	for k, in := range code {
		switch {
		case in.op == opBlock || in.op == opLoop || in.op == opIf:
			open = append(open, k)
		case in.op == opEnd && len(open) > 0: // not the body's own end
			if b := open[len(open)-1]; b > loop && b <= innermost {
				place = innermost - b
			}
			open = open[:len(open)-1]
		case in.op == opLocalSet && in.arg == 0:
			sets++
		case in.op == opBr && labels(open, uint32(in.arg), loop):
			if int(code[k-2].arg) <= place {
				back++
			} else {
				forward++
			}
		}
	}
	return back, forward, sets
}
