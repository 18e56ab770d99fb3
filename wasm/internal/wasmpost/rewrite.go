package wasmpost

import "fmt"

// DefaultMinGap is the shortest run of zero bytes that ends a data segment
// unless Options say otherwise. Zeros inside a segment cost a few bits each
// once compressed, a segment's header a few bytes; this is the gap at which
// the brotli-compressed module measured smallest, and a browser fetching
// the module uncompressed gets fewer bytes than with longer gaps.
const DefaultMinGap = 64

// Options say how Rewrite rewrites a module.
type Options struct {
	// KeepLines keeps pclntab's file and line tables, so that tracebacks and
	// runtime.Caller name files and lines: a build for debugging.
	KeepLines bool
	// KeepNames keeps pclntab's function names, so that tracebacks and
	// runtime.FuncForPC name functions, and what else only a traceback
	// prints, inlined calls' frames and arguments (StripFrames), and the
	// code that prints a fatal error's stacks (StripPrints): a build for
	// debugging.
	KeepNames bool
	// MinGap is the shortest run of zero bytes that ends a data segment;
	// 0 means DefaultMinGap.
	MinGap int
}

// Result says what Rewrite changed.
type Result struct {
	SegmentsBefore, SegmentsAfter int
	// Zeroed is the number of bytes of file and line tables emptied.
	Zeroed int
	// NamesZeroed is the number of bytes of function names emptied.
	NamesZeroed int
	// FramesZeroed is the number of bytes of inline trees, arguments'
	// layouts and unsafe points emptied.
	FramesZeroed int
	// PrintsEmptied is the number of bytes of code removed from the
	// functions that only print a stack or the runtime's state (prints.go).
	PrintsEmptied int
	// TracerEmptied is the number of bytes of code removed from the
	// execution tracer, where the module cannot start it (prints.go).
	TracerEmptied int
	// DirectJumps is the number of jumps made direct branches (jumps.go).
	DirectJumps int
}

// Rewrite returns the module wasm rewritten as the package comment says, or
// an error if it is not a module it understands.
func Rewrite(wasm []byte, opt Options) ([]byte, Result, error) {
	var res Result
	m, err := Parse(wasm)
	if err != nil {
		return nil, res, err
	}
	mem, segs, err := initialMemory(m)
	if err != nil {
		return nil, res, err
	}
	// pclntab's layout and the dispatch loops of Go's code are those of one
	// Go release: a module of another is refused.
	_, code := m.section(sectionCode)
	if code || !opt.KeepLines || !opt.KeepNames {
		if err := checkGoVersion(m, GoRelease); err != nil {
			return nil, res, err
		}
	}
	// The runtime's code the module does without (prints.go), found by
	// name: before StripNames.
	if code {
		if res.TracerEmptied, err = StripTracer(m, mem); err != nil {
			return nil, res, fmt.Errorf("code: %w", err)
		}
	}
	if !opt.KeepNames {
		if res.PrintsEmptied, err = StripPrints(m, mem); err != nil {
			return nil, res, fmt.Errorf("code: %w", err)
		}
	}
	if !opt.KeepLines {
		if res.Zeroed, err = StripLines(mem); err != nil {
			return nil, res, fmt.Errorf("pclntab: %w", err)
		}
	}
	if !opt.KeepNames {
		if res.NamesZeroed, err = StripNames(mem); err != nil {
			return nil, res, fmt.Errorf("pclntab: %w", err)
		}
		if res.FramesZeroed, err = StripFrames(mem); err != nil {
			return nil, res, fmt.Errorf("pclntab: %w", err)
		}
	}
	if res.DirectJumps, err = directJumps(m); err != nil {
		return nil, res, err
	}
	res.SegmentsBefore = len(segs)
	if res.SegmentsAfter, err = m.setMemory(mem, opt.MinGap, false); err != nil {
		return nil, res, err
	}
	return m.Bytes(), res, nil
}
