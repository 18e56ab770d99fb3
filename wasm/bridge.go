package main

import (
	"fmt"
	"strconv"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

// The operations of the bridge, the first byte of its input. The shim uses
// the lower-case forms of the fast path (core.FastEndpointElide, ...,
// core.FastMergeParse "b": merge() and endpoint() of one input); the general
// path answers them as the upper-case ones, headers in full, and "b" as "M".
const (
	opEndpoint = 'E' // [defaults, route, options] -> request options
	opMerge    = 'M' // [defaults, route, options] -> merged options
	opParse    = 'P' // [0, null, merged]          -> request options
	opDefaults = 'D' // [defaults, null, options]  -> the new merged defaults
)

// Output status, the first byte of the output.
const (
	statusOK    = 'o' // JSON, then optionally "\n" and the patches
	statusError = 'e' // {"code","field","message"}
)

// codeInternal marks a recovered panic: a bug in the engine, never a
// dead runtime (D29).
const codeInternal = "ERR_INTERNAL"

// bridge runs one operation. in is the op byte followed by the JSON array
// [defaults, route, options], where defaults is 0 for the global defaults,
// and where "#<class><index>" tokens stand for host values the shim keeps
// (core.DecodeBridge). The result is appended to out[:0] as a status byte
// and JSON; opaque values in it are written as null and listed after a
// newline as patches, [[index, key, key...], ...], so that the shim can put
// the originals back by reference (D19, D27); bigints are written as
// strings and listed with index -1 (D12). JSON text never holds a raw
// newline, so the first newline ends the result. Op "b" (core.FastMergeParse)
// may add a second such part after "\r", which JSON text never holds either.
//
// Both entries, the //go:wasmexport functions and the js.FuncOf members of
// the global object, call it. It never panics: a panic becomes an error.
func bridge(in, out []byte) []byte {
	if len(in) == 0 {
		return appendError(out, string(core.CodeInvalidArgument), "input", "endpoint: input: empty")
	}
	// The hot path answers the common calls without allocating; it leaves
	// everything else, errors included, to the general path.
	if res, ok := fast.Run(in[0], append(out[:0], statusOK), in[1:]); ok {
		return res
	}
	op := in[0]
	switch {
	case op == core.FastMergeParse:
		op = opMerge // merge() alone, which the shim then parses the ordinary way
	case op >= 'a' && op <= 'z':
		op -= 'a' - 'A' // e, m, p: the general path writes headers in full, as E, M, P
	}
	return general(op, in[1:], out)
}

// fast holds the hot path's buffers. The module is single-threaded; a
// native test that calls bridge from several goroutines would need one each.
var fast core.FastPath

// general runs operation op on args ([defaults, route, options]) through
// the decoder and the core API.
func general(op byte, args []byte, out []byte) (res []byte) {
	out = out[:0]
	defer func() {
		if p := recover(); p != nil {
			res = appendError(out[:0], codeInternal, "", fmt.Sprintf("endpoint: internal error (please report it): %v", p))
		}
	}()
	v, err := core.DecodeBridge(args)
	if err != nil {
		return appendErr(out, err)
	}
	list := v.List()
	if v.Kind() != core.Array || len(list) != 3 {
		return appendError(out, string(core.CodeInvalidArgument), "input", "endpoint: input: not [defaults, route, options]")
	}
	b := core.New()
	if d := list[0]; d.Kind() == core.Object {
		b = core.NewBuilder(d.Obj())
	}
	route := ""
	if r := list[1]; r.Kind() == core.String {
		route = r.Text()
	}
	options := list[2].Obj() // nil for null

	var p patcher
	out = append(out, statusOK)
	switch op {
	case opEndpoint, opParse:
		var r *core.Request
		if op == opEndpoint {
			r, err = b.Endpoint(route, options)
		} else {
			r, err = b.Parse(options)
		}
		if err != nil {
			return appendErr(out[:0], err)
		}
		out = r.AppendJSONOpaque(out, p.record)
	case opMerge, opDefaults:
		var m *core.Obj
		if op == opMerge {
			m, err = b.Merge(route, options)
		} else {
			var nb *core.Builder
			if nb, err = b.Defaults(options); err == nil {
				m = nb.DEFAULTS()
			}
		}
		if err != nil {
			return appendErr(out[:0], err)
		}
		out = core.AppendJSONOpaque(out, core.ObjValue(m), p.record)
	default:
		return appendError(out[:0], string(core.CodeInvalidArgument), "input", "endpoint: input: unknown operation "+strconv.Quote(string(op)))
	}
	return p.appendTo(out)
}

// patcher collects where opaque values go in the output.
type patcher struct {
	buf []byte
}

// record notes a host value (its side-table index) or a bigint (index -1:
// the shim turns the string there into a BigInt).
func (p *patcher) record(path []string, v core.Value) {
	index := -1
	if v.Kind() == core.Opaque {
		ref, _ := v.Ref()
		index, _ = ref.(int)
	}
	if len(p.buf) == 0 {
		p.buf = append(p.buf, "\n["...)
	} else {
		p.buf = append(p.buf, ',')
	}
	p.buf = append(p.buf, '[')
	p.buf = strconv.AppendInt(p.buf, int64(index), 10)
	for _, k := range path {
		p.buf = append(p.buf, ',')
		p.buf = core.AppendJSON(p.buf, core.Str(k))
	}
	p.buf = append(p.buf, ']')
}

func (p *patcher) appendTo(out []byte) []byte {
	if len(p.buf) == 0 {
		return out
	}
	return append(append(out, p.buf...), ']')
}

func appendErr(out []byte, err error) []byte {
	// The engine returns *core.Error itself, never wrapped; a type assertion
	// keeps errors.As, and the reflection it links, out of the module.
	if e, ok := err.(*core.Error); ok {
		return appendError(out, string(e.Code), e.Field, e.Error())
	}
	return appendError(out, codeInternal, "", "endpoint: "+err.Error())
}

func appendError(out []byte, code, field, message string) []byte {
	out = append(out[:0], statusError)
	out = append(out, `{"code":`...)
	out = core.AppendJSON(out, core.Str(code))
	out = append(out, `,"field":`...)
	out = core.AppendJSON(out, core.Str(field))
	out = append(out, `,"message":`...)
	out = core.AppendJSON(out, core.Str(message))
	return append(out, '}')
}
