package wasmpost

import (
	"slices"
	"strings"
)

// The runtime's code that a module for release does without: what prints
// stacks (StripPrints), and the execution tracer where nothing can start
// it (StripTracer). Each replaces whole functions' bodies, found by their
// names in pclntab, before StripNames empties them; what only those
// functions call then becomes dead code for the snapshot step
// (Reachable).

// StripPrints replaces the body of each of the runtime's functions that
// only print, for a fatal error, a failed check of the runtime's own or a
// GODEBUG trace (release.go, printOnly), by a return: a goroutine's stack,
// the other goroutines', the scheduler's state, an object's words. With
// names gone (StripNames) those printed a frame as "?()" and an address,
// which says nothing without the module's symbols; a fatal error still
// prints its message, and a panic its value. runtime.Stack reads the same
// printing into a buffer: a module that has it keeps them all, as does a
// build for debugging (Options.KeepNames). mem is the module's memory
// image, where pclntab names the functions; it returns the number of
// bytes of code removed.
func StripPrints(m *Module, mem []byte) (int, error) {
	return replaceFunctions(m, mem, []string{runtimeStack}, func(name string) bool { return slices.Contains(printOnly, name) }, goReturn())
}

// StripTracer replaces by `unreachable` the body of each of the runtime's
// functions that run only once the execution tracer has started
// (release.go, tracerOnly), in a module that cannot start it: one without
// runtime.StartTrace, StopTrace or ReadTrace, which only runtime/trace
// calls. The tracer is on only from StartTrace on, and every call of
// those functions is behind a check that it is (traceEnabled(), a
// traceLocker's ok()), which TestTracerOnlyRunsOnceStarted proves from
// the runtime's source. It returns the number of bytes of code removed.
func StripTracer(m *Module, mem []byte) (int, error) {
	return replaceFunctions(m, mem, tracerStarts, tracerOnly, unreachableBody)
}

// replaceFunctions gives body, a Go function's (goFuncType), to each
// function of the module that pick names, unless one of the functions
// unless names is linked. A function pick would name that the linker did
// not keep needs nothing.
func replaceFunctions(m *Module, mem []byte, unless []string, pick func(name string) bool, body []byte) (int, error) {
	t, err := findPclntab(mem)
	if err != nil {
		return 0, err
	}
	byName, err := t.functionsByName()
	if err != nil {
		return 0, err
	}
	for _, name := range unless {
		if _, ok := byName[name]; ok {
			return 0, nil
		}
	}
	picked := map[int]bool{}
	for name, idx := range byName {
		picked[idx] = pick(name)
	}
	return replaceBodies(m, func(idx int) bool { return picked[idx] }, body, goFuncType)
}

// tracerOnly reports whether the runtime's function called name (as
// pclntab names it) is one of tracerFuncs or a method of one of
// tracerTypes.
func tracerOnly(name string) bool {
	rest, ok := strings.CutPrefix(name, runtimePrefix)
	if !ok {
		return false
	}
	if slices.Contains(tracerFuncs, rest) {
		return true
	}
	for _, typ := range tracerTypes {
		for _, recv := range []string{typ + ".", "(*" + typ + ")."} {
			if method, ok := strings.CutPrefix(rest, recv); ok && method != tracerGuard {
				return true
			}
		}
	}
	return false
}

// goFuncType is the type of every function Go's compiler writes: it takes
// the resume point (PC_B) and returns whether to unwind to JavaScript.
var goFuncType = []byte{0x60, 1, 0x7f, 1, 0x7f}

// goReturn is the body of a Go function that returns at once, as
// cmd/internal/obj/wasm writes a RET for a function without a frame: it
// pops its return address (SP += 8) and does not unwind (0).
func goReturn() []byte {
	sp := byte(globalIndex("SP")) // the linker imports no global: its index
	return []byte{
		0,        // no locals
		0x23, sp, // global.get SP
		0x41, 8, // i32.const 8
		0x6a,     // i32.add
		0x24, sp, // global.set SP
		0x41, 0, // i32.const 0
		0x0b, // end
	}
}
