package wasmpost

import (
	"errors"
	"fmt"
)

// Go's compiler gives each function that jumps a dispatch loop. Its code is
// cut into places, where a jump or a resumed call lands, and laid out as
//
//	block                       ;; where an unwinding call leaves to
//	  loop                      ;; the dispatch loop
//	    block ... block         ;; one block for each place
//	      local.get 0           ;; PC_B: the place to go to
//	      br_table ...
//	    end  code of place 0
//	    end  code of place 1 ...
//
// A jump to place k is "i32.const k; local.set 0; br <the loop>": back to
// the top, where br_table branches out of place k's block, that is to the
// first instruction of place k's code. Where that block encloses the jump,
// as it does for every jump forward, "br <place k's block>" reaches the same
// instruction with the same operand stack (both labels take no values), and
// directJumps writes that instead. V8 then compiles a jump as a jump rather
// than as a branch to the loop and an indirect one through br_table's table
// (docs/design.md, "After linking"). The jump's "i32.const k; local.set 0"
// goes too where that set is dead (pcbSetsAreDead).

// directJumps rewrites the module's jumps forward into direct branches, as
// above, and returns how many it rewrote. It refuses a function holding an
// instruction Go's compiler does not write.
func directJumps(m *Module) (int, error) {
	if _, ok := m.section(sectionCode); !ok {
		return 0, nil // no function
	}
	types, bodies, err := functions(m)
	if err != nil {
		return 0, err
	}
	total := 0
	for i, body := range bodies {
		b, n, err := directBody(body)
		if err != nil {
			return 0, fmt.Errorf("function %d: %w", i, err)
		}
		bodies[i] = b
		total += n
	}
	m.setFunctions(types, bodies)
	return total, nil
}

// instr is one instruction of a function body: its opcode, where its bytes
// are, and its immediate where the rewrite reads it: a constant, a local's
// or a label's index, a block's type (blockTyped for a type index), or
// br_table's labels, its default last.
type instr struct {
	op         byte
	start, end int
	arg        int64
	labels     []uint32
}

// Opcodes the rewrite reads.
const (
	opBlock    = 0x02
	opLoop     = 0x03
	opIf       = 0x04
	opEnd      = 0x0b
	opBr       = 0x0c
	opBrIf     = 0x0d
	opBrTable  = 0x0e
	opLocalGet = 0x20
	opLocalSet = 0x21
	opLocalTee = 0x22
	opI32Const = 0x41
	blockEmpty = 0x40 // the type of a block that takes and leaves no value
	blockTyped = -1   // the arg of a block whose type is a type index
)

// directBody returns body with its jumps forward made direct, and how many.
// A body without a dispatch loop is returned as it is.
func directBody(body []byte) ([]byte, int, error) {
	code, err := bodyInstructions(body)
	if err != nil {
		return nil, 0, err
	}
	table, places, ok := dispatch(code)
	if !ok {
		return body, 0, nil
	}
	loop := places[0] - 1                            // the loop's instruction, before the outermost place's block
	from := func(k int) int { return code[k].start } // where a rewritten jump's bytes start
	if pcbSetsAreDead(code, loop) {
		from = func(k int) int { return code[k-2].start }
	}
	// Rewrite each jump through the loop whose place's block is open.
	var out []byte
	last, n := 0, 0
	walk(code, func(k int, open []int) {
		in := code[k]
		if !isJump(code, k) || !labels(open, uint32(in.arg), loop) {
			return // not a jump through the dispatch loop
		}
		// br_table's label for the place: its default from the table's
		// length on, which is where Go puts its last place's label.
		place := min(code[k-2].arg, int64(len(table)-1))
		if place < 0 || int(table[place]) >= len(places) {
			return // a label outside the places' blocks
		}
		block := places[len(places)-1-int(table[place])] // label 0 is the innermost block
		for depth := range len(open) {
			if labels(open, uint32(depth), block) {
				out = append(out, body[last:from(k)]...)
				out = appendULEB(append(out, opBr), uint64(depth))
				last = in.end
				n++
				return
			}
		}
	})
	if n == 0 {
		return body, 0, nil
	}
	return append(out, body[last:]...), n, nil
}

// isJump reports whether code[k] ends a jump as Go writes it: "i32.const k;
// local.set 0; br".
func isJump(code []instr, k int) bool {
	return k >= 2 && code[k].op == opBr && code[k-1].op == opLocalSet && code[k-1].arg == localPCB && code[k-2].op == opI32Const
}

// pcbSetsAreDead reports whether a direct branch's set of PC_B is dead:
// the dispatch's "local.get 0" is the only read of local 0 (functions that
// make indirect calls use it as scratch too), and every branch (br, br_if,
// br_table) that reaches the loop at loop is a jump (isJump), which sets
// PC_B before the dispatch reads it.
func pcbSetsAreDead(code []instr, loop int) bool {
	reads, ok := 0, true
	walk(code, func(k int, open []int) {
		switch in := code[k]; in.op {
		case opLocalGet, opLocalTee:
			if in.arg == localPCB {
				reads++
			}
		case opBr, opBrIf:
			ok = ok && (!labels(open, uint32(in.arg), loop) || isJump(code, k))
		case opBrTable:
			for _, l := range in.labels {
				ok = ok && !labels(open, l, loop)
			}
		}
	})
	return ok && reads == 1
}

// walk calls visit with each instruction of code but those that open and
// close blocks, loops and ifs, and the indexes of the ones open at it,
// innermost last.
func walk(code []instr, visit func(k int, open []int)) {
	var open []int
	for k, in := range code {
		switch in.op {
		case opBlock, opLoop, opIf:
			open = append(open, k)
		case opEnd:
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		default:
			visit(k, open)
		}
	}
}

// labels reports whether label depth, among the open blocks, loops and
// ifs, is the one instruction at opens.
func labels(open []int, depth uint32, at int) bool {
	return int(depth) < len(open) && open[len(open)-1-int(depth)] == at
}

// dispatch finds a body's dispatch loop, as Go's compiler writes it: the
// body's first br_table, right after "local.get 0", which right follows the
// places' blocks, which right follow the loop, all of them typed to take
// and leave nothing. It returns br_table's labels and the indexes of the
// places' block instructions, outermost first.
func dispatch(code []instr) (table []uint32, places []int, ok bool) {
	k := 0
	for k < len(code) && code[k].op != opBrTable {
		k++
	}
	if k < 2 || k == len(code) || code[k-1].op != opLocalGet || code[k-1].arg != localPCB {
		return nil, nil, false
	}
	first := k - 1
	for first > 0 && code[first-1].op == opBlock && code[first-1].arg == blockEmpty {
		first--
	}
	if first == k-1 || first == 0 || code[first-1].op != opLoop || code[first-1].arg != blockEmpty {
		return nil, nil, false
	}
	for i := first; i < k-1; i++ {
		places = append(places, i)
	}
	return code[k].labels, places, true
}

// bodyInstructions decodes a function body after its locals.
func bodyInstructions(body []byte) ([]instr, error) {
	r := reader{b: body}
	for k := r.uleb32(); k > 0 && r.err == nil; k-- {
		r.uleb32()
		r.byte()
	}
	if r.err != nil {
		return nil, r.err
	}
	return instructions(body, r.off)
}

// instructions decodes body from off to its end: every instruction Go's
// compiler writes for WebAssembly 1.0 with the sign-extension, saturating
// conversion and bulk memory instructions. It refuses any other.
func instructions(body []byte, off int) ([]instr, error) {
	r := reader{b: body, off: off}
	var code []instr
	for !r.done() {
		in := instr{start: r.off}
		in.op = r.byte()
		switch op := in.op; {
		case op == opBlock || op == opLoop || op == opIf:
			if r.off < len(r.b) && (r.b[r.off] == blockEmpty || r.b[r.off] >= 0x7c && r.b[r.off] <= 0x7f) { // no value, or one of i32 i64 f32 f64
				in.arg = int64(r.byte())
			} else {
				r.sleb(5) // a type index (s33)
				in.arg = blockTyped
			}
		case op == opBr || op == opBrIf || op == 0x10 || op >= opLocalGet && op <= 0x24: // call local/global get set tee
			in.arg = int64(r.uleb32())
		case op == opBrTable:
			n := r.uleb32()
			if uint64(n) >= uint64(len(body)) {
				return nil, errors.New("br_table longer than its function")
			}
			in.labels = make([]uint32, n+1)
			for i := range in.labels {
				in.labels[i] = r.uleb32()
			}
		case op == 0x11: // call_indirect: type, table
			r.uleb32()
			r.uleb32()
		case op >= 0x28 && op <= 0x3e: // loads and stores: align, offset
			r.uleb32()
			r.uleb32()
		case op == 0x3f || op == 0x40: // memory.size, memory.grow: a memory
			r.uleb32()
		case op == opI32Const:
			in.arg = int64(r.sleb32())
		case op == 0x42: // i64.const
			in.arg = r.sleb64()
		case op == 0x43: // f32.const
			r.bytes(4)
		case op == 0x44: // f64.const
			r.bytes(8)
		case op == 0xfc:
			switch sub := r.uleb32(); {
			case sub <= 7: // saturating conversions
			case sub == 8: // memory.init, in the fill: a segment and a memory
				r.uleb32()
				r.uleb32()
			case sub == 9: // data.drop, in the fill: a segment
				r.uleb32()
			case sub == 10: // memory.copy: two memories
				r.uleb32()
				r.uleb32()
			case sub == 11: // memory.fill: one
				r.uleb32()
			default:
				return nil, fmt.Errorf("instruction 0xfc %d at byte %d, which Go's compiler does not write", sub, in.start)
			}
		case op <= 0x01 || op == 0x05 || op == opEnd || op == 0x0f || op == 0x1a || op == 0x1b:
			// unreachable nop else end return drop select
		case op >= 0x45 && op <= 0xc4: // numeric instructions, sign extension included
		default:
			return nil, fmt.Errorf("instruction %#x at byte %d, which Go's compiler does not write", op, in.start)
		}
		if r.err != nil {
			return nil, r.err
		}
		in.end = r.off
		code = append(code, in)
	}
	return code, r.err
}
